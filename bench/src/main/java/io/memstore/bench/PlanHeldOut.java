package io.memstore.bench;

import io.memstore.measure.plan.Planner;
import io.memstore.measure.plan.Prediction;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.RowParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A plan against rows it was not calibrated on: each held-out row is planned from the calibration rows (a check's
 * results) as a scenario of its own parameters, and its measured readings are set against the predictions: within
 * {@link #MAX_ERROR} and inside the band. A JVM row's live heap and RSS are checked; an etcd row's RSS after the load
 * and after the restart. Each row's peak RSS is set against the plan's container limit too. A live heap under
 * {@link #HEAP_SHARE} of the row's RSS growth is not checked: a store that keeps its data off the heap (RocksDB's
 * 40 KiB) has no heap to plan, and its reading is the probe's own noise.
 */
final class PlanHeldOut {
    /** The largest relative error a held-out reading may have. */
    static final double MAX_ERROR = 0.15;
    /** The least share of the row's RSS growth its live heap has for the heap to be checked. */
    static final double HEAP_SHARE = 0.01;

    private PlanHeldOut() {
    }

    /**
     * One reading against its prediction.
     *
     * @param row       the held-out row
     * @param reading   {@code index.liveHeap}, {@code process.rss} or {@code reopen.rss}
     * @param measured  the row's reading (B)
     * @param predicted the plan's (B)
     * @param low       the band's low end (B)
     * @param high      the band's high end (B)
     */
    record Check(String row, String reading, double measured, double predicted, double low, double high) {
        double error() {
            return (predicted - measured) / measured;
        }

        boolean inBand() {
            return measured >= low && measured <= high;
        }

        boolean held() {
            return inBand() && Math.abs(error()) <= MAX_ERROR;
        }

        /** The band's larger distance from the prediction, relative to it. */
        double halfWidth() {
            return Math.max(predicted - low, high - predicted) / predicted;
        }
    }

    /** A held-out row's plan: the checks of its readings, and what the plan recommended against its peak. */
    record Planned(RowResult row, Prediction plan, List<Check> checks) {
        /** The row's peak RSS (B), 0 when not measured. */
        double peak() {
            return Math.max(row.metric(Metric.PROCESS_PEAK_RSS).orElse(0), row.metric(Metric.REOPEN_RSS).orElse(0));
        }

        boolean limitHoldsPeak() {
            return plan.containerLimit() >= peak();
        }
    }

    /**
     * Plans every held-out row from the calibration rows.
     *
     * @throws IllegalArgumentException when the calibration rows cannot plan a held-out row
     */
    static List<Planned> check(List<RowResult> calibration, List<RowResult> heldOut) {
        List<Planned> out = new ArrayList<>();
        for (RowResult row : heldOut) {
            RowParams p = row.params();
            Prediction plan = Planner.predict(new PlanScenario(row.name(), p, null, "held-out"), calibration,
                    "calibration");
            List<Check> checks = new ArrayList<>();
            if (!p.system().isEtcd() && row.metric(Metric.INDEX_LIVE_HEAP).isPresent() && heapMatters(row)) {
                checks.add(new Check(row.name(), "index.liveHeap", row.metric(Metric.INDEX_LIVE_HEAP).getAsDouble(),
                        plan.liveHeap(), plan.liveHeapLow(), plan.liveHeapHigh()));
            }
            if (row.metric(Metric.PROCESS_RSS).isPresent()) {
                checks.add(new Check(row.name(), "process.rss", row.metric(Metric.PROCESS_RSS).getAsDouble(),
                        plan.rss(), plan.rssLow(), plan.rssHigh()));
            }
            if (row.metric(Metric.REOPEN_RSS).isPresent() && plan.model().etcdRestart() != null) {
                checks.add(new Check(row.name(), "reopen.rss", row.metric(Metric.REOPEN_RSS).getAsDouble(),
                        plan.restartRss(), plan.restartRssLow(), plan.restartRssHigh()));
            }
            out.add(new Planned(row, plan, checks));
        }
        return out;
    }

    /** Whether the row's live heap is at least {@link #HEAP_SHARE} of its RSS growth (true without an RSS). */
    private static boolean heapMatters(RowResult row) {
        if (row.metric(Metric.PROCESS_RSS).isEmpty() || row.metric(Metric.JVM_BASELINE_RSS).isEmpty()) {
            return true;
        }
        double growth = row.metric(Metric.PROCESS_RSS).getAsDouble() - row.metric(Metric.JVM_BASELINE_RSS).getAsDouble();
        return row.metric(Metric.INDEX_LIVE_HEAP).getAsDouble() >= HEAP_SHARE * growth;
    }

    /** The checks as a Markdown table, MiB = 1024^2 B, then each row's recommendation against its peak. */
    static List<String> markdown(List<Planned> planned) {
        List<String> lines = new ArrayList<>();
        lines.add("| row | reading | measured, MiB | predicted, MiB | band, MiB | band +- | error | in band | held |");
        lines.add("|---|---|---:|---:|---:|---:|---:|---|---|");
        for (Planned p : planned) {
            for (Check c : p.checks()) {
                lines.add(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f..%.1f | %.1f %% | %+.1f %% | %s"
                                + " | %s |", c.row(), c.reading(), c.measured() / (1 << 20), c.predicted() / (1 << 20),
                        c.low() / (1 << 20), c.high() / (1 << 20), c.halfWidth() * 100, c.error() * 100,
                        c.inBand() ? "yes" : "NO", c.held() ? "yes" : "NO"));
            }
        }
        lines.add("");
        for (Planned p : planned) {
            Prediction plan = p.plan();
            lines.add(String.format(Locale.ROOT, "%s: %s%s, container limit %d MiB; peak RSS measured %.1f MiB: %s",
                    p.row().name(), plan.xmx() == 0 ? "no -Xmx" : "-Xmx" + (plan.xmx() >> 20) + "m",
                    plan.maxDirectMemory() == 0 ? "" : " -XX:MaxDirectMemorySize=" + (plan.maxDirectMemory() >> 20)
                            + "m", plan.containerLimit() >> 20, p.peak() / (1 << 20),
                    p.limitHoldsPeak() ? "the limit holds it" : "ABOVE the limit"));
        }
        return lines;
    }
}
