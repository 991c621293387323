package io.memstore.bench;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The ingest of {@link IngestBenchmark}, store and raw insert alternated in one JVM, with each ingest's wall time and
 * the CPU time of every thread of the process during it: where a DEFERRED ingest's time goes (the writer thread, the
 * flush, the checkpoints, the compilers and the collector) and how it compares with the raw insert's one thread.
 * Alternating in one JVM puts both sides under the same machine from round to round, which separate JMH forks,
 * minutes apart, do not; JMH stays the figure the target is read from.
 *
 * <p>Each ingest is timed as the benchmark times it: from the open until every row is committed, the close untimed
 * and its file deleted afterwards. CPU times come from Linux's {@code /proc/self/task/TID/stat} (user and system
 * time, in clock ticks of 10 ms), summed over threads of the same name, read before and after each ingest; a thread
 * that ends during an ingest is missed, and none of the store's does. The first {@link #WARM_UP_PAIRS} pairs
 * compile the code and are printed but left out of the means.
 */
final class IngestThreads {
    /** Pairs of ingests left out of the means. */
    static final int WARM_UP_PAIRS = 2;
    /** The kernel's clock tick in which /proc reports CPU times: USER_HZ, 100 on Linux. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private IngestThreads() {
    }

    /** CPU time in ns per thread name (digits at the end dropped, so that numbered pools add up). */
    static Map<String, Long> threadCpu(Path tasks) throws IOException {
        Map<String, Long> cpu = new TreeMap<>();
        try (Stream<Path> list = Files.list(tasks)) {
            for (Path task : list.toList()) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException ended) {
                    continue; // the thread ended between the listing and the read
                }
                cpu.merge(threadName(stat), cpuNanos(stat), Long::sum);
            }
        }
        return cpu;
    }

    /**
     * The thread's name in a {@code stat} line (the kernel keeps its first 15 bytes), its trailing digits dropped,
     * then all from its first space: "GC Thread#1" is "GC", "C2 CompilerThre" "C2", "memstore-flush f.db" and
     * "memstore-checkpoint f.db" "memstore-flush" and "memstore-checkp".
     */
    static String threadName(String stat) {
        String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replaceAll("[0-9]+$", "");
        int space = comm.indexOf(' ');
        return space < 0 ? comm : comm.substring(0, space);
    }

    /** User plus system time of a {@code stat} line, in ns: fields 14 and 15, counted after the name's ')'. */
    static long cpuNanos(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * NANOS_PER_TICK;
    }

    /** Runs {@code pairs} store and raw ingests of {@code rows} rows, printing each and the means of the warm ones. */
    static void measure(int rows, int pairs, PrintStream out) throws IOException {
        if (pairs <= WARM_UP_PAIRS) {
            throw new IllegalArgumentException("PAIRS must be above the " + WARM_UP_PAIRS + " warm-up pairs, was "
                    + pairs);
        }
        byte[][] keys = Workload.keys(rows);
        byte[] value = Workload.value();
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            throw new IllegalArgumentException(tasks + " is missing: thread CPU times are read from Linux's /proc");
        }
        Path dir = Files.createTempDirectory("memstore-ingest-threads-");
        Map<String, List<Double>> walls = new LinkedHashMap<>();
        try {
            for (int i = 0; i < 2 * pairs; i++) {
                boolean store = i % 2 == 0;
                String side = store ? "store" : "raw";
                Path file = dir.resolve("ingest-" + i + ".db");
                Map<String, Long> before = threadCpu(tasks);
                long t0 = System.nanoTime();
                AutoCloseable open = store ? storeIngest(file, keys, value) : rawIngest(file, keys, value);
                long wall = System.nanoTime() - t0;
                Map<String, Long> after = threadCpu(tasks);
                close(open, file);
                for (String suffix : new String[] {"", "-wal", "-shm"}) {
                    Files.deleteIfExists(dir.resolve(file.getFileName() + suffix));
                }
                boolean warm = i / 2 >= WARM_UP_PAIRS;
                if (warm) {
                    walls.computeIfAbsent(side, k -> new ArrayList<>()).add(wall / 1e6);
                }
                out.println(line(side, i / 2, warm, wall, before, after));
            }
        } finally {
            // what a failed ingest left too, so that the directory goes and the failure is the one reported
            try (Stream<Path> left = Files.list(dir)) {
                for (Path p : left.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
        double store = mean(walls.get("store"));
        double raw = mean(walls.get("raw"));
        out.printf(Locale.ROOT, "means of %d warm pairs: store %,.0f ms, raw %,.0f ms; store/raw in rows/s %.3f%n",
                pairs - WARM_UP_PAIRS, store, raw, raw / store);
    }

    private static MvccStore storeIngest(Path file, byte[][] keys, byte[] value) {
        MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED));
        for (byte[] key : keys) {
            store.put(key, value);
        }
        store.flush();
        return store;
    }

    private static Connection rawIngest(Path file, byte[][] keys, byte[] value) {
        try {
            return RawSqliteInsert.insert(file, keys, value, StoreOptions.DEFAULT_BATCH_LIMIT);
        } catch (SQLException e) {
            throw new IllegalStateException("raw insert into " + file + " failed: " + e.getMessage(), e);
        }
    }

    private static void close(AutoCloseable open, Path file) throws IOException {
        try {
            open.close();
        } catch (Exception e) {
            throw new IOException("closing " + file + " failed: " + e.getMessage(), e);
        }
    }

    static String line(String side, int pair, boolean warm, long wallNanos, Map<String, Long> before,
                       Map<String, Long> after) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-5s pair %d%s: wall %,d ms; CPU ms", side,
                pair, warm ? "" : " (warm-up)", wallNanos / 1_000_000));
        long total = 0;
        for (Map.Entry<String, Long> e : after.entrySet()) {
            long used = e.getValue() - before.getOrDefault(e.getKey(), 0L);
            if (used > 0) {
                total += used;
                s.append(' ').append(e.getKey()).append('=').append(used / 1_000_000);
            }
        }
        return s.append(" total=").append(total / 1_000_000).toString();
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }
}
