package io.memstore.bench;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.memstore.store.Durability;
import io.memstore.store.KeyValue;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The process's memory and the write-ahead log while readers get keys beside one writer, for {@code ProcessFigures
 * reader-memory}. One thread puts values of {@link #VALUE_SIZE} B over {@link #KEYS} keys without a pause; each of
 * the readers (a thread, with a read connection of its own) gets keys at random without a pause, among those and as
 * many keys put once before the run, whose rows every mode reads from SQLite ({@link Durability#DEFERRED} answers a
 * get of a key put since the last flush from memory). Once a second
 * the command reads this process's resident set from {@code /proc/self/status} (all, anonymous, file-backed,
 * shared memory) and the heap, and the writer looks at the {@code -wal} file's size every 16 puts. RSS growth is
 * the largest RSS after the warm-up less the RSS at its end. A get is stale when it returns a revision older than
 * the one the writer's put of that key had returned before the get began. The store is a fresh file in a
 * temporary directory, deleted afterwards.
 */
final class ReaderMemory {
    static final int KEYS = 100;
    static final int VALUE_SIZE = 16 * 1024;
    private static final int SAMPLE_EVERY = 16;
    private static final long MIB = 1024 * 1024;

    /** The figures at one moment, {@code millis} after the readers started; memory in bytes. */
    record Sample(long millis, Resident resident, long heapUsed, long heapCommitted, long wal, long puts,
            long gets) {
    }

    /** This process's resident set, in bytes, from {@code /proc/self/status}. */
    record Resident(long rss, long anon, long file, long shmem) {
        static Resident read() {
            long rss = 0;
            long anon = 0;
            long file = 0;
            long shmem = 0;
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    if (line.startsWith("VmRSS:")) {
                        rss = kib(line);
                    } else if (line.startsWith("RssAnon:")) {
                        anon = kib(line);
                    } else if (line.startsWith("RssFile:")) {
                        file = kib(line);
                    } else if (line.startsWith("RssShmem:")) {
                        shmem = kib(line);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("reading /proc/self/status (Linux only)", e);
            }
            return new Resident(rss, anon, file, shmem);
        }

        private static long kib(String line) {
            String[] parts = line.trim().split("\\s+");
            return Long.parseLong(parts[1]) * 1024;
        }
    }

    /**
     * A whole run: its samples, the largest log seen, the puts, gets and stale gets, and whether the heap was
     * fixed ({@link #fixedHeap()}).
     */
    record Run(Durability durability, int readers, int warmupSeconds, List<Sample> samples, long largestWal,
            long puts, long gets, long stale, boolean fixedHeap) {
        /** The sample at the end of the warm-up (the first at or after it). */
        Sample warm() {
            return samples.stream().filter(s -> s.millis() >= warmupSeconds * 1000L).findFirst()
                    .orElse(samples.get(samples.size() - 1));
        }

        /** The largest RSS after the warm-up less the RSS at its end, in bytes. */
        long growth() {
            Sample warm = warm();
            long max = samples.stream().filter(s -> s.millis() >= warm.millis())
                    .mapToLong(s -> s.resident().rss()).max().orElseThrow();
            return max - warm.resident().rss();
        }

        long largestRss() {
            return samples.stream().mapToLong(s -> s.resident().rss()).max().orElseThrow();
        }
    }

    private ReaderMemory() {
    }

    /**
     * Runs {@code readers} readers (0: the writer alone) beside the writer for {@code seconds} in {@code durability},
     * printing a line every {@code printEvery} seconds and the summary.
     */
    static Run measure(Durability durability, int readers, int seconds, int warmupSeconds, int printEvery,
            PrintStream out) {
        out.printf(Locale.ROOT, "%s: %d reader%s beside one writer of %,d B values over %d keys (and %d more read), %d s,"
                + " warm-up %d s%n", durability, readers, readers == 1 ? "" : "s", VALUE_SIZE, KEYS, KEYS, seconds,
                warmupSeconds);
        Path dir;
        try {
            dir = Files.createTempDirectory("memstore-reader-memory-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path file = dir.resolve("store.db");
        Path log = dir.resolve("store.db-wal");
        byte[][] keys = new byte[2 * KEYS][];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = String.format(Locale.ROOT, "%s-%03d", k < KEYS ? "key" : "still", k % KEYS)
                    .getBytes(StandardCharsets.US_ASCII);
        }
        StoreOptions options = StoreOptions.defaults().durability(durability).readConnections(Math.max(1, readers));
        try (MvccStore store = MvccStore.open(file, options)) {
            AtomicLongArray written = new AtomicLongArray(keys.length);
            byte[] value = new byte[VALUE_SIZE];
            for (int k = 0; k < keys.length; k++) {
                written.set(k, store.put(keys[k], value));
            }
            store.flush();
            AtomicBoolean done = new AtomicBoolean();
            AtomicLong puts = new AtomicLong();
            AtomicLong gets = new AtomicLong();
            AtomicLong stale = new AtomicLong();
            AtomicLong largestWal = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            threads.add(new Thread(() -> {
                try {
                    byte[] v = new byte[VALUE_SIZE];
                    for (long i = 0; !done.get(); i++) {
                        ByteBuffer.wrap(v).putLong(i);
                        int k = (int) (i % KEYS);
                        written.set(k, store.put(keys[k], v));
                        puts.incrementAndGet();
                        if (i % SAMPLE_EVERY == 0) {
                            largestWal.accumulateAndGet(size(log), Math::max);
                        }
                    }
                } catch (RuntimeException | Error e) { // an OutOfMemoryError too: it ends the run
                    failure.compareAndSet(null, e);
                }
            }, "reader-memory writer"));
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
                }, "reader-memory reader " + r));
            }
            List<Sample> samples = new ArrayList<>();
            long start = System.nanoTime();
            threads.forEach(Thread::start);
            for (int s = 0; s <= seconds && failure.get() == null; s++) {
                long wait = start + s * 1_000_000_000L - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
                Sample sample = new Sample((System.nanoTime() - start) / 1_000_000, Resident.read(), heap.getUsed(),
                        heap.getCommitted(), largestWal.getAndSet(size(log)), puts.get(), gets.get());
                samples.add(sample);
                if (s % printEvery == 0) {
                    out.println(line(sample));
                }
            }
            done.set(true);
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a put or get failed", failure.get());
            }
            long largest = samples.stream().mapToLong(Sample::wal).max().orElse(0);
            Run run = new Run(durability, readers, warmupSeconds, samples, Math.max(largest, largestWal.get()),
                    puts.get(), gets.get(), stale.get(), fixedHeap());
            out.println(summary(run));
            return run;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring", e);
        } finally {
            delete(dir);
        }
    }

    /**
     * Whether the heap is committed to its maximum and was touched at start ({@code -Xms} = {@code -Xmx} and {@code
     * -XX:+AlwaysPreTouch}): then its pages are resident from the start and RSS grows only outside it. Otherwise the
     * collector's growth of the heap, which the garbage of the gets drives, shows in RSS too.
     */
    static boolean fixedHeap() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return heap.getCommitted() == heap.getMax() && "true".equals(vm.getVMOption("AlwaysPreTouch").getValue());
    }

    /** One sample's line; the log's figure is the largest since the sample before. */
    static String line(Sample s) {
        Resident r = s.resident();
        return String.format(Locale.ROOT, "%5.1f s: RSS %.1f MiB (anon %.1f, file %.1f, shmem %.1f), heap %.1f of %.1f"
                + " MiB, -wal %.1f MiB, %,d puts, %,d gets", s.millis() / 1e3, mib(r.rss()), mib(r.anon()),
                mib(r.file()), mib(r.shmem()), mib(s.heapUsed()), mib(s.heapCommitted()), mib(s.wal()), s.puts(),
                s.gets());
    }

    /** The run's figures in two lines: memory, then the log and the operations. */
    static String summary(Run run) {
        Sample warm = run.warm();
        return String.format(Locale.ROOT, "%s, %d readers: RSS %.1f MiB after the %d s warm-up, at most %.1f MiB"
                + " after it (growth %.1f MiB), largest %.1f MiB, %s%n%s, %d readers: largest -wal %.1f MiB;"
                + " %,d puts, %,d gets, %,d stale", run.durability(), run.readers(), mib(warm.resident().rss()),
                run.warmupSeconds(), mib(warm.resident().rss() + run.growth()), mib(run.growth()),
                mib(run.largestRss()), run.fixedHeap() ? "heap fixed" : "heap NOT fixed: its growth counts",
                run.durability(), run.readers(), mib(run.largestWal()), run.puts(), run.gets(), run.stale());
    }

    private static double mib(long bytes) {
        return bytes / (double) MIB;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // between a checkpoint's truncation and the next write
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
