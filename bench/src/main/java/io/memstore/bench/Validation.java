package io.memstore.bench;

import io.memstore.measure.plan.Calibration;
import io.memstore.measure.plan.Planner;
import io.memstore.measure.plan.Prediction;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.run.RowMeasurement;
import io.memstore.measure.run.SpecRunner;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.Units;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Keeps the predictions honest: measures rows at small key counts and at a large one, fits on the small ones
 * only, predicts the large ones and reports the error against their measurement, and whether the measurement fell
 * inside the band the plan printed. {@link ProcessFigures}' {@code validate} runs it (fit at 25K, 50K and 100K keys,
 * predict 1M); the test suite runs a smaller variant. {@link #heldOut} does the same with rows already measured (a
 * check's memstore.json): every row is predicted from the rows of its configuration with at most a quarter of its
 * keys.
 */
final class Validation {
    private Validation() {
    }

    /** One predicted row against its measurement, with the predicted bands. */
    record Check(String row, double measuredHeap, double predictedHeap, double measuredRss,
                        double predictedRss, double heapLow, double heapHigh, double rssLow, double rssHigh) {
        static Check of(RowResult measured, Prediction p) {
            return new Check(measured.name(), measured.metric(Metric.INDEX_LIVE_HEAP).getAsDouble(), p.liveHeap(),
                    measured.metric(Metric.PROCESS_RSS).getAsDouble(), p.rss(), p.liveHeapLow(), p.liveHeapHigh(),
                    p.rssLow(), p.rssHigh());
        }

        public boolean heapInBand() {
            return measuredHeap >= heapLow && measuredHeap <= heapHigh;
        }

        public boolean rssInBand() {
            return measuredRss >= rssLow && measuredRss <= rssHigh;
        }

        public double heapError() {
            return (predictedHeap - measuredHeap) / measuredHeap;
        }

        public double rssError() {
            return (predictedRss - measuredRss) / measuredRss;
        }
    }

    /**
     * @param base      the configuration (its keys and versions are replaced)
     * @param fitKeys   key counts of the rows fitted
     * @param checkKeys key count of the rows predicted
     * @param versions  versions values, each measured at every key count
     */
    static List<Check> run(RowParams base, List<Long> fitKeys, long checkKeys, List<Integer> versions,
                                  SpecRunner runner) {
        List<Row> fit = new ArrayList<>();
        List<Row> check = new ArrayList<>();
        for (int v : versions) {
            for (long n : fitKeys) {
                fit.add(row("fit", base, n, v));
            }
            check.add(row("check", base, checkKeys, v));
        }
        List<Row> all = new ArrayList<>(fit);
        all.addAll(check);
        List<RowResult> measured = runner.run(all).stream().map(RowMeasurement::toRowResult).toList();
        List<RowResult> fitted = measured.subList(0, fit.size());
        List<Check> out = new ArrayList<>();
        for (RowResult r : measured.subList(fit.size(), measured.size())) {
            PlanScenario s = new PlanScenario(r.name(), r.params(), null, "validation");
            out.add(Check.of(r, Planner.predict(s, fitted, "validation")));
        }
        return out;
    }

    /**
     * Every row predicted from the others that measured its configuration ({@link Calibration#matching}) with at
     * most a quarter of its keys; rows that have none, or too few to predict from, are left out.
     */
    static List<Check> heldOut(List<RowResult> rows) {
        return heldOut(rows, new ArrayList<>());
    }

    /** As {@link #heldOut(List)}, adding to {@code refused} why each row that has smaller rows was not predicted. */
    static List<Check> heldOut(List<RowResult> rows, List<String> refused) {
        List<Check> out = new ArrayList<>();
        for (RowResult r : rows) {
            if (r.metric(Metric.PROCESS_RSS).isEmpty() || r.metric(Metric.INDEX_LIVE_HEAP).isEmpty()) {
                continue;
            }
            PlanScenario s = new PlanScenario(r.name(), r.params(), null, "held out");
            List<RowResult> smaller = Calibration.matching(s, rows).stream()
                    .filter(o -> o.params().keys() * 4 <= r.params().keys()).toList();
            String why = smaller.isEmpty() ? null : Calibration.insufficient(s, smaller);
            if (!smaller.isEmpty() && why == null) {
                out.add(Check.of(r, Planner.predict(s, smaller, "held out")));
            } else if (why != null) {
                refused.add(r.name() + ": " + why);
            }
        }
        return out;
    }

    /** The checks as a Markdown table (MB = 10^6 B, as etcd's benchmark writes its tables), then the band coverage. */
    static List<String> markdown(List<Check> checks) {
        List<String> lines = new ArrayList<>();
        lines.add("| row | live heap measured, MB | predicted (band), MB | error | RSS measured, MB | predicted (band),"
                + " MB | error | in band |");
        lines.add("|---|---:|---:|---:|---:|---:|---:|---|");
        for (Check c : checks) {
            lines.add(String.format(Locale.ROOT, "| %s | %.1f | %.1f (%.1f..%.1f) | %+.2f %% | %.1f | %.1f"
                            + " (%.1f..%.1f) | %+.1f %% | heap %s, RSS %s |", c.row(), c.measuredHeap() / 1e6,
                    c.predictedHeap() / 1e6, c.heapLow() / 1e6, c.heapHigh() / 1e6, c.heapError() * 100,
                    c.measuredRss() / 1e6, c.predictedRss() / 1e6, c.rssLow() / 1e6, c.rssHigh() / 1e6,
                    c.rssError() * 100, c.heapInBand() ? "yes" : "NO", c.rssInBand() ? "yes" : "NO"));
        }
        long heap = checks.stream().filter(Check::heapInBand).count();
        long rss = checks.stream().filter(Check::rssInBand).count();
        lines.add("");
        lines.add("Inside the band: heap " + heap + " of " + checks.size() + ", RSS " + rss + " of " + checks.size()
                + ".");
        return lines;
    }

    private static Row row(String what, RowParams b, long keys, int versions) {
        RowParams p = RowParams.builder(what).keys(keys).versions(versions).keySize(b.keySize())
                .valueSize(b.valueSize()).keyPattern(b.keyPattern()).store(b.store()).index(b.index()).seed(b.seed())
                .runs(b.runs()).system(b.system()).snapshotCount(b.snapshotCount()).build();
        return new Row(what + "/keys=" + Units.count(keys) + ",versions=" + versions + ",keySize="
                + Units.compactBytes(b.keySize()) + "," + (b.system() == SystemKind.MEMSTORE ? b.index().specName()
                : b.system().specName()), p);
    }
}
