package io.memstore.engine.bench;

import io.memstore.engine.mvcc.Durability;
import io.memstore.engine.mvcc.IndexSpeedMain;
import io.memstore.engine.mvcc.MvccStore;
import io.memstore.engine.mvcc.StoreOptions;
import io.memstore.engine.result.ResultJson;
import io.memstore.engine.result.RowResult;
import io.memstore.engine.result.RunResult;
import io.memstore.engine.spec.IndexKind;
import io.memstore.engine.spec.Metric;
import io.memstore.engine.spec.RowParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Prints issue 5's side-by-side figures in one JVM run (a tool, not a unit test):
 * <ol>
 *   <li>from a memstore:check result (memstore.json of engine/src/bench/side-by-side.yaml): every btree row beside
 *       its reference twin (same workload and parameters, other index) and the ratios btree/reference, plus
 *       the compacted row against the 1-version row;</li>
 *   <li>ingest: MvccStore puts (DEFERRED) against {@link RawSqliteInsert} of the same rows, alternating, in this
 *       JVM;</li>
 *   <li>put/get throughput of BTreeIndex against ReferenceIndex on the same keys ({@link IndexSpeedMain}: CPU
 *       time, median of rounds, the first round warming the JIT).</li>
 * </ol>
 * Arguments: memstore.json (or {@code -} to skip part 1) [ingest rows (1000000), 0 skips part 2] [speed keys
 * (1000000), 0 skips part 3] [speed versions (1)] [speed rounds (3)]. The command is engine/src/bench/side-by-side.sh.
 */
public final class SideBySide {
    private static final List<Metric> SHOWN = List.of(Metric.INDEX_LIVE_HEAP, Metric.INDEX_BYTES_PER_KEY,
            Metric.PROCESS_RSS, Metric.LOAD_PUTS_PER_SECOND, Metric.GET_OPS_PER_SECOND);

