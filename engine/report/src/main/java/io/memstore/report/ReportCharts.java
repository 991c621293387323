package io.memstore.report;

import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.spec.Units;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The report's three charts, drawn from a run's rows: index memory against N, bytes per key by component, and
 * RSS against N. Rows are grouped into series by what varies among them ({@link RowGroups}), so every row of a
 * chart's kind is drawn: compacted, deleted or hierarchical rows get series of their own. The figures
 * etcd's benchmark published are drawn only beside rows of their shape (random keys, no deletes, no compaction, and
 * for the index no values, for RSS the key and value sizes of etcd's benchmark). Captions are written from what was
 * drawn. A chart with nothing to draw is empty, and the report says why instead.
 */
public final class ReportCharts {
    static final double MIB = 1024.0 * 1024.0;
    static final List<String> COMPONENTS = List.of("key bytes", "overhead per key (the rest)",
            "per version: versions x (c2 + pointer)", "etcd benchmark, whole index");
    static final List<String> COMPONENT_COLORS = List.of("#56B4E9", "#E69F00", "#009E73", "#999999");
    private static final String BASELINE_COLOR = "#777777";
    private static final String AXES_UNIT = "y: MiB = 1,048,576 B";

    private ReportCharts() {
    }

    /**
     * index.liveHeap against keys, one solid line per group of rows, with etcd's benchmark's index rows of the same
     * versions and key size dashed in the colour of the first group of that shape.
     */
    public static Optional<Chart> indexMemory(RunResult run) {
        List<RowResult> rows = indexRows(run);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<RowGroups.Group> groups = RowGroups.of(rows, "every row");
        List<Series> series = new ArrayList<>();
        Map<String, String> benchmarkColor = new LinkedHashMap<>();
        for (int i = 0; i < groups.size(); i++) {
            RowGroups.Group g = groups.get(i);
            List<Series.Point> points = new ArrayList<>();
            for (RowResult r : g.rows()) {
                double heap = r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble();
                points.add(new Series.Point(r.params().keys(), heap / MIB, tooltip(r) + ": N="
                        + Units.count(r.params().keys()) + ", " + Units.mib(heap) + " MiB ("
                        + Units.perKey(heap, r.params().keys()) + " B/key)"));
            }
            series.add(new Series(RowGroups.seriesName(g, rows), Charts.color(i), Series.Style.SOLID, points,
                    Charts.marker(i)));
            if (benchmarkIndexShape(g.first())) {
                benchmarkColor.putIfAbsent(shape(g.first().versions(), g.first().keySize()), Charts.color(i));
            }
        }
        benchmarkColor.forEach((shape, color) -> {
            List<Series.Point> points = new ArrayList<>();
            for (EtcdBenchmark.IndexRow s : EtcdBenchmark.INDEX) {
                if (shape(s.versions(), s.keySize()).equals(shape)) {
                    points.add(new Series.Point(s.keys(), s.bytes() / MIB, "N=" + Units.count(s.keys()) + ", "
                            + s.bytes() / EtcdBenchmark.MB + " MB = " + Units.mib(s.bytes()) + " MiB"));
                }
            }
            if (!points.isEmpty()) {
                series.add(new Series("etcd benchmark, " + shape, color, Series.Style.DASHED, points));
            }
        });
        String svg = LineChart.svg("Index memory against N", "keys N", ReportCharts::count, "index memory, MiB",
                series);
        StringBuilder caption = new StringBuilder("Solid: the index.liveHeap of " + systems(rows) + ", the heap"
                + " the index retains"
                + " after full GCs, ").append(linesOf(groups, rows)).append('.');
        caption.append(benchmarkColor.isEmpty()
                ? " etcd's published index memory is not drawn: no row has the shape of its rows (random keys, no"
                + " values, no deletes, no compaction, and a versions and key size that it measured)."
                : " Dashed, in the colour of the first memstore line of the same shape: etcd's published index"
                + " memory for the same versions and key size (etcd's benchmark; Go's allocated bytes, garbage included;"
                + " its MB = 10^6 B, drawn in MiB).");
        caption.append(' ').append(axes(LineChart.scales(series)));
        return Optional.of(new Chart("Index memory against N", caption.toString(), svg));
    }

