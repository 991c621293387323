package io.memstore.store;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The child JVM of {@link ReaderGrowthTest}: for each durability mode named, on a new store file, readers get keys
 * without a pause beside one writer of {@link #VALUE_SIZE} B values, with the store's log limit lowered to the
 * bytes given. Every {@link #SAMPLE_MILLIS} ms it reads this process's RSS ({@code /proc/self/status}); after every
 * put the writer reads the {@code -wal} file's size, and counts a truncation when it is smaller than the time before
 * (SQLite never shrinks the file when it starts the log over in place). One line per mode:
 * <pre>
 *   M mode rss-at-warm-up largest-rss-after largest-wal truncations puts gets stale
 * </pre>
 * Arguments: directory, readers, seconds per mode, warm-up seconds, log limit in bytes, DEFERRED batch bytes, modes.
 */
public final class ReaderGrowthChild {
    static final int VALUE_SIZE = 16 * 1024;
    /** Keys the writer puts, and as many put once before, which every mode reads from SQLite. */
    static final int KEYS = 50;
    static final long SAMPLE_MILLIS = 250;

    private ReaderGrowthChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int readers = Integer.parseInt(args[1]);
        long seconds = Long.parseLong(args[2]);
        long warmup = Long.parseLong(args[3]);
        long limit = Long.parseLong(args[4]);
        long batchBytes = Long.parseLong(args[5]);
        PrintStream out = System.out;
        for (int i = 6; i < args.length; i++) {
            Durability mode = Durability.valueOf(args[i]);
            StoreOptions options = StoreOptions.defaults().durability(mode).readConnections(Math.max(1, readers))
                    .batchBytes(batchBytes);
            out.println(run(dir.resolve(mode + ".db"), options, readers, seconds, warmup, limit));
            out.flush();
        }
    }

    private static String run(Path file, StoreOptions options, int readers, long seconds, long warmup, long limit)
            throws InterruptedException {
        Path wal = SqliteConnections.sideFile(file, "-wal");
        byte[][] keys = new byte[2 * KEYS][];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = ((k < KEYS ? "put-" : "still-") + k).getBytes();
        }
        try (MvccStore store = MvccStore.open(file, options)) {
            store.backend().logLimit(limit);
            AtomicLongArray written = new AtomicLongArray(keys.length);
            for (int k = 0; k < keys.length; k++) {
                written.set(k, store.put(keys[k], new byte[VALUE_SIZE]));
            }
            store.flush();
            AtomicBoolean done = new AtomicBoolean();
            AtomicLong puts = new AtomicLong();
            AtomicLong gets = new AtomicLong();
            AtomicLong stale = new AtomicLong();
            AtomicLong largestWal = new AtomicLong();
            AtomicLong truncations = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            threads.add(new Thread(() -> {
                try {
                    byte[] v = new byte[VALUE_SIZE];
                    long before = size(wal);
                    for (long i = 0; !done.get(); i++) {
                        ByteBuffer.wrap(v).putLong(i);
                        int k = (int) (i % KEYS);
                        written.set(k, store.put(keys[k], v));
                        puts.incrementAndGet();
                        long now = size(wal);
                        largestWal.accumulateAndGet(now, Math::max);
                        if (now < before) {
                            truncations.incrementAndGet();
                        }
                        before = now;
                    }
                } catch (RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                }
            }));
            for (int r = 0; r < readers; r++) {
                threads.add(new Thread(() -> {
                    try {
                        ThreadLocalRandom random = ThreadLocalRandom.current();
                        while (!done.get()) {
                            int k = random.nextInt(keys.length);
                            long before = written.get(k);
                            KeyValue kv = store.get(keys[k]);
                            if (kv == null || kv.modRevision() < before) {
                                stale.incrementAndGet();
                            }
                            gets.incrementAndGet();
                        }
                    } catch (RuntimeException | Error e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            threads.forEach(Thread::start);
            long start = System.nanoTime();
            long warmRss = -1;
            long largestAfter = 0;
            while (failure.get() == null && System.nanoTime() - start < seconds * 1_000_000_000L) {
                Thread.sleep(SAMPLE_MILLIS);
                long rss = rss();
                if (System.nanoTime() - start >= warmup * 1_000_000_000L) {
                    if (warmRss < 0) {
                        warmRss = rss;
                    }
                    largestAfter = Math.max(largestAfter, rss);
                }
            }
            done.set(true);
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a put or get failed", failure.get());
            }
            return String.join(" ", "M", options.durability().name(), Long.toString(warmRss),
                    Long.toString(largestAfter), Long.toString(largestWal.get()), Long.toString(truncations.get()),
                    Long.toString(puts.get()), Long.toString(gets.get()), Long.toString(stale.get()));
        }
    }

    /** This process's resident set in bytes ({@code VmRSS} of {@code /proc/self/status}). */
    static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("/proc/self/status has no VmRSS line");
    }

    private static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0; // removed between the two calls
        }
    }
}
