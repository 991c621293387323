package io.memstore.measure.result;

import io.memstore.measure.spec.Units;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.MetricUnit;
import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.model.Residual;
import io.memstore.measure.model.Weighting;
import io.memstore.measure.spec.RowField;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;

/**
 * The tables people read, shared by {@link ConsoleTables} and {@link ResultMarkdown}: per workload etcd's benchmark's
 * layout (N | versions | key size | value size | index live heap | allocated | RSS | peak RSS | store file |
 * puts/s | get/s, and for a workload with store or other systems' rows reopen, s | reopen, rev/s, with RSS
 * after reopen for etcd's restarts), the fitted model beside etcd's benchmark's c1 and c2, its residuals, and the
 * budget outcomes. Sizes are MiB with one decimal followed by bytes per key in parentheses; the header says so.
 */
public final class ReportTables {
    static final String SIZE_UNIT = ", MiB (B/key)";

    private static final Metric[] SIZE_COLUMNS = {Metric.INDEX_LIVE_HEAP, Metric.INDEX_ALLOCATED,
            Metric.PROCESS_RSS, Metric.PROCESS_PEAK_RSS, Metric.STORE_FILE_SIZE};
    private static final String[] SIZE_HEADERS = {"index live heap", "allocated", "RSS", "peak RSS", "store file"};

    /**
     * A parameter that gets its own column only when it varies within a workload; otherwise the table's title
     * names its value, unless it is {@code quietDefault} (a store option at its default is left out).
     */
    private record Varying(String header, boolean right, Function<RowParams, String> cell, String quietDefault) {
        Varying(String header, boolean right, Function<RowParams, String> cell) {
            this(header, right, cell, null);
        }
    }

    private static final List<Varying> VARYING = List.of(
            new Varying("system", false, p -> p.system().specName(), SystemKind.MEMSTORE.specName()),
            new Varying("index", false, ifTheirs(RowField.INDEX, p -> p.index().specName())),
            new Varying("store", false, ifTheirs(RowField.STORE, p -> p.store().specName())),
            new Varying("key pattern", false, p -> p.keyPattern().specName()),
            // nothing deleted, nothing compacted: said only when some row of the workload differs
            new Varying("deletes", true, p -> Units.percent(p.deletes()), Units.percent(0)),
            new Varying("compact", false, p -> Boolean.toString(p.compact()), "false"),
            varying("leaf capacity", true, RowField.LEAF_CAPACITY),
            varying("durability", false, RowField.DURABILITY),
            varying("SQLite cache", true, RowField.SQLITE_CACHE),
            varying("read connections", true, RowField.READ_CONNECTIONS),
            varying("batch limit", true, RowField.BATCH_LIMIT),
            varying("batch bytes", true, RowField.BATCH_BYTES),
            varying("batch interval", true, RowField.BATCH_INTERVAL),
            varying("snapshot count", true, RowField.SNAPSHOT_COUNT));

    private static Varying varying(String header, boolean right, RowField field) {
        Function<RowParams, String> cell = p -> field.format(field.get(p));
        return new Varying(header, right, ifTheirs(field, cell), field.builtInDefaultText());
    }

    /** A field's cell: {@value #NOT_THEIRS} in rows of systems that ignore it ({@link SystemKind#ignores}). */
    private static Function<RowParams, String> ifTheirs(RowField field, Function<RowParams, String> cell) {
        return p -> p.system().ignores(field) ? NOT_THEIRS : cell.apply(p);
    }

    /** What a field's cell says in a row of a system that ignores the field. */
    static final String NOT_THEIRS = "n/a";

    private ReportTables() {
    }

    /** One table per workload, in the order workloads first appear. */
    public static List<TextTable> workloads(List<RowResult> rows) {
        Map<String, List<RowResult>> byWorkload = new LinkedHashMap<>();
        for (RowResult row : rows) {
            byWorkload.computeIfAbsent(row.workload(), w -> new ArrayList<>()).add(row);
        }
        List<TextTable> tables = new ArrayList<>();
        byWorkload.forEach((workload, list) -> tables.add(workload(workload, list)));
        return tables;
    }

