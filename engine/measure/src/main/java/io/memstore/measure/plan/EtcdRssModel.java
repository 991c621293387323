package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;

import java.util.List;

/**
 * An etcd member's resident set, after a load or right after a restart, fitted on its own RSS rather than through
 * its Go heap:
 * <pre>
 *   rss = idle member + above(N, R)
 *   above(N, R) = c0 + N*(c1 + keySize) + H*c2 + R*cr + D*cd + W*cw + L*cl   (HeapModel form, fitted to rss - idle)
 * </pre>
 * with H the revisions the history keeps and D those its compactions removed ({@link EtcdHistory}), R the raft
 * entries in memory ({@link EtcdRaftLog}),
 * W the watchers and L the leases. The Go heap in use is a poor base for the RSS: it counts garbage that the next
 * collection frees, so two rows of the same keys read up to 15 % apart, while their RSS agrees within a few
 * percent.
 *
 * <p><b>After a load that crossed a snapshot</b> the member has dropped most of its raft log, but the Go runtime
 * keeps the freed pages resident until its scavenger returns them, over minutes, and meanwhile reuses them. Its
 * RSS then lies between {@code above(N, R)} with the entries it holds now (the freed pages returned) and
 * {@code above(N, Rpeak)} with the most it ever held; the band runs from the first to the second, each widened by
 * the uncertainty, and the prediction is the first: the probe reads the member after it settled, and members
 * that crossed a snapshot read there. <b>After a restart</b> ({@link #restart}) the member is a
 * new process: it holds the entries its write-ahead log has after its last snapshot
 * ({@link EtcdRaftLog#entriesAfterRestart}) and the pages of its db its index restore touched, and no watchers;
 * one R, a band symmetric around the prediction.
 *
 * <p>The uncertainty holds the rows' run-to-run spread as the fit carries it to the scenario, not only the fit's
 * residuals: {@code u = max(3 %, 3 x fit RMS + s x max(1, leverage / above))}, with {@code s} the largest spread
 * between the runs of a fitted row relative to its reading above idle, and the leverage
 * ({@link HeapModel#leverage}) how far a relative error of one in every row moves the prediction. A fit through
 * as many distinct rows as it has coefficients has no residual; the spread of its rows, carried three times
 * beyond them, is then the band.
 *
 * @param fit          the fitted form, over RSS above the idle member (B)
 * @param baselineRss  median idle member RSS of the rows, jvm.baselineRss (B)
 * @param baselineLow  smallest (B)
 * @param baselineHigh largest (B)
 * @param uncertainty  relative half-width at the scenario it was fitted for
 * @param spread       the largest relative run spread of the rows above idle ({@code s})
 * @param restart      true for the model of the RSS right after a restart (reopen.rss)
 */
