package io.memstore.report;

import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.result.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.Units;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The report's three charts, drawn from a run's rows with the seed's published figures beside them: index memory
 * against N, bytes per key by component, and RSS against the seed's RSS rows. A chart with nothing to draw is
 * empty, and the report says why instead.
 */
public final class ReportCharts {
    static final double MIB = 1024.0 * 1024.0;
    static final List<String> COMPONENTS = List.of("key bytes", "overhead per key (the rest)",
            "per version: versions x (c2 + pointer)", "etcd, whole index (seed)");
    static final List<String> COMPONENT_COLORS = List.of("#56B4E9", "#E69F00", "#009E73", "#999999");
    private static final String BASELINE_COLOR = "#777777";

    private ReportCharts() {
    }

    /**
     * index.liveHeap against keys, one solid line per versions and key size (and per workload or index kind when
     * those vary), with the seed's index rows of the same versions and key size dashed in the same colour.
     */
    public static Optional<Chart> indexMemory(RunResult run) {
        List<RowResult> rows = preferred(unchangedRowsWith(run, Metric.INDEX_LIVE_HEAP),
                r -> r.params().store() == StoreKind.NONE);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        boolean byWorkload = distinct(rows, RowResult::workload) > 1;
        boolean byIndex = distinct(rows, r -> r.params().index()) > 1;
        Map<String, List<RowResult>> groups = new LinkedHashMap<>();
        Map<String, String> colorOf = new LinkedHashMap<>();
        for (RowResult r : rows) {
            RowParams p = r.params();
            String shape = shape(p.versions(), p.keySize());
            colorOf.putIfAbsent(shape, Charts.color(colorOf.size()));
            String name = shape + (byIndex ? ", " + p.index().specName() : "")
                    + (byWorkload ? " (" + r.workload() + ")" : "");
            groups.computeIfAbsent(name, n -> new ArrayList<>()).add(r);
        }
        List<Series> series = new ArrayList<>();
        groups.forEach((name, list) -> {
            RowParams first = list.get(0).params();
            List<Series.Point> points = new ArrayList<>();
            for (RowResult r : list) {
                double heap = r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble();
                points.add(new Series.Point(r.params().keys(), heap / MIB, "N=" + Units.count(r.params().keys())
                        + ", " + Units.mib(heap) + " MiB (" + Units.perKey(heap, r.params().keys()) + " B/key)"));
            }
            series.add(new Series("memstore, " + name, colorOf.get(shape(first.versions(), first.keySize())),
                    Series.Style.SOLID, points));
        });
        colorOf.forEach((shape, color) -> {
            List<Series.Point> points = new ArrayList<>();
            for (SeedBenchmark.IndexRow s : SeedBenchmark.INDEX) {
                if (shape(s.versions(), s.keySize()).equals(shape)) {
                    points.add(new Series.Point(s.keys(), s.bytes() / MIB, "N=" + Units.count(s.keys()) + ", "
                            + s.bytes() / SeedBenchmark.MB + " MB = " + Units.mib(s.bytes()) + " MiB"));
                }
            }
            if (!points.isEmpty()) {
                series.add(new Series("etcd (seed), " + shape, color, Series.Style.DASHED, points));
            }
        });
        String svg = LineChart.svg("Index memory against N", "keys N", ReportCharts::count, "index memory, MiB",
                series);
        return Optional.of(new Chart("Index memory against N", "Solid: memstore's index.liveHeap, the heap the"
                + " index retains after full GCs, one line per versions and key size. Dashed, same colour: etcd's"
                + " published index memory for the same versions and key size (the seed; Go's allocated bytes,"
                + " garbage included; its MB = 10^6 B, drawn in MiB). y: MiB = 1,048,576 B, logarithmic when the values span more than 20 times; x: keys, logarithmic.",
                svg));
    }