    private static TextTable workload(String workload, List<RowResult> rows) {
        List<Varying> extra = new ArrayList<>();
        List<String> constant = new ArrayList<>();
        for (Varying v : VARYING) {
            Set<String> values = new LinkedHashSet<>();
            rows.forEach(r -> values.add(v.cell().apply(r.params())));
            values.remove(NOT_THEIRS); // rows of other systems: the field is not theirs, so it does not vary
            if (values.isEmpty()) {
                continue;
            }
            if (values.size() > 1) {
                extra.add(v);
            } else if (!values.iterator().next().equals(v.quietDefault())) {
                constant.add(v.header() + " " + values.iterator().next());
            }
        }
        if (rows.stream().anyMatch(r -> r.params().system() != SystemKind.MEMSTORE)
                && rows.stream().anyMatch(r -> r.params().system() == SystemKind.MEMSTORE)) {
            constant.add("index, store and store options of memstore rows only (" + NOT_THEIRS + " for other"
                    + " systems)");
        }
        if (rows.stream().anyMatch(r -> r.params().system().isEtcd())) {
            constant.add("etcd: RSS of the member (the largest of a cluster), index live heap = Go heap in use");
        }
        TextTable t = new TextTable("workload " + workload + " (" + String.join(", ", constant) + ")");
        t.column("N", true).column("versions", true).column("key size", true).column("value size", true);
        extra.forEach(v -> t.column(v.header(), v.right()));
        for (String h : SIZE_HEADERS) {
            t.column(h + SIZE_UNIT, true);
        }
        t.column("puts/s", true).column("get/s", true);
        // a workload with rows of memstore over SQLite, or of the other systems, also gives the reopen of what
        // each row built (for etcd a restart of the members, with their RSS after it)
        boolean stored = rows.stream().anyMatch(r -> r.params().system() == SystemKind.MEMSTORE
                && r.params().store() == StoreKind.SQLITE || r.metric(Metric.REOPEN_SECONDS).isPresent());
        if (stored) {
            t.column("reopen, s", true).column("reopen, rev/s", true);
        }
        boolean restarted = rows.stream().anyMatch(r -> r.metric(Metric.REOPEN_RSS).isPresent());
        if (restarted) {
            t.column("RSS after reopen, MiB", true);
        }
        boolean members = rows.stream().anyMatch(r -> r.metric(Metric.ETCD_M2_RSS).isPresent());
        if (members) {
            t.column("members' RSS, MiB", true);
        }
        t.keyColumns(4 + extra.size()); // N, versions, key size, value size and the varying parameters
        for (RowResult row : rows) {
            RowParams p = row.params();
            List<String> cells = new ArrayList<>();
            cells.add(Units.count(p.keys()));
            cells.add(Integer.toString(p.versions()));
            cells.add(Units.exactBytes(p.keySize()));
            // Values are not stored by index-only rows, so their value size means nothing.
            cells.add(p.storesValues() ? Units.exactBytes(p.valueSize()) : "-");
            extra.forEach(v -> cells.add(v.cell().apply(p)));
            for (Metric m : SIZE_COLUMNS) {
                // a row without a store file has none to size: "-", as for its value size
                cells.add(m == Metric.STORE_FILE_SIZE && !hasStoreFile(p) ? "-" : size(row.metric(m), p.keys()));
            }
            cells.add(rate(row.metric(Metric.LOAD_PUTS_PER_SECOND)));
            cells.add(rate(row.metric(Metric.GET_OPS_PER_SECOND)));
            if (stored) {
                OptionalDouble reopen = row.metric(Metric.REOPEN_SECONDS);
                cells.add(reopen.isEmpty() ? Units.NA : String.format(Locale.ROOT, "%.2f", reopen.getAsDouble()));
                cells.add(rate(row.metric(Metric.REOPEN_REVISIONS_PER_SECOND)));
            }
            if (restarted) {
                OptionalDouble after = row.metric(Metric.REOPEN_RSS);
                cells.add(after.isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f", after.getAsDouble() / (1 << 20)));
            }
            if (members) {
                cells.add(memberRss(row));
            }
            t.row(cells);
        }
        return t;
    }

    /** Each etcd member's RSS after the load, {@code m1 36.5 / m2 37.0 / m3 36.8}, or "-" for other rows. */
    private static String memberRss(RowResult row) {
        List<String> parts = new ArrayList<>();
        Metric[] members = {Metric.ETCD_M1_RSS, Metric.ETCD_M2_RSS, Metric.ETCD_M3_RSS};
        for (int i = 0; i < members.length; i++) {
            OptionalDouble v = row.metric(members[i]);
            if (v.isPresent()) {
                parts.add("m" + (i + 1) + " " + String.format(Locale.ROOT, "%.1f", v.getAsDouble() / (1 << 20)));
            }
        }
        return parts.isEmpty() ? "-" : String.join(" / ", parts);
    }

    /** The fitted coefficients beside the etcd values that etcd's benchmark published. */
    public static TextTable model(ModelFit fit) {
        TextTable t = new TextTable("memory model N*(c1 + keySize) + N*versions*(c2 + pointer), "
                + fit.index().specName() + " rows");
        t.column("", false).column("memstore (" + fit.index().specName() + ")", true).column("etcd benchmark", true);
        t.row(List.of("c1, B per key", bytes(fit.c1()), Integer.toString(MemoryModel.SEED_C1)));
        t.row(List.of("c2, B per version", bytes(fit.c2()), Integer.toString(MemoryModel.SEED_C2)));
        t.row(List.of("pointer, B", Integer.toString(fit.pointer()), "-"));
        t.row(List.of("relative RMS error", Double.isNaN(fit.relativeRmsError()) ? "undetermined"
                : Units.percent(fit.relativeRmsError()), "-"));
        t.row(List.of("rows fitted", Integer.toString(fit.residuals().size()), "8"));
        t.row(List.of("method", fit.weighting() == Weighting.RELATIVE ? "least squares, weight 1/y^2"
                : "least squares, unweighted", "average of pairwise solutions"));
        return t;
    }

    /** Measured against predicted, per fitted row. */
    public static TextTable residuals(ModelFit fit) {
        TextTable t = new TextTable("model residuals (relative error = (predicted - measured) / measured)");
        t.column("row", false).column("measured, MiB", true).column("predicted, MiB", true)
                .column("relative error", true);
        for (Residual r : fit.residuals()) {
            t.row(List.of(r.row(), Units.mib(r.measured()), Units.mib(r.predicted()), signedPercent(r.relativeError())));
        }
        return t;
    }

    /** One line per budget outcome. */
    static TextTable budgets(List<BudgetOutcome> outcomes) {
        TextTable t = new TextTable("budgets");
        t.column("result", false).column("level", false).column("row", false).column("metric", false)
                .column("actual", true).column("min", true).column("max", true).column("headroom", true)
                .column("message", false);
        for (BudgetOutcome o : outcomes) {
            MetricUnit unit = o.metric().unit();
            t.row(List.of(result(o), o.level().specName(), o.row(), o.metric().metricName(),
                    o.actual() == null ? Units.NA : unit.format(o.actual()),
                    o.min() == null ? "-" : unit.format(o.min()),
                    o.max() == null ? "-" : unit.format(o.max()),
                    o.headroom() == null ? "-" : unit.format(o.headroom()),
                    o.message()));
        }
        return t;
    }

    /** {@code pass}, {@code FAIL} or {@code WARN} as a failed outcome's level decides, or {@code not judged}. */
    public static String result(BudgetOutcome o) {
        return !o.judged() ? "not judged" : o.passed() ? "pass" : o.failsRun() ? "FAIL" : "WARN";
    }

    /**
     * One line per regression outcome: old -> new (delta, %) against the limits, and the run-to-run spread below
     * which a growth counts as noise, a column only when some outcome has a spread above zero.
     */
    public static TextTable regressions(BaselineComparison baseline) {
        TextTable t = new TextTable("against baseline " + baseline.file()
                + (baseline.specName() == null ? "" : " (spec " + baseline.specName() + ")"));
        boolean spread = baseline.outcomes().stream().anyMatch(o -> o.noise() != null && o.noise() > 0);
        t.column("result", false).column("level", false).column("row", false).column("metric", false)
                .column("baseline -> now (delta, %)", false).column("limit", true);
        if (spread) {
            t.column("noise: run spread", true);
        }
        t.column("message", false);
        for (RegressionOutcome o : baseline.outcomes()) {
            List<String> cells = new ArrayList<>(List.of(regressionResult(o), o.level().specName(), o.row(),
                    o.metric().metricName(), o.change(), o.limits()));
            if (spread) {
                cells.add(o.noise() == null ? "-" : o.metric().unit().format(o.noise()));
            }
            cells.add(o.message());
            t.row(cells);
        }
        return t;
    }

    /** {@code pass}, {@code noise} or {@code FAIL}/{@code WARN} as a failed outcome's level decides. */
    static String regressionResult(RegressionOutcome o) {
        if (o.status() == RegressionOutcome.Status.NOISE) {
            return "noise";
        }
        return o.passed() ? "pass" : o.failsRun() ? "FAIL" : "WARN";
    }

    /** {@code 117.3 (123.0)}: MiB and bytes per key, or n/a. */
    static String size(OptionalDouble bytes, long keys) {
        if (bytes.isEmpty()) {
            return Units.NA;
        }
        return Units.mib(bytes.getAsDouble()) + " (" + Units.perKey(bytes.getAsDouble(), keys) + ")";
    }

    /** Whether the row has a store file to size: memstore over SQLite, or another system that reported one. */
    private static boolean hasStoreFile(RowParams p) {
        return p.system() != SystemKind.MEMSTORE || p.store() == StoreKind.SQLITE;
    }

    static String rate(OptionalDouble perSecond) {
        return perSecond.isEmpty() ? Units.NA : Units.whole(perSecond.getAsDouble());
    }

    static String bytes(double v) {
        return Double.isNaN(v) ? "undetermined" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String signedPercent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%+.1f %%", ratio * 100) : Units.NA;
    }
}
