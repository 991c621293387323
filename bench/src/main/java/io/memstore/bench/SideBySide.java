package io.memstore.bench;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The memory half of the side-by-side comparison: reads a memstore:check result (memstore.json of
 * bench/src/side-by-side/side-by-side.yaml) and prints every btree row beside its reference twin (same workload and
 * parameters, other index) with the ratio btree/reference, then the compacted row's live heap over the 1-version
 * row's against its bound in {@link PerformanceTargets}. The speed half is JMH ({@link IndexBenchmark},
 * {@link IngestBenchmark}, ratios by {@link Ratios}); {@link ProcessFigures}' {@code side-by-side} runs both.
 */
final class SideBySide {
    private static final List<Metric> SHOWN = List.of(Metric.INDEX_LIVE_HEAP, Metric.INDEX_BYTES_PER_KEY,
            Metric.PROCESS_RSS, Metric.LOAD_PUTS_PER_SECOND, Metric.GET_OPS_PER_SECOND);

    private SideBySide() {
    }

    static void print(RunResult result, PrintStream out) {
        out.println("side by side, " + result.specName() + " (" + result.rows().size() + " rows)");
        out.printf(Locale.ROOT, "%-28s %-18s %14s %14s %8s%n", "row", "metric", "btree", "reference",
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
                out.printf(Locale.ROOT, "%-28s %-18s %14s %14s %8s%n", label, m.metricName(),
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
            out.printf(Locale.ROOT, "compacted btree live heap / 1-version btree live heap: %.3f %s%n", c / one,
                    PerformanceTargets.load().get("compacted").verdict(c / one));
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
}