    /**
     * Per row, index.liveHeap per key split into the key bytes, the per-version part of the fitted model
     * (versions x (c2 + pointer)) and the rest, the per-key overhead; the seed's whole-index bytes per key of its
     * largest rows of the same shape below them.
     */
    public static Optional<Chart> bytesPerKey(RunResult run) {
        List<RowResult> rows = preferred(unchangedRowsWith(run, Metric.INDEX_LIVE_HEAP),
                r -> r.params().store() == StoreKind.NONE);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        ModelFit model = run.model();
        boolean byIndex = distinct(rows, r -> r.params().index()) > 1;
        List<Bar> bars = new ArrayList<>();
        Set<String> shapes = new LinkedHashSet<>();
        for (RowResult r : rows) {
            RowParams p = r.params();
            shapes.add(shape(p.versions(), p.keySize()));
            double[] parts = components(p, r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble() / p.keys(), model);
            bars.add(new Bar("N=" + Units.count(p.keys()) + ", " + shape(p.versions(), p.keySize())
                    + (byIndex ? ", " + p.index().specName() : ""), List.of(parts[0], parts[1], parts[2], 0.0)));
        }
        for (String shape : shapes) {
            SeedBenchmark.IndexRow largest = null;
            for (SeedBenchmark.IndexRow s : SeedBenchmark.INDEX) {
                if (shape(s.versions(), s.keySize()).equals(shape) && (largest == null || s.keys() > largest.keys())) {
                    largest = s;
                }
            }
            if (largest != null) {
                bars.add(new Bar("etcd N=" + Units.count(largest.keys()) + ", " + shape,
                        List.of(0.0, 0.0, 0.0, (double) largest.bytes() / largest.keys())));
            }
        }
        String pointerNote = model == null ? MemoryModel.DEFAULT_POINTER + " B" : model.pointer() + " B";
        String c2Note = model != null && model.hasC2() ? String.format(Locale.ROOT, "c2 = %.1f B", model.c2())
                : "c2 undetermined, so only the pointer";
        String svg = StackedBarChart.svg("Bytes per key by component", "bytes per key (B)", "B/key", COMPONENTS,
                COMPONENT_COLORS, bars);
        return Optional.of(new Chart("Bytes per key by component", "Each memstore bar is a row's index.liveHeap"
                + " divided by its keys, split into the key's own bytes, the per-version part of the fitted model"
                + " (versions x (c2 + pointer), " + c2Note + ", pointer " + pointerNote + ") and the rest, the"
                + " per-key overhead (c1 and the model's residual). Grey: etcd's whole index per key in the seed's"
                + " largest row of the same shape (MB = 10^6 B).", svg));
    }

