package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The resident set of a JVM that holds the index, with memstore's probe flags ({@code -XX:+UseSerialGC
 * -XX:MaxNewSize=32m}, see {@link io.memstore.measure.probe.ProbeJvm}):
 * {@code rss = baselineRss + rho*liveHeap + min(32 MiB, rho*liveHeap/2)}.
 *
 * <p>Why this shape and not a line through the rows: after the load the JVM's RSS is its own baseline (code,
 * metaspace, threads, the first heap pages), the old generation it touched, which grows with the live data by a
 * factor rho (free space the collector kept, garbage of the load: rho is larger with more versions because every
 * revs array that doubles leaves its old copy behind), and the young generation, which the serial collector
 * sizes at half the old one (NewRatio 2) until the 32 MiB cap. At calibration sizes the young generation is still
 * growing, at planning sizes it is capped; a line fitted through small rows takes that growth for a slope and
 * over-predicts (measured: 25K and 100K keys x 5 versions, a line predicted 599 MB for 1M keys, measured 453).
 *
 * <p>rho is solved per row and the model takes the median over the rows with the most keys (they are nearest the
 * planning sizes), and baselineRss the median of all rows.
 *
 * @param baselineRss  bytes of the JVM before the index is built (median)
 * @param rho          RSS of the old generation per byte of live index
 * @param rhoLow       smallest per-row rho among the rows used
 * @param rhoHigh      largest per-row rho among the rows used
 * @param rows         the rows rho came from
 * @param youngCap     the young generation's cap ({@link #YOUNG_CAP}) for a probe JVM; 0 for a process without
 *                     one (an etcd member, {@link #fitProcess}), whose RSS is {@code baselineRss + rho*liveHeap}
 *
 * <p>An etcd member is a Go process: it has no generations, and its RSS after a load is its idle RSS plus what the
 * Go heap in use occupies with the collector's headroom and the raft log's buffers, which grow with the data, so
 * {@link #fitProcess} takes rho as the RSS above the idle member per byte of Go heap in use.
 */
public record RssModel(double baselineRss, double rho, double rhoLow, double rhoHigh, List<String> rows,
                       double youngCap) {
    /** The probe's young-generation cap, {@code -XX:MaxNewSize=32m}. */
    public static final double YOUNG_CAP = 32L << 20;
    /** The serial collector's default old/young ratio. */
    static final double NEW_RATIO = 2;

    public RssModel {
        rows = List.copyOf(rows);
    }

    /** The model of a probe JVM, with the young generation capped at {@link #YOUNG_CAP}. */
    public RssModel(double baselineRss, double rho, double rhoLow, double rhoHigh, List<String> rows) {
        this(baselineRss, rho, rhoLow, rhoHigh, rows, YOUNG_CAP);
    }

    /** Predicted process.rss for this much live index heap. */
    public double predict(double liveHeap) {
        return predict(liveHeap, rho);
    }

    double predict(double liveHeap, double r) {
        return baselineRss + r * liveHeap + (youngCap == 0 ? 0 : Math.min(youngCap, r * liveHeap / NEW_RATIO));
    }

    /** The rho that makes the formula give a row's measured RSS. */
    static double rhoOf(double rss, double baseline, double live) {
        double d = rss - baseline;
        double belowCap = d / (live * (1 + 1 / NEW_RATIO));
        return belowCap * live / NEW_RATIO <= YOUNG_CAP ? belowCap : (d - YOUNG_CAP) / live;
    }

    /**
     * Fits the rows that have process.rss, jvm.baselineRss and index.liveHeap.
     *
     * @throws IllegalArgumentException when none has (RSS needs Linux's /proc)
     */
    public static RssModel fit(List<RowResult> rows) {
        List<RowResult> usable = rows.stream().filter(r -> r.metric(Metric.PROCESS_RSS).isPresent()
                && r.metric(Metric.JVM_BASELINE_RSS).isPresent() && r.metric(Metric.INDEX_LIVE_HEAP).orElse(0) > 0)
                .toList();
        if (usable.isEmpty()) {
            throw new IllegalArgumentException("no row with process.rss, jvm.baselineRss and index.liveHeap (RSS is"
                    + " read from /proc, so only on Linux)");
        }
        double[] baselines = usable.stream().mapToDouble(r -> r.metric(Metric.JVM_BASELINE_RSS).getAsDouble())
                .toArray();
        long most = usable.stream().mapToLong(r -> r.params().keys()).max().getAsLong();
        List<Double> rhos = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (RowResult r : usable) {
            if (r.params().keys() == most) {
                rhos.add(rhoOf(r.metric(Metric.PROCESS_RSS).getAsDouble(),
                        r.metric(Metric.JVM_BASELINE_RSS).getAsDouble(), r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble()));
                names.add(r.name());
            }
        }
        double[] sorted = rhos.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new RssModel(median(baselines), median(sorted), sorted[0], sorted[sorted.length - 1], names);
    }

    /**
     * Fits rows of a process without generations (an etcd member): per row {@code rho = (rss - baseline) / live},
     * the median over the rows with the most keys, and the baseline the median of all rows.
     *
     * @throws IllegalArgumentException when no row has process.rss, jvm.baselineRss and index.liveHeap
     */
    public static RssModel fitProcess(List<RowResult> rows) {
        List<RowResult> usable = rows.stream().filter(r -> r.metric(Metric.PROCESS_RSS).isPresent()
                && r.metric(Metric.JVM_BASELINE_RSS).isPresent() && r.metric(Metric.INDEX_LIVE_HEAP).orElse(0) > 0)
                .toList();
        if (usable.isEmpty()) {
            throw new IllegalArgumentException("no row with process.rss, jvm.baselineRss and index.liveHeap");
        }
        double[] baselines = usable.stream().mapToDouble(r -> r.metric(Metric.JVM_BASELINE_RSS).getAsDouble())
                .toArray();
        long most = usable.stream().mapToLong(r -> r.params().keys()).max().getAsLong();
        List<Double> rhos = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (RowResult r : usable) {
            if (r.params().keys() == most) {
                rhos.add((r.metric(Metric.PROCESS_RSS).getAsDouble() - r.metric(Metric.JVM_BASELINE_RSS).getAsDouble())
                        / r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble());
                names.add(r.name());
            }
        }
        double[] sorted = rhos.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new RssModel(median(baselines), median(sorted), sorted[0], sorted[sorted.length - 1], names, 0);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