    private SideBySide() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: SideBySide <memstore.json|-> [ingestRows] [speedKeys] [speedVersions]"
                    + " [speedRounds]");
            System.exit(2);
        }
        int ingestRows = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        int speedKeys = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
        int speedVersions = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        int speedRounds = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        if (!args[0].equals("-")) {
            printRows(ResultJson.read(Path.of(args[0])));
        }
        if (ingestRows > 0) {
            printIngest(ingestRows);
        }
        if (speedKeys > 0) {
            System.out.println();
            System.out.println("index put/get, same keys, one JVM (IndexSpeedMain):");
            IndexSpeedMain.main(new String[] {Integer.toString(speedKeys), Integer.toString(speedVersions), "random",
                    Integer.toString(speedRounds)});
        }
    }

    private static void printRows(RunResult result) {
        System.out.println("side by side, " + result.specName() + " (" + result.rows().size() + " rows)");
        System.out.printf(Locale.ROOT, "%-28s %-18s %14s %14s %8s%n", "row", "metric", "btree", "reference",
                "ratio");
        RowResult random1 = null;
        RowResult compacted = null;
        for (RowResult b : result.rows()) {
            if (b.params().index() != IndexKind.BTREE) {
                continue;
            }
            RowResult r = twin(result, b);
            String label = b.workload() + " x" + b.params().versions();
            for (Metric m : SHOWN) {
                OptionalDouble bv = b.metric(m);
                OptionalDouble rv = r == null ? OptionalDouble.empty() : r.metric(m);
                if (bv.isEmpty()) {
                    continue;
                }
                System.out.printf(Locale.ROOT, "%-28s %-18s %14s %14s %8s%n", label, m.metricName(),
                        format(m, bv.getAsDouble()), rv.isPresent() ? format(m, rv.getAsDouble()) : "-",
                        rv.isPresent() && rv.getAsDouble() != 0
                                ? String.format(Locale.ROOT, "%.3f", bv.getAsDouble() / rv.getAsDouble()) : "-");
            }
            if (b.workload().equals("random") && b.params().versions() == 1) {
                random1 = b;
            }
            if (b.params().compact()) {
                compacted = b;
            }
        }
        if (random1 != null && compacted != null) {
            double c = compacted.metric(Metric.INDEX_LIVE_HEAP).orElse(Double.NaN);
            double one = random1.metric(Metric.INDEX_LIVE_HEAP).orElse(Double.NaN);
            System.out.printf(Locale.ROOT, "compacted btree live heap / 1-version btree live heap: %.3f"
                    + " (target <= 1.05)%n", c / one);
        }
    }

    /** The row with the same parameters and the reference index, or null. */
    private static RowResult twin(RunResult result, RowResult btree) {
        RowParams p = btree.params();
        for (RowResult r : result.rows()) {
            RowParams q = r.params();
            if (q.index() == IndexKind.REFERENCE && Objects.equals(r.workload(), btree.workload())
                    && q.keys() == p.keys() && q.versions() == p.versions() && q.keySize() == p.keySize()
                    && q.valueSize() == p.valueSize() && q.keyPattern() == p.keyPattern() && q.store() == p.store()
                    && q.compact() == p.compact() && q.deletes() == p.deletes() && q.seed() == p.seed()) {
                return r;
            }
        }
        return null;
    }

    private static String format(Metric m, double v) {
        return switch (m.unit()) {
            case BYTES -> v >= 1 << 20 ? String.format(Locale.ROOT, "%.1f MiB", v / (1 << 20))
                    : v >= 1 << 10 ? String.format(Locale.ROOT, "%.1f KiB", v / (1 << 10))
                    : String.format(Locale.ROOT, "%.1f B", v);
            default -> String.format(Locale.ROOT, "%.0f/s", v);
        };
    }

    /**
     * Three alternating rounds each of the store and the raw insert, 64 B random keys, 256 B values, one put per
     * revision; the median rate of each. The store's time runs from open to close (close flushes the last batch).
     */
    private static void printIngest(int rows) throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        byte[][] keys = new byte[rows][64];
        for (byte[] k : keys) {
            random.nextBytes(k);
        }
        byte[] value = new byte[256];
        random.nextBytes(value);
        Path dir = Files.createTempDirectory("side-by-side");
        List<Double> store = new ArrayList<>();
        List<Double> raw = new ArrayList<>();
        try {
            for (int round = 0; round < 3; round++) {
                for (int k = 0; k < 2; k++) {
                    boolean storeFirst = (round + k) % 2 == 0;
                    Path file = dir.resolve("r" + round + (storeFirst ? "-store.db" : "-raw.db"));
                    System.gc();
                    if (storeFirst) {
                        long t0 = System.nanoTime();
                        try (MvccStore s = MvccStore.open(file,
                                StoreOptions.defaults().durability(Durability.DEFERRED))) {
                            for (byte[] key : keys) {
                                s.put(key, value);
                            }
                        }
                        store.add(rows / ((System.nanoTime() - t0) / 1e9));
                    } else {
                        long ns = RawSqliteInsert.insert(file, keys, value, StoreOptions.DEFAULT_BATCH_LIMIT);
                        raw.add(rows / (ns / 1e9));
                    }
                    deleteAll(dir);
                }
            }
        } finally {
            deleteAll(dir);
            Files.deleteIfExists(dir);
        }
        double s = median(store);
        double r = median(raw);
        System.out.println();
        System.out.printf(Locale.ROOT, "ingest, %d rows x (64 B key + 256 B value), median of 3 alternating rounds:%n"
                        + "  MvccStore.put (DEFERRED)   %,.0f puts/s%n"
                        + "  raw batched SQLite insert  %,.0f rows/s%n"
                        + "  store / raw                %.3f (target >= 0.8)%n", rows, s, r, s / r);
    }

    private static void deleteAll(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        v.sort(Comparator.naturalOrder());
        return v.get(v.size() / 2);
    }
}
