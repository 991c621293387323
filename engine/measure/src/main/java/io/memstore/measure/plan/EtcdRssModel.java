package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;

import java.util.List;

/**
 * An etcd member's resident set after a load, fitted on its own RSS rather than through its Go heap:
 * <pre>
 *   rss = idle member + above(N, R)
 *   above(N, R) = c0 + N*(c1 + keySize) + N*slots*c2 + R*cr      (the {@link HeapModel} form, fitted to rss - idle)
 * </pre>
 * with R the raft entries in memory ({@link EtcdRaftLog}). The Go heap in use is a poor base for the RSS: it
 * counts garbage that the next collection frees, so two rows of the same keys read up to 15 % apart, while their
 * RSS agrees within a few percent.
 *
 * <p><b>After a snapshot</b> the member drops most of its raft log, but the Go runtime keeps the freed pages
 * resident until its scavenger returns them, over minutes, and meanwhile reuses them for new entries and keys.
 * A row that crossed a snapshot therefore ends with an RSS between two figures: {@code above(N, R)} with the
 * entries it holds now (the freed pages returned) and {@code above(N, Rpeak)} with the most it ever held (all
 * of them still resident). The band runs from the first, less the fit's uncertainty, to the second, plus it;
 * the prediction is their middle. Below the snapshot count both are the same.
 *
 * @param fit          the fitted form, over RSS above the idle member (B)
 * @param baselineRss  median idle member RSS of the rows, jvm.baselineRss (B)
 * @param baselineLow  smallest (B)
 * @param baselineHigh largest (B)
 * @param uncertainty  relative half-width added at both ends: {@link PlanRules#heapUncertainty} of the fit
 */
public record EtcdRssModel(HeapModel fit, double baselineRss, double baselineLow, double baselineHigh,
                           double uncertainty) {
    /** Rows usable for the fit: RSS and idle RSS measured, RSS above the idle member. */
    static double aboveIdle(RowResult r) {
        if (r.metric(Metric.PROCESS_RSS).isEmpty() || r.metric(Metric.JVM_BASELINE_RSS).isEmpty()) {
            return 0;
        }
        return r.metric(Metric.PROCESS_RSS).getAsDouble() - r.metric(Metric.JVM_BASELINE_RSS).getAsDouble();
    }

    /**
     * @param spread the largest relative run spread of the rows' RSS
     * @throws IllegalArgumentException when no row has its RSS and idle RSS
     */
    public static EtcdRssModel fit(Layout layout, List<RowResult> rows, double spread) {
        HeapModel fit = HeapModel.fit(layout, rows, EtcdRssModel::aboveIdle, "process.rss above jvm.baselineRss");
        double[] baselines = rows.stream().filter(r -> aboveIdle(r) > 0)
                .mapToDouble(r -> r.metric(Metric.JVM_BASELINE_RSS).getAsDouble()).sorted().toArray();
        double median = baselines.length % 2 == 1 ? baselines[baselines.length / 2]
                : (baselines[baselines.length / 2 - 1] + baselines[baselines.length / 2]) / 2;
        return new EtcdRssModel(fit, median, baselines[0], baselines[baselines.length - 1],
                PlanRules.heapUncertainty(fit, spread));
    }

    /** RSS with the freed raft entries returned to the kernel (B). */
    double returned(RowParams p) {
        return fit.withRaftEntries(p, EtcdRaftLog.entriesInMemory(p));
    }

    /** RSS with every raft entry the member ever held at once still resident (B). */
    double retained(RowParams p) {
        return fit.withRaftEntries(p, EtcdRaftLog.peakEntriesInMemory(p));
    }

    /** Predicted process.rss (B). */
    public double predict(RowParams p) {
        return baselineRss + (returned(p) + retained(p)) / 2;
    }

    /** Low end of the band (B). */
    public double low(RowParams p) {
        return baselineLow + returned(p) * (1 - uncertainty);
    }

    /** High end of the band (B). */
    public double high(RowParams p) {
        return baselineHigh + retained(p) * (1 + uncertainty);
    }

    /** The rows fitted. */
    public List<String> rows() {
        return fit.rows();
    }
}
