package io.memstore.systems;

import java.time.Duration;
import java.util.List;

/**
 * Brings etcd members to the same point of their memory's cycle before they are read, so that two runs of one row
 * read the same: etcd's Go runtime collects when its heap has doubled since the last collection, and returns
 * freed pages to the kernel only after a collection has lowered its goal, in the background. Read at an
 * arbitrary moment, a member's RSS holds anything from its live data to the garbage of its last raft-log
 * snapshot (the freed log), depending on when the load ended in the cycle; two runs of a row read up to 15 %
 * apart that way.
 *
 * <p>The settled state: {@value #COLLECTIONS} full collections ({@link EtcdMember#collectGarbage}),
 * {@link #PAUSE} apart (Go's scavenger aims at the heap in use scaled by the drop of its goal, so the second
 * collection, whose goal is that of the live data, releases what the first freed), then a wait until the
 * members' RSS is steady: two readings {@link #PAUSE} apart within {@value #STEADY_BYTES} B, at most
 * {@link #MAX_WAIT}.
 */
final class SettledMembers {
    /** Forced collections per settling. */
    static final int COLLECTIONS = 3;
    /** Between two collections, and between two readings of the RSS. */
    static final Duration PAUSE = Duration.ofSeconds(1);
    /** RSS (summed over the members) that may still move between two readings of a steady state, B. */
    static final long STEADY_BYTES = 1L << 20;
    /** The longest wait for a steady RSS after the collections. */
    static final Duration MAX_WAIT = Duration.ofSeconds(30);

    private SettledMembers() {
    }

    /**
     * Collects every member's garbage and waits until their RSS is steady.
     *
     * @return the time taken
     * @throws IllegalStateException when a member has ended or does not answer
     */
    static Duration settle(List<EtcdMember> members) {
        long start = System.nanoTime();
        for (int i = 0; i < COLLECTIONS; i++) {
            for (EtcdMember m : members) {
                m.collectGarbage();
            }
            pause();
        }
        long last = rss(members);
        long deadline = System.nanoTime() + MAX_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            pause();
            long now = rss(members);
            if (Math.abs(now - last) <= STEADY_BYTES) {
                break;
            }
            last = now;
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static long rss(List<EtcdMember> members) {
        long sum = 0;
        for (EtcdMember m : members) {
            Long rss = m.memory().rss();
            sum += rss == null ? 0 : rss;
        }
        return sum;
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the etcd members settled", e);
        }
    }
}