    /**
     * process.rss against keys for the rows with a value store (all rows when none has one), one line per
     * versions and value size, with the seed's RSS rows of the same versions and value size dashed in the same
     * colour, and the JVM's RSS before the row built anything dotted.
     */
    public static Optional<Chart> rss(RunResult run) {
        List<RowResult> measured = run.rows().stream().filter(r -> r.metric(Metric.PROCESS_RSS).isPresent()
                && r.params().keys() > 0).toList();
        List<RowResult> rows = preferred(measured, r -> r.params().store() != StoreKind.NONE);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        boolean stored = rows.get(0).params().store() != StoreKind.NONE;
        boolean byWorkload = distinct(rows, RowResult::workload) > 1;
        boolean byKey = distinct(rows, r -> r.params().keySize()) > 1;
        boolean byIndex = distinct(rows, r -> r.params().index()) > 1;
        Map<String, List<RowResult>> groups = new LinkedHashMap<>();
        Map<String, String> colorOf = new LinkedHashMap<>();
        Map<String, Integer> valueSizeOf = new LinkedHashMap<>();
        Map<String, Integer> versionsOf = new LinkedHashMap<>();
        for (RowResult r : rows) {
            RowParams p = r.params();
            String shape = rssShape(p.versions(), stored ? Units.exactBytes(p.valueSize()) + " values" : "index only");
            colorOf.putIfAbsent(shape, Charts.color(colorOf.size()));
            // index-only rows are set beside the seed's 256 B rows, its smaller values
            valueSizeOf.putIfAbsent(shape, stored ? p.valueSize() : 256);
            versionsOf.putIfAbsent(shape, p.versions());
            String name = shape + (byKey ? ", key " + p.keySize() + " B" : "") + (byIndex ? ", "
                    + p.index().specName() : "") + (byWorkload ? " (" + r.workload() + ")" : "");
            groups.computeIfAbsent(name, n -> new ArrayList<>()).add(r);
        }
        List<Series> series = new ArrayList<>();
        groups.forEach((name, list) -> {
            RowParams first = list.get(0).params();
            String shape = rssShape(first.versions(), stored ? Units.exactBytes(first.valueSize()) + " values"
                    : "index only");
            List<Series.Point> points = new ArrayList<>();
            for (RowResult r : list) {
                double rss = r.metric(Metric.PROCESS_RSS).getAsDouble();
                points.add(new Series.Point(r.params().keys(), rss / MIB, "N=" + Units.count(r.params().keys())
                        + ", RSS " + Units.mib(rss) + " MiB"));
            }
            series.add(new Series("memstore, " + name, colorOf.get(shape), Series.Style.SOLID, points));
        });
        colorOf.forEach((shape, color) -> {
            int versions = versionsOf.get(shape);
            List<Series.Point> points = new ArrayList<>();
            String label = null;
            for (SeedBenchmark.RssRow s : SeedBenchmark.RSS) {
                if (s.versions() == versions && s.matchesValueSize(valueSizeOf.get(shape))) {
                    label = s.valueLabel();
                    points.add(new Series.Point(s.keys(), s.bytes() / MIB, "N=" + Units.count(s.keys()) + ", RSS "
                            + s.bytes() / SeedBenchmark.MB + " MB = " + Units.mib(s.bytes()) + " MiB"));
                }
            }
            if (!points.isEmpty()) {
                series.add(new Series("etcd (seed), " + rssShape(versions, label + " values"), color,
                        Series.Style.DASHED, points));
            }
        });
        List<Double> baselines = rows.stream().map(r -> r.metric(Metric.JVM_BASELINE_RSS))
                .filter(o -> o.isPresent()).map(o -> o.getAsDouble()).sorted().toList();
        if (!baselines.isEmpty()) {
            double median = baselines.get(baselines.size() / 2);
            long minKeys = rows.stream().mapToLong(r -> r.params().keys()).min().orElseThrow();
            long maxKeys = rows.stream().mapToLong(r -> r.params().keys()).max().orElseThrow();
            String label = "JVM before building, " + Units.mib(median) + " MiB";
            series.add(new Series("memstore JVM before building (jvm.baselineRss)", BASELINE_COLOR,
                    Series.Style.DOTTED, List.of(new Series.Point(minKeys, median / MIB, label),
                    new Series.Point(maxKeys, median / MIB, label))));
        }
        String svg = LineChart.svg("RSS against etcd's RSS", "keys N", ReportCharts::count, "RSS, MiB", series);
        return Optional.of(new Chart("RSS against etcd's RSS", "Solid: memstore's process.rss, the resident set"
                + " of the forked JVM after the load (VmRSS), " + (stored ? "for the rows with an SQLite value"
                + " store" : "for index-only rows (no row stores values)") + ". Dashed, same colour: the RSS of"
                + " etcd's process in the seed for the same versions and value size (its MB = 10^6 B, drawn in"
                + " MiB). Dotted: the JVM's own RSS before building anything, which a Go process does not carry."
                + " y: MiB = 1,048,576 B, logarithmic when the values span more than 20 times; x: keys, logarithmic.",
                svg));
    }

    /**
     * key bytes, the rest (overhead per key), per version: together exactly {@code perKey}. A part the measured
     * value cannot hold is cut so that no segment is negative.
     */
    static double[] components(RowParams p, double perKey, ModelFit model) {
        int pointer = model == null ? MemoryModel.DEFAULT_POINTER : model.pointer();
        double c2 = model != null && model.hasC2() && model.index() == p.index() ? Math.max(0, model.c2()) : 0;
        double key = Math.min(p.keySize(), Math.max(perKey, 0));
        double perVersion = Math.min(p.versions() * (c2 + pointer), Math.max(perKey - key, 0));
        double rest = Math.max(perKey - key - perVersion, 0);
        return new double[] {key, rest, perVersion};
    }

    /** Rows of the run with the metric, some keys, and no deletes or compaction (their versions are not held). */
    private static List<RowResult> unchangedRowsWith(RunResult run, Metric metric) {
        return run.rows().stream().filter(r -> r.metric(metric).isPresent() && r.params().keys() > 0
                && r.params().deletes() == 0 && !r.params().compact()).toList();
    }

    /** The rows that pass {@code first}, or all rows when none does. */
    private static List<RowResult> preferred(List<RowResult> rows, Predicate<RowResult> first) {
        List<RowResult> chosen = rows.stream().filter(first).toList();
        return chosen.isEmpty() ? rows : chosen;
    }

    private static long distinct(List<RowResult> rows, Function<RowResult, Object> key) {
        return rows.stream().map(key).distinct().count();
    }

    private static String shape(int versions, int keySize) {
        return "versions " + versions + ", key " + keySize + " B";
    }

    private static String rssShape(int versions, String values) {
        return "versions " + versions + ", " + values;
    }

    private static String count(double keys) {
        return Units.count(Math.round(keys));
    }
}
