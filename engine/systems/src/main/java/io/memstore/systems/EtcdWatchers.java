package io.memstore.systems;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Watchers on ranges of an etcd member's key space, each reading every event from the revision after the one
 * they open at, as the API server's watches on its resource prefixes do. They share one gRPC stream (jetcd
 * multiplexes the watchers of a client, as the API server multiplexes its watches over its connection), and
 * the member holds a watcher, its range and its event buffer for each.
 *
 * <p>A watcher that etcd cancels (it fell behind a compaction, or the member dropped it: jetcd reports both as
 * an error), whose stream fails or that is closed is a failure of the row: {@link #await} throws it, naming the
 * watcher.
 */
final class EtcdWatchers implements AutoCloseable {
    private final List<Watch.Watcher> watchers = new ArrayList<>();
    private final AtomicLong events = new AtomicLong();
    private final AtomicReference<String> failure = new AtomicReference<>();

    /**
     * @param starts   each watcher's first key, in key order; each range ends where the next starts, the last
     *                 at the end of the key space
     * @param revision the revision to start at (the member's next)
     */
    EtcdWatchers(Client client, List<byte[]> starts, long revision) {
        Watch watch = client.getWatchClient();
        for (int w = 0; w < starts.size(); w++) {
            byte[] start = starts.get(w).length == 0 ? new byte[] {0} : starts.get(w);
            ByteSequence end = w + 1 < starts.size() ? ByteSequence.from(starts.get(w + 1))
                    : ByteSequence.from(new byte[] {0}); // "\0" as the end: every key from start on
            String name = "watcher " + (w + 1) + " of " + starts.size();
            WatchOption option = WatchOption.builder().withRange(end).withRevision(revision).build();
            watchers.add(watch.watch(ByteSequence.from(start), option, Watch.listener(
                    response -> events.addAndGet(response.getEvents().size()),
                    error -> failure.compareAndSet(null, name + " failed: " + error),
                    () -> failure.compareAndSet(null, name + " was closed by etcd"))));
        }
    }

    /** Events delivered so far, over every watcher. */
    long events() {
        return events.get();
    }

    /**
     * Waits until {@code expected} events were delivered; throws when a watcher failed, or no event arrived for
     * {@code stall} while some were still missing (a watcher fell behind for good).
     */
    long await(long expected, Duration stall, Runnable alive) {
        long last = -1;
        long lastChange = System.nanoTime();
        while (true) {
            String failed = failure.get();
            if (failed != null) {
                throw new IllegalStateException("etcd: " + failed + " (" + events.get() + " of " + expected
                        + " events delivered)");
            }
            long now = events.get();
            if (now >= expected) {
                return now;
            }
            if (now != last) {
                last = now;
                lastChange = System.nanoTime();
            } else if (System.nanoTime() - lastChange > stall.toNanos()) {
                throw new IllegalStateException("etcd: the watchers delivered " + now + " of " + expected
                        + " events and none for " + stall.toSeconds() + " s: a watcher fell behind");
            }
            alive.run();
            try {
                TimeUnit.MILLISECONDS.sleep(EtcdKv.CHECK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("etcd: interrupted while waiting for watch events", e);
            }
        }
    }

    @Override
    public void close() {
        watchers.forEach(Watch.Watcher::close);
        watchers.clear();
    }
}