public record EtcdRssModel(HeapModel fit, double baselineRss, double baselineLow, double baselineHigh,
                           double uncertainty, double spread, boolean restart) {
    /** Rows usable for the after-load fit: RSS and idle RSS measured, RSS above the idle member. */
    static double aboveIdle(RowResult r) {
        return above(r, Metric.PROCESS_RSS);
    }

    /** The same for the RSS right after the restart. */
    static double restartAboveIdle(RowResult r) {
        return above(r, Metric.REOPEN_RSS);
    }

    private static double above(RowResult r, Metric m) {
        if (r.metric(m).isEmpty() || r.metric(Metric.JVM_BASELINE_RSS).isEmpty()) {
            return 0;
        }
        return r.metric(m).getAsDouble() - r.metric(Metric.JVM_BASELINE_RSS).getAsDouble();
    }

    /**
     * The RSS after the load, fitted for scenario {@code s}.
     *
     * @throws IllegalArgumentException when no row has its RSS and idle RSS
     */
    public static EtcdRssModel fit(Layout layout, List<RowResult> rows, RowParams s) {
        HeapModel fit = HeapModel.fit(layout, rows, EtcdRssModel::aboveIdle, "process.rss above jvm.baselineRss",
                HeapModel::raftShare, true);
        return of(fit, rows, s, Metric.PROCESS_RSS, false);
    }

    /** True when some row measured the RSS after a restart. */
    public static boolean canFitRestart(List<RowResult> rows) {
        return rows.stream().anyMatch(r -> restartAboveIdle(r) > 0);
    }

    /**
     * The RSS right after a restart, fitted for scenario {@code s} on the rows' reopen.rss.
     *
     * @throws IllegalArgumentException when no row has its reopen.rss and idle RSS
     */
    public static EtcdRssModel fitRestart(Layout layout, List<RowResult> rows, RowParams s) {
        HeapModel fit = HeapModel.fit(layout, rows, EtcdRssModel::restartAboveIdle, "reopen.rss above"
                + " jvm.baselineRss", p -> (double) EtcdRaftLog.entriesAfterRestart(p) / p.keys(), true, false);
        return of(fit, rows, s, Metric.REOPEN_RSS, true);
    }

    private static EtcdRssModel of(HeapModel fit, List<RowResult> rows, RowParams s, Metric metric, boolean restart) {
        double spread = 0;
        List<RowResult> used = rows.stream().filter(r -> above(r, metric) > 0).toList();
        for (RowResult r : used) {
            spread = Math.max(spread, r.spreadOf(metric).orElse(0) / above(r, metric));
        }
        double[] baselines = used.stream().mapToDouble(r -> r.metric(Metric.JVM_BASELINE_RSS).getAsDouble())
                .sorted().toArray();
        double median = baselines.length % 2 == 1 ? baselines[baselines.length / 2]
                : (baselines[baselines.length / 2 - 1] + baselines[baselines.length / 2]) / 2;
        EtcdRssModel partial = new EtcdRssModel(fit, median, baselines[0], baselines[baselines.length - 1], 0,
                spread, restart);
        double above = restart ? partial.afterRestart(s) : partial.returned(s);
        long entries = restart ? EtcdRaftLog.entriesAfterRestart(s) : EtcdRaftLog.entriesInMemory(s);
        double carried = above > 0 ? Math.max(1, fit.leverage(s, entries) / above) : 1;
        double fitError = Double.isNaN(fit.relativeRmsError()) ? 0 : fit.relativeRmsError();
        double u = Math.max(PlanRules.MIN_HEAP_UNCERTAINTY, 3 * fitError + spread * carried);
        return new EtcdRssModel(fit, median, baselines[0], baselines[baselines.length - 1], u, spread, restart);
    }

    /** RSS above idle with the freed raft entries returned to the kernel (B). */
    double returned(RowParams p) {
        return fit.withRaftEntries(p, EtcdRaftLog.entriesInMemory(p));
    }

    /** RSS above idle with every raft entry the member ever held at once still resident (B). */
    double retained(RowParams p) {
        return fit.withRaftEntries(p, EtcdRaftLog.peakEntriesInMemory(p));
    }

    /** RSS above idle right after a restart (B). */
    double afterRestart(RowParams p) {
        return fit.withRaftEntries(p, EtcdRaftLog.entriesAfterRestart(p));
    }

    /**
     * Predicted process.rss, or reopen.rss for the restart model (B): after the load, with the raft entries the
     * member holds now (settled members were measured with the freed pages returned).
     */
    public double predict(RowParams p) {
        return baselineRss + (restart ? afterRestart(p) : returned(p));
    }

    /** Low end of the band (B). */
    public double low(RowParams p) {
        return baselineLow + (restart ? afterRestart(p) : returned(p)) * (1 - uncertainty);
    }

    /** High end of the band (B). */
    public double high(RowParams p) {
        return baselineHigh + (restart ? afterRestart(p) : retained(p)) * (1 + uncertainty);
    }

    /** The rows fitted. */
    public List<String> rows() {
        return fit.rows();
    }
}
