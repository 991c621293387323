package io.memstore.measure.probe;

import java.lang.management.ManagementFactory;

/**
 * HotSpot's pool of freed arena chunks, and the wait for its cleaner: the part of the {@link SettledState settled
 * state} that takes the longest.
 *
 * <p>The JIT compilers and the JVM's own threads allocate native memory in arenas of chunks. A freed chunk of one of
 * the standard sizes goes to a pool for the next arena, and stays resident there until the pool's cleaner empties it:
 * a periodic task on the JVM's watcher thread, due every {@value #CLEANER_PERIOD_MILLIS} ms from the JVM's start
 * (the start its uptime counts from), each run a little after its due time and never before, the delays adding up.
 * After a burst of compilation the pool may hold several MiB, so an RSS read before the next cleaning counts what
 * the compilers did in the last seconds.
 *
 * <p>So {@link #awaitCleaning} waits until the cleaner's next due time by the JVM's uptime, and a margin for its
 * delay ({@link #marginMillis}): half of a period on average, against a whole one and the margin for a fixed wait
 * that holds a cleaning whatever its phase. {@code ArenaChunkPoolTest} checks, with Native Memory Tracking's
 * "Arena Chunk" figure, that the pool has been emptied when the wait ends.
 *
 * <p>Nothing here reads the pool while waiting: a reading (the native memory summary, through the
 * DiagnosticCommand MBean, parsed) runs code the JIT compiles after the compilers went quiet, and it moved a row's
 * RSS by more than its run spread.
 */
final class ArenaChunkPool {
    /** HotSpot's {@code ChunkPoolCleaner} interval: 5,000 ms. */
    static final long CLEANER_PERIOD_MILLIS = 5_000;
    /** The least margin after a due time: 500 ms. */
    static final long MARGIN_MILLIS = 500;

    private ArenaChunkPool() {
    }

    /** How a wait ended. */
    enum Cleaning {
        /** at the cleaner's due time and the margin */
        DUE,
        /** at the caller's deadline, which came first */
        DEADLINE
    }

    /**
     * Waits for the pool's next cleaning, at most until {@code deadlineNanos} ({@link System#nanoTime()}): until the
     * cleaner's next due time by the JVM's uptime and a margin ({@link #marginMillis}).
     */
    static Cleaning awaitCleaning(long deadlineNanos) {
        long uptime = ManagementFactory.getRuntimeMXBean().getUptime();
        long due = nextDue(uptime);
        long until = System.nanoTime() + (due + marginMillis(due) - uptime) * 1_000_000;
        if (until - deadlineNanos >= 0) {
            sleepUntil(deadlineNanos);
            return Cleaning.DEADLINE;
        }
        sleepUntil(until);
        return Cleaning.DUE;
    }

    /** The cleaner's first due time after {@code uptimeMillis}: the next multiple of its period. */
    static long nextDue(long uptimeMillis) {
        return (Math.max(0, uptimeMillis) / CLEANER_PERIOD_MILLIS + 1) * CLEANER_PERIOD_MILLIS;
    }

    /**
     * How long after its due time {@code dueMillis} (uptime) the cleaning is taken to have happened:
     * {@value #MARGIN_MILLIS} ms, as the fixed wait this replaces allowed, and 1 % of the due time for the delays of
     * the runs before it (a few ms each on a quiet machine).
     */
    static long marginMillis(long dueMillis) {
        return MARGIN_MILLIS + dueMillis / 100;
    }

    private static void sleepUntil(long nanos) {
        long left;
        while ((left = nanos - System.nanoTime()) > 0) {
            try {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
