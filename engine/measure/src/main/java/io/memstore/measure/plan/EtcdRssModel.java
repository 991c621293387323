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
 *   above(N, R) = c0 + N*(c1 + keySize) + H*c2 + R*cr + D*cd + W*cw + L*cl + V*cval   (HeapModel form, fitted to rss - idle)
 * </pre>
 * with H the revisions the history keeps and D those its compactions read through the memory-mapped db
 * ({@link EtcdHistory#compactionReads}), R the raft entries in memory ({@link EtcdRaftLog}), W the watchers, L the
 * leases and V the bytes of the values kept. The
 * members are read settled (their garbage collected and the freed pages returned, as the probe reads them), so
 * the reading is that of the data, not of the moment in the member's collection cycle: after a load that crossed a
 * snapshot the raft entries the snapshot dropped are gone from it. <b>After a restart</b> ({@link #restart}) the
 * member is a new process: it holds the entries its write-ahead log has after its last snapshot
 * ({@link EtcdRaftLog#entriesAfterRestart}) and the pages of its db its index restore touched, and no watchers.
 *
 * <p>The band ({@link PlanRules#band}): {@code u = max(3 %, e, s) x max(1, leverage / above)}, with {@code e} the
 * fit's leave-one-out error, {@code s} the spread between the runs of the fitted rows relative to their reading
 * above idle ({@link PlanRules#pooledSpread}; when a row ran once, at least {@link PlanRules#ETCD_RUN_SPREAD}: the
 * spread memstore measured for etcd), and the leverage how far the rows' error moves the prediction at the scenario.
 *
 * <p><b>The peak.</b> Between two collections a member holds its live Go heap once more (Go collects when its heap
 * has doubled), and before each snapshot its raft log is at its longest ({@link EtcdRaftLog#peakEntriesInMemory}):
 * {@link #peak} adds the one to the high end at the other, for the container limit.
 *
 * @param fit          the fitted form, over RSS above the idle member (B)
 * @param baselineRss  median idle member RSS of the rows, jvm.baselineRss (B)
 * @param baselineLow  smallest (B)
 * @param baselineHigh largest (B)
 * @param uncertainty  relative half-width at the scenario it was fitted for
 * @param spread       the rows' pooled relative run spread above idle ({@code s}), or the etcd spread
 *                     memstore measured when a row ran once ({@link #onceRun})
 * @param restart      true for the model of the RSS right after a restart (reopen.rss)
 * @param onceRun      true when some fitted row ran once, so its spread is {@link PlanRules#ETCD_RUN_SPREAD}
 * @param extrapolation the leverage factor at the scenario ({@link HeapModel#extrapolation})
 */
public record EtcdRssModel(HeapModel fit, double baselineRss, double baselineLow, double baselineHigh,
                           double uncertainty, double spread, boolean restart, boolean onceRun,
                           double extrapolation) {
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
                HeapModel::raftShare, true, true, true);
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
                + " jvm.baselineRss", p -> (double) EtcdRaftLog.entriesAfterRestart(p) / p.keys(), true, false, true);
        return of(fit, rows, s, Metric.REOPEN_RSS, true);
    }

    private static EtcdRssModel of(HeapModel fit, List<RowResult> rows, RowParams s, Metric metric, boolean restart) {
        boolean once = false;
        List<RowResult> used = rows.stream().filter(r -> above(r, metric) > 0).toList();
        List<Double> spreads = new java.util.ArrayList<>();
        for (RowResult r : used) {
            if (r.runs() >= 2) {
                spreads.add(r.spreadOf(metric).orElse(0) / above(r, metric));
            }
            once |= r.runs() < 2;
        }
        double spread = PlanRules.pooledSpread(spreads);
        if (once) {
            spread = Math.max(spread, PlanRules.ETCD_RUN_SPREAD);
        }
        double[] baselines = used.stream().mapToDouble(r -> r.metric(Metric.JVM_BASELINE_RSS).getAsDouble())
                .sorted().toArray();
        double median = RssModel.median(baselines);
        long entries = restart ? EtcdRaftLog.entriesAfterRestart(s) : EtcdRaftLog.entriesInMemory(s);
        double carried = fit.extrapolation(s, entries);
        double u = PlanRules.band(fit.looError(), spread, carried);
        return new EtcdRssModel(fit, median, baselines[0], baselines[baselines.length - 1], u, spread, restart, once,
                carried);
    }

    /** RSS above idle with the raft entries the member holds after the load, or after the restart (B). */
    double above(RowParams p) {
        return fit.withRaftEntries(p, restart ? EtcdRaftLog.entriesAfterRestart(p) : EtcdRaftLog.entriesInMemory(p));
    }

    /** Predicted process.rss, or reopen.rss for the restart model (B), of a settled member. */
    public double predict(RowParams p) {
        return baselineRss + above(p);
    }

    /** Low end of the band (B). */
    public double low(RowParams p) {
        return baselineLow + above(p) * PlanRules.lowFactor(uncertainty);
    }

    /** High end of the band (B). */
    public double high(RowParams p) {
        return baselineHigh + above(p) * (1 + uncertainty);
    }

    /**
     * The most the member may hold between two collections (B): the high end with its raft log at its longest
     * (after the load: just before a snapshot), plus a Go heap of {@code goHeap} more
     * ({@link PlanRules#GO_HEAP_GROWTH}).
     */
    public double peak(RowParams p, double goHeap) {
        long entries = restart ? EtcdRaftLog.entriesAfterRestart(p) : EtcdRaftLog.peakEntriesInMemory(p);
        return baselineHigh + fit.withRaftEntries(p, entries) * (1 + uncertainty) + PlanRules.GO_HEAP_GROWTH * goHeap;
    }

    /** The rows fitted. */
    public List<String> rows() {
        return fit.rows();
    }
}
