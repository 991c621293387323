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
 * An etcd plan against rows it was not calibrated on: each held-out row is planned from the calibration rows (a
 * check's results of the calibration workload) as a scenario of its own parameters, and its measured RSS after the
 * load and after the restart are set against the predictions: within {@link #MAX_ERROR} and inside the band.
 */
final class EtcdHeldOut {
    /** The largest relative error a held-out reading may have. */
    static final double MAX_ERROR = 0.15;

    private EtcdHeldOut() {
    }

    /**
     * One reading against its prediction.
     *
     * @param row      the held-out row
     * @param reading  {@code process.rss} or {@code reopen.rss}
     * @param measured the row's reading (B)
     * @param predicted the plan's (B)
     * @param low      the band's low end (B)
     * @param high     the band's high end (B)
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
    }

    /**
     * Plans every held-out etcd row from the calibration rows.
     *
     * @throws IllegalArgumentException when a held-out row is no etcd row, or the calibration rows cannot plan it
     */
    static List<Check> check(List<RowResult> calibration, List<RowResult> heldOut) {
        List<Check> out = new ArrayList<>();
        for (RowResult row : heldOut) {
            RowParams p = row.params();
            if (!p.system().isEtcd()) {
                throw new IllegalArgumentException(row.name() + ": not an etcd row");
            }
            Prediction plan = Planner.predict(new PlanScenario(row.name(), p, null, "held-out"), calibration,
                    "calibration");
            if (row.metric(Metric.PROCESS_RSS).isPresent()) {
                out.add(new Check(row.name(), "process.rss", row.metric(Metric.PROCESS_RSS).getAsDouble(),
                        plan.rss(), plan.rssLow(), plan.rssHigh()));
            }
            if (row.metric(Metric.REOPEN_RSS).isPresent() && plan.model().etcdRestart() != null) {
                out.add(new Check(row.name(), "reopen.rss", row.metric(Metric.REOPEN_RSS).getAsDouble(),
                        plan.restartRss(), plan.restartRssLow(), plan.restartRssHigh()));
            }
        }
        return out;
    }

    /** The checks as a Markdown table, MiB = 1024^2 B. */
    static List<String> markdown(List<Check> checks) {
        List<String> lines = new ArrayList<>();
        lines.add("| row | reading | measured, MiB | predicted, MiB | band, MiB | error | in band | held |");
        lines.add("|---|---|---:|---:|---:|---:|---|---|");
        for (Check c : checks) {
            lines.add(String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %.1f..%.1f | %+.1f %% | %s | %s |",
                    c.row(), c.reading(), c.measured() / (1 << 20), c.predicted() / (1 << 20), c.low() / (1 << 20),
                    c.high() / (1 << 20), c.error() * 100, c.inBand() ? "yes" : "NO", c.held() ? "yes" : "NO"));
        }
        return lines;
    }
}