    /**
     * Per row, index.liveHeap per key split into the key bytes, the per-version part of the fitted model
     * (versions x (c2 + pointer)) and the rest, the per-key overhead; etcd's benchmark's whole-index bytes per key of
     * its largest row of each shape that a row matches below them. Rows with deletes or compaction hold fewer
     * versions than they wrote, so the model's per-version part does not apply to them: their bars are the key
     * bytes and the rest.
     */
    public static Optional<Chart> bytesPerKey(RunResult run) {
        List<RowResult> rows = indexRows(run);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        ModelFit model = run.model();
        boolean byKeys = rows.stream().map(r -> r.params().keys()).distinct().count() > 1;
        List<Bar> bars = new ArrayList<>();
        List<String> benchmarkShapes = new ArrayList<>();
        List<String> cut = new ArrayList<>();
        for (RowGroups.Group g : RowGroups.of(rows, RowGroups.systemLabel(rows.get(0).params()))) {
            for (RowResult r : g.rows()) {
                RowParams p = r.params();
                double perKey = r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble() / p.keys();
                double[] parts = components(p, perKey, model);
                if (perKey < p.keySize()) {
                    cut.add(r.name() + " (" + Units.perKey(perKey * p.keys(), p.keys()) + " B/key, key "
                            + p.keySize() + " B)");
                }
                String label = (byKeys ? "N=" + Units.count(p.keys()) + ", " : "") + g.label();
                bars.add(new Bar(label, List.of(parts[0], parts[1], parts[2], 0.0)));
                String shape = shape(p.versions(), p.keySize());
                if (benchmarkIndexShape(p) && !benchmarkShapes.contains(shape)) {
                    benchmarkShapes.add(shape);
                }
            }
        }
        for (String shape : benchmarkShapes) {
            EtcdBenchmark.IndexRow largest = null;
            for (EtcdBenchmark.IndexRow s : EtcdBenchmark.INDEX) {
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
        String c2Note;
        if (model == null || !model.hasC2()) {
            c2Note = "c2 undetermined, so only the pointer";
        } else if (model.c2() < 0) {
            c2Note = String.format(Locale.ROOT, "c2 = %.1f B, below zero: a version costs less than the pointer, as"
                    + " the index packs revisions; c2 + pointer = %.1f B", model.c2(), model.c2() + model.pointer());
        } else {
            c2Note = String.format(Locale.ROOT, "c2 = %.1f B, c2 + pointer = %.1f B", model.c2(),
                    model.c2() + model.pointer());
        }
        // only the parts some row has: a part that is 0 in every bar is neither drawn nor in the legend
        List<String> components = new ArrayList<>();
        List<String> colors = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        for (int c = 0; c < COMPONENTS.size(); c++) {
            int part = c;
            if (bars.stream().anyMatch(b -> b.segments().get(part) > 0)) {
                kept.add(c);
                components.add(COMPONENTS.get(c));
                colors.add(COMPONENT_COLORS.get(c));
            }
        }
        List<Bar> drawn = bars.stream().map(b -> new Bar(b.label(), kept.stream().map(b.segments()::get).toList()))
                .toList();
        String svg = StackedBarChart.svg("Bytes per key by component", "bytes per key (B)", "B/key", components,
                colors, drawn);
        StringBuilder caption = new StringBuilder("Each bar of " + systems(rows) + " is a row's index.liveHeap"
                + " divided by its keys, split into the key's own bytes, ");
        caption.append(kept.contains(2) ? "the per-version part of the fitted model (versions x (c2 + pointer), "
                + c2Note + ", pointer " + pointerNote + ") and the rest, the per-key overhead (c1 and the model's"
                + " residual)." : "and the rest, the per-key overhead; no row has a per-version part of the fitted"
                + " model (versions x (c2 + pointer), " + c2Note + ", pointer " + pointerNote + "), so none is drawn.");
        if (rows.stream().anyMatch(r -> changed(r.params()))) {
            caption.append(" Rows with deletes or compaction no longer hold every version they wrote: their bars"
                    + " are the key bytes and the rest.");
        }
        if (model != null && model.c1() < 0) {
            caption.append(String.format(Locale.ROOT, " The model's c1 is %.1f B, below zero: a key costs the index"
                    + " less than its own bytes, as when keys share prefixes the index stores once.", model.c1()));
        }
        if (!cut.isEmpty()) {
            caption.append(" Cut: the index holds less than the key's own bytes per key in ")
                    .append(String.join(", ", cut)).append(", so those bars are all key bytes, as long as the"
                            + " measured value.");
        }
        caption.append(benchmarkShapes.isEmpty() ? " No row has the shape of etcd's index rows, so no etcd bar is drawn."
                : " Grey: etcd's whole index per key in the largest row of etcd's benchmark of each shape a row has (MB = 10^6"
                + " B).");
        return Optional.of(new Chart("Bytes per key by component", caption.toString(), svg));
    }

    /**
     * process.rss against keys for the rows with a value store (all rows when none has one), one line per group
     * of rows, with etcd's benchmark's RSS rows of the same versions and value size dashed in the colour of the first
     * group of that shape, and the JVM's RSS before the row built anything dotted.
     */
    public static Optional<Chart> rss(RunResult run) {
        List<RowResult> measured = run.rows().stream().filter(r -> r.metric(Metric.PROCESS_RSS).isPresent()
                && r.params().keys() > 0).toList();
        List<RowResult> rows = preferred(measured, r -> r.params().store() != StoreKind.NONE);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<RowGroups.Group> groups = RowGroups.of(rows, "every row");
        List<Series> series = new ArrayList<>();
        Map<List<Integer>, String> benchmarkColor = new LinkedHashMap<>();
        for (int i = 0; i < groups.size(); i++) {
            RowGroups.Group g = groups.get(i);
            List<Series.Point> points = new ArrayList<>();
            for (RowResult r : g.rows()) {
                double rss = r.metric(Metric.PROCESS_RSS).getAsDouble();
                points.add(new Series.Point(r.params().keys(), rss / MIB, tooltip(r) + ": N="
                        + Units.count(r.params().keys()) + ", RSS " + Units.mib(rss) + " MiB"));
            }
            series.add(new Series(RowGroups.seriesName(g, rows), Charts.color(i), Series.Style.SOLID, points,
                    Charts.marker(i)));
            RowParams p = g.first();
            if (benchmarkRssShape(p)) {
                benchmarkColor.putIfAbsent(List.of(p.versions(), p.valueSize()), Charts.color(i));
            }
        }
        benchmarkColor.forEach((shape, color) -> {
            List<Series.Point> points = new ArrayList<>();
            String label = null;
            for (EtcdBenchmark.RssRow s : EtcdBenchmark.RSS) {
                if (s.versions() == shape.get(0) && s.matchesValueSize(shape.get(1))) {
                    label = s.valueLabel();
                    points.add(new Series.Point(s.keys(), s.bytes() / MIB, "N=" + Units.count(s.keys()) + ", RSS "
                            + s.bytes() / EtcdBenchmark.MB + " MB = " + Units.mib(s.bytes()) + " MiB"));
                }
            }
            if (!points.isEmpty()) {
                series.add(new Series("etcd benchmark, versions " + shape.get(0) + ", " + label + " values", color,
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
        boolean stored = rows.get(0).params().store() != StoreKind.NONE;
        String svg = LineChart.svg("RSS against N", "keys N", ReportCharts::count, "RSS, MiB", series);
        StringBuilder caption = new StringBuilder("Solid: the process.rss of " + systems(rows) + ", the resident"
                + " set of the forked"
                + " JVM after the load (VmRSS), " + (stored ? "of the rows with an SQLite value store, "
                : "of index-only rows (no row stores values), ")).append(linesOf(groups, rows)).append('.');
        caption.append(benchmarkColor.isEmpty()
                ? " etcd's published RSS is not drawn: no row has the shape of its rows (an SQLite value store,"
                + " random 64 B keys, 256 B or 1 KB values, no deletes, no compaction)."
                : " Dashed, in the colour of the first memstore line of the same shape: the RSS of etcd's process"
                + " in etcd's benchmark for the same versions and value size (its MB = 10^6 B, drawn in MiB).");
        if (!baselines.isEmpty()) {
            caption.append(" Dotted: the JVM's own RSS before building anything, which a Go process does not"
                    + " carry.");
        }
        caption.append(' ').append(axes(LineChart.scales(series)));
        return Optional.of(new Chart("RSS against N", caption.toString(), svg));
    }

    /**
     * key bytes, the rest (overhead per key: c1 and the fit's residual), per version (versions x (c2 + pointer),
     * with c2 as fitted, below zero too): together exactly {@code perKey}. A part the measured value cannot hold is
     * cut so that no segment is negative. Without a model (or for another index than the
     * model's) only the pointer counts per version; a row with deletes or compaction has no per-version part.
     */
    static double[] components(RowParams p, double perKey, ModelFit model) {
        // the model's versions are memstore's revisions (or those of the system the model was fitted to): another
        // system's row keeps what it keeps, and has no per-version part of this model
        boolean modelled = p.system() == SystemKind.MEMSTORE
                || model != null && model.index().specName().equals(p.system().specName());
        boolean perVersionApplies = !changed(p) && modelled;
        int pointer = model == null ? MemoryModel.DEFAULT_POINTER : model.pointer();
        // c2 as fitted, below zero too: the B-tree packs revisions, so a version may cost less than the pointer
        double c2 = model != null && model.hasC2() && model.index() == p.index() ? model.c2() : 0;
        double key = Math.min(p.keySize(), Math.max(perKey, 0));
        double perVersion = perVersionApplies
                ? Math.min(Math.max(p.versions() * (c2 + pointer), 0), Math.max(perKey - key, 0)) : 0;
        double rest = Math.max(perKey - key - perVersion, 0);
        return new double[] {key, rest, perVersion};
    }

    /** Rows with a live heap and keys, preferring those without values (index-only rows) when there are any. */
    private static List<RowResult> indexRows(RunResult run) {
        return preferred(run.rows().stream().filter(r -> r.metric(Metric.INDEX_LIVE_HEAP).isPresent()
                && r.params().keys() > 0).toList(), r -> r.params().store() == StoreKind.NONE);
    }

    /** Deletes or compaction: the row no longer holds every version it wrote. */
    private static boolean changed(RowParams p) {
        return p.deletes() > 0 || p.compact();
    }

    /** The shape of etcd's benchmark's index rows: random keys, no values, nothing deleted or compacted. */
    private static boolean benchmarkIndexShape(RowParams p) {
        return !p.system().isClass() && p.store() == StoreKind.NONE && p.keyPattern() == KeyPattern.RANDOM
                && !changed(p);
    }

    /** The shape of etcd's benchmark's RSS rows: values in SQLite, random 64 B keys, nothing deleted or compacted. */
    private static boolean benchmarkRssShape(RowParams p) {
        return !p.system().isClass() && p.store() != StoreKind.NONE && p.keyPattern() == KeyPattern.RANDOM
                && p.keySize() == 64
                && !changed(p);
    }

    /** "one line per versions and workload (every row: key 64 B, ...)", or "one line (...)" for one group. */
    private static String linesOf(List<RowGroups.Group> groups, List<RowResult> rows) {
        List<String> varying = RowGroups.named(rows).stream().map(RowGroups.Dimension::name)
                .collect(Collectors.toList());
        String shared = RowGroups.shared(rows);
        String per = varying.size() <= 1 ? String.join("", varying)
                : String.join(", ", varying.subList(0, varying.size() - 1)) + " and " + varying.get(varying.size() - 1);
        return (varying.isEmpty() ? "one line" : "one line per " + per)
                + " (" + groups.size() + (groups.size() == 1 ? " line" : " lines") + ", " + rows.size()
                + (rows.size() == 1 ? " row" : " rows") + (shared.isEmpty() ? "" : "; every row: " + shared) + ")";
    }

    private static String axes(LineChart.Scales scales) {
        return AXES_UNIT + (scales.yLogarithmic() ? ", logarithmic" : ", linear from 0") + "; x: keys"
                + (scales.xLogarithmic() ? ", logarithmic." : ", linear from 0.");
    }

    /** The rows that pass {@code first}, or all rows when none does. */
    private static List<RowResult> preferred(List<RowResult> rows, Predicate<RowResult> first) {
        List<RowResult> chosen = rows.stream().filter(first).toList();
        return chosen.isEmpty() ? rows : chosen;
    }

    /** {@code memstore's rows}, {@code the rows of memstore and KeyCopyingMapStore}: the systems drawn. */
    static String systems(List<RowResult> rows) {
        List<String> names = rows.stream().map(r -> RowGroups.systemLabel(r.params())).distinct().toList();
        return names.size() == 1 ? names.get(0) + "'s rows" : "the rows of " + String.join(", ",
                names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** A marker's tooltip names its row, so a reader (and a test) finds every row in the charts. */
    private static String tooltip(RowResult r) {
        return "row " + r.name();
    }

    private static String shape(int versions, int keySize) {
        return "versions " + versions + ", key " + keySize + " B";
    }

    private static String count(double keys) {
        return Units.count(Math.round(keys));
    }
}
