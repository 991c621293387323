package io.memstore.measure.plan;

import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The resident set of a JVM that holds the index, read as the probe reads it (settled: compilers quiet, full
 * collections done, freed native memory returned, see {@link io.memstore.measure.probe.SettledState}), from the
 * parts it is made of rather than from a line through small rows:
 * <pre>
 *   rss = baselineRss + growth + heap(L)
 *   heap(L) = old + young,  old = k * (L + {@value #JVM_LIVE_HEAP_MIB} MiB),  young = min(youngCap, old / 2)
 * </pre>
 * <ul>
 *   <li><b>baselineRss</b>: the JVM before the build, measured in every row: its code, the CDS archive, metaspace,
 *       thread stacks, the empty index or store, the first heap pages.</li>
 *   <li><b>heap(L)</b> for L bytes of live index (the heap model's prediction): under the probe's flags
 *       ({@link ProbeJvm}) the serial collector sizes the old generation after a full collection so that
 *       {@link ProbeJvm#MIN_HEAP_FREE_PERCENT} % ({@code -XX:MinHeapFreeRatio}) to
 *       {@link ProbeJvm#MAX_HEAP_FREE_PERCENT} % ({@code MaxHeapFreeRatio}) of it is free; the live data is the index
 *       and the JVM's own objects (taken as {@value #JVM_LIVE_HEAP_MIB} MiB). The committed free part is resident only
 *       where objects once were: a load that left garbage in the old generation touched it, one whose objects all
 *       stay live did not. So the resident old generation holds k times the live data with
 *       {@code 1 <= k <= 1/(1 - max)}, k decided by the load's history of garbage, not by the data's size: a band,
 *       not a fit. (The collector shrinks an old generation the load left larger in steps; the probe reads it after
 *       at least four consecutive full collections, so it has come down to the committed size by then.) The young
 *       generation is sized at a {@code NewRatio} (2) share of the old one up to {@code -XX:MaxNewSize}
 *       ({@link ProbeJvm#MAX_NEW_SIZE}) and is resident end to end, since the build cycled through it.</li>
 *   <li><b>growth</b>: what the build added outside the heap and keeps (compiled code, metaspace of the classes the
 *       build first used, SQLite's page cache and statements for store rows, and the data itself where a store keeps
 *       it off the heap: direct buffers, native memory), less the heap pages the baseline already counted and
 *       heap(L) counts again, so it may be negative. Each calibration row gives {@code rss - baselineRss - heap(L)};
 *       {@link OffHeapGrowth} takes their median where it is bounded, or fits it to the rows where it grows with
 *       them (whichever predicts the rows left out better). Where every row's target counted its own memory
 *       outside the heap ({@code store.nativeBytes}: RocksDB's table readers, memtables and block cache), that count
 *       is fitted apart ({@link #counted}): a count is exact where the RSS is noisy, so a native cost of a few bytes
 *       per key, lost in the RSS's noise of the calibration rows, still reaches the planned size. The rest is then
 *       taken as bounded, the rows' median (what grows with the keys, the target counted), and its band
 *       ({@link #rest}) reaches the trend the rows' rest shows and a slope they cannot tell from none, carried to
 *       the planned size ({@link OffHeapGrowth.TrendBand}).</li>
 * </ul>
 * Why not a fitted slope: at calibration sizes the heap is a small part of the RSS, so a slope (RSS per live byte)
 * fitted there is mostly the noise of the fixed parts; extrapolated ten times it misses by tens of percent.
 *
 * <p><b>The band</b> ({@link #low}, {@link #high}) is derived, not chosen: a prediction is a calibration row's RSS
 * plus the heap the extra data takes, {@code rss_i - heap_k1(L_i) + heap_k2(L)}, and k1 (at calibration) and k2 (at
 * the planned size) may each lie anywhere in {@code [1, 1/(1 - max)]}. The low end takes the lowest k at
 * the planned size, the highest at calibration, the smallest baseline and growth among the rows and the heap band's
 * low end; the high end the opposite. The central value takes the middle ratio (k = (1 + 1/(1 - max)) / 2),
 * the median baseline and the median growth. A growth fitted to the rows has its own band instead: its
 * leave-one-out error and the rows' RSS spread, carried by its leverage ({@link PlanRules#band}).
 *
 * <p><b>A process without generations</b> (an etcd member, a Go process: {@link #fitProcess}) has no old and young
 * generation to size: its RSS above the idle member is its Go heap in use times the collector's headroom, so there
 * {@code heap(L) = k * L} with k measured per calibration row ({@code (rss - baseline) / L}, over the rows with the
 * most keys), the median for the prediction and the smallest and largest for the band, and {@code youngCap} 0.
 *
 * @param baselineRss   median jvm.baselineRss of the rows (B)
 * @param baselineLow   smallest jvm.baselineRss (B)
 * @param baselineHigh  largest jvm.baselineRss (B)
 * @param anchors       per calibration row: rss above its own baseline, its live heap and its parameters
 * @param kLow          smallest ratio of resident heap to live data
 * @param kMid          the ratio of the prediction
 * @param kHigh         largest ratio
 * @param liveExtra     live data beside the index (B): the JVM's own objects, 0 for a process
 * @param youngCap      the young generation's cap (B), 0 for a process without one
 * @param offHeap       the growth outside the heap, constant or fitted; less the counted part where there is one
 * @param counted       the part of the growth the target counted itself (store.nativeBytes), fitted to the rows as
 *                      {@link OffHeapGrowth} fits a growth; null when a row did not count it
 * @param rest          with a counted part, the band of the rest of the growth; null without one, or with one key
 *                      count
 * @param spread        the rows' pooled relative run spread of their RSS above their baseline
 */
public record RssModel(double baselineRss, double baselineLow, double baselineHigh, List<Anchor> anchors,
                       double kLow, double kMid, double kHigh, double liveExtra, double youngCap,
                       OffHeapGrowth offHeap, OffHeapGrowth counted, OffHeapGrowth.TrendBand rest,
                       double spread) {
    /** The probe's young-generation cap, {@code -XX:MaxNewSize} (B). */
    public static final double YOUNG_CAP = ProbeJvm.MAX_NEW_SIZE;
    /** The serial collector's default old/young ratio. */
    static final double NEW_RATIO = 2;
    /** The probe's {@code -XX:MinHeapFreeRatio}. */
    static final int MIN_FREE_PERCENT = ProbeJvm.MIN_HEAP_FREE_PERCENT;
    /** The probe's {@code -XX:MaxHeapFreeRatio}. */
    static final int MAX_FREE_PERCENT = ProbeJvm.MAX_HEAP_FREE_PERCENT;
    /** The JVM's own live objects beside the index after the build (the probe's, the JDK's), in MiB. */
    static final int JVM_LIVE_HEAP_MIB = 4;
    /**
     * The least resident old generation per byte of live data: 1, the live data alone. The collector commits the
     * free part ({@code -XX:MinHeapFreeRatio}) but it is resident only where objects were once, as after a load that
     * left garbage in the old generation (memstore's B-tree splits); a load whose objects all stay live (a TreeMap of
     * copies) leaves the free part untouched.
     */
    static final double K_LOW = 1.0;
    /** The most: the committed old generation, all of it touched, {@code 1/(1 - MaxHeapFreeRatio)}. */
    static final double K_HIGH = 100.0 / (100 - MAX_FREE_PERCENT);
    /** The ratio of the central prediction, the middle of the two. */
    static final double K_MID = (K_LOW + K_HIGH) / 2;

    /** The ratios k of the probe's old generation as a rule states them: {@code 1.00..1.11}. */
    static String kRange() {
        return range(String.format(Locale.ROOT, "%.2f", K_LOW), String.format(Locale.ROOT, "%.2f", K_HIGH));
    }

    /** The ratio of the central prediction as a rule states it: {@code 1.056}. */
    static String kMidText() {
        return String.format(Locale.ROOT, "%.3f", K_MID);
    }

    /** The probe's free heap after a full collection as a rule states it: {@code 10 %}, or {@code 10..20 %}. */
    static String freeRange() {
        return range(Integer.toString(MIN_FREE_PERCENT), Integer.toString(MAX_FREE_PERCENT)) + " %";
    }

    /** The probe's young-generation cap as a rule states it: {@code 8 MiB}. */
    static String youngCapText() {
        return (long) YOUNG_CAP / (1 << 20) + " MiB";
    }

    private static String range(String low, String high) {
        return low.equals(high) ? low : low + ".." + high;
    }

    /**
     * One calibration row as the model sees it.
     *
     * @param row           the row's name
     * @param aboveBaseline process.rss - jvm.baselineRss (B)
     * @param liveHeap      index.liveHeap (B)
     * @param params        the row's parameters
     * @param nativeBytes   store.nativeBytes (B), NaN when the target did not count it
     */
    public record Anchor(String row, double aboveBaseline, double liveHeap, RowParams params, double nativeBytes) {
        /** A row whose target did not count its memory outside the heap. */
        public Anchor(String row, double aboveBaseline, double liveHeap, RowParams params) {
            this(row, aboveBaseline, liveHeap, params, Double.NaN);
        }
    }

    public RssModel {
        anchors = List.copyOf(anchors);
        if (anchors.isEmpty()) {
            throw new IllegalArgumentException("an RSS model needs at least one calibration row");
        }
    }

    /** The heap a probe JVM keeps resident for this much live index at old-generation ratio k (B). */
    static double heap(double k, double liveHeap) {
        double old = k * (liveHeap + JVM_LIVE_HEAP_MIB * (double) (1 << 20));
        return old + Math.min(YOUNG_CAP, old / NEW_RATIO);
    }

    /** The heap resident for this much live data at ratio k, as this model's process sizes it (B). */
    double residentHeap(double k, double liveHeap) {
        double old = k * (liveHeap + liveExtra);
        return old + (youngCap == 0 ? 0 : Math.min(youngCap, old / NEW_RATIO));
    }

    private double growth(Anchor a, double k) {
        return a.aboveBaseline() - residentHeap(k, a.liveHeap());
    }

    /** The growth outside the heap at the middle ratio for the planned row, the counted part included (B). */
    public double growth(RowParams p) {
        return offHeap.predict(p) + (counted == null ? 0 : counted.predict(p));
    }

    /**
     * True when the growth outside the heap, or the part of it the target counted, was fitted to the rows: the data
     * live off the heap.
     */
    public boolean offHeapData() {
        return offHeap.fitted() || counted != null && counted.fitted();
    }

    /** The high end of the growth outside the heap for the planned row, the counted part included (B). */
    public double growthHigh(RowParams p) {
        double high = rest == null ? offHeap.high(p, spread)
                : Math.max(offHeap.high(p, spread), rest.trendHigh(p)) + rest.allowance(p);
        return high + (counted == null ? 0 : counted.high(p, spread));
    }

    private double growthLow(RowParams p) {
        double low = rest == null ? offHeap.low(p, spread)
                : Math.min(offHeap.low(p, spread), rest.trendLow(p)) - rest.allowance(p);
        return low + (counted == null ? 0 : counted.low(p, spread));
    }

    /**
     * The growth outside the heap in words: {@code median of the rows}, a fitted line, and the counted part:
     * {@code median of the rows + counted by the target 1.2 MiB + 3.6 B per key}.
     */
    public String describeGrowth() {
        String rest = offHeap.fitted() ? offHeap.describe() : "median of the rows";
        return counted == null ? rest : rest + " + counted by the target " + (counted.fitted() ? counted.describe()
                : "(median of the rows)");
    }

    /** The row names the model came from. */
    public List<String> rows() {
        return anchors.stream().map(Anchor::row).toList();
    }

    /** Predicted process.rss for this much live index heap (B). */
    public double predict(RowParams p, double liveHeap) {
        return baselineRss + growth(p) + residentHeap(kMid, liveHeap);
    }

    /** Low end of the band, for the heap band's low end (B). */
    public double low(RowParams p, double liveHeapLow) {
        return baselineLow + growthLow(p) + residentHeap(kLow, liveHeapLow);
    }

    /** High end of the band, for the heap band's high end (B). */
    public double high(RowParams p, double liveHeapHigh) {
        return baselineHigh + growthHigh(p) + residentHeap(kHigh, liveHeapHigh);
    }

    /**
     * Fits the rows that have process.rss, jvm.baselineRss and index.liveHeap.
     *
     * @throws IllegalArgumentException when none has (RSS needs Linux's /proc)
     */
    public static RssModel fit(List<RowResult> rows) {
        List<Anchor> anchors = anchors(rows);
        double[] baselines = baselines(rows);
        RssModel partial = new RssModel(median(baselines), Arrays.stream(baselines).min().getAsDouble(),
                Arrays.stream(baselines).max().getAsDouble(), anchors, K_LOW, K_MID, K_HIGH,
                JVM_LIVE_HEAP_MIB * (double) (1 << 20), YOUNG_CAP, null, null, null, spread(rows));
        return partial.withGrowth();
    }

    /**
     * The peak RSS above the baseline (process.peakRss, VmHWM: the load's high mark, write buffers, collections and a
     * native store's memtables included), as the rows measured it: their median, or a line in keys and value bytes
     * where it predicts the rows left out better ({@link OffHeapGrowth}); null when no row measured its peak.
     */
    public static OffHeapGrowth fitPeak(List<RowResult> rows) {
        List<RowResult> measured = usable(rows).stream().filter(r -> r.metric(Metric.PROCESS_PEAK_RSS).isPresent())
                .toList();
        if (measured.isEmpty()) {
            return null;
        }
        int n = measured.size();
        double[] above = new double[n];
        List<RowParams> params = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            RowResult r = measured.get(i);
            above[i] = Math.max(1, r.metric(Metric.PROCESS_PEAK_RSS).getAsDouble()
                    - r.metric(Metric.JVM_BASELINE_RSS).getAsDouble());
            params.add(r.params());
        }
        return OffHeapGrowth.fit(params, above, above, above, above);
    }

    /**
     * This model with its growth outside the heap chosen and fitted over its anchors: where every row counted its
     * memory outside the heap, the count fitted apart and the rest the rows' median, with the trend of the rest for
     * its band.
     */
    private RssModel withGrowth() {
        int n = anchors.size();
        boolean countedByAll = anchors.stream().allMatch(a -> Double.isFinite(a.nativeBytes()));
        double[] mid = new double[n];
        double[] low = new double[n];
        double[] high = new double[n];
        double[] above = new double[n];
        double[] count = new double[n];
        List<RowParams> params = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Anchor a = anchors.get(i);
            count[i] = countedByAll ? a.nativeBytes() : 0;
            mid[i] = growth(a, kMid) - count[i];
            low[i] = growth(a, kHigh) - count[i];
            high[i] = growth(a, kLow) - count[i];
            above[i] = Math.max(1, a.aboveBaseline());
            params.add(a.params());
        }
        if (!countedByAll) {
            return new RssModel(baselineRss, baselineLow, baselineHigh, anchors, kLow, kMid, kHigh, liveExtra,
                    youngCap, OffHeapGrowth.fit(params, mid, low, high, above), null, null, spread);
        }
        return new RssModel(baselineRss, baselineLow, baselineHigh, anchors, kLow, kMid, kHigh, liveExtra, youngCap,
                OffHeapGrowth.constant(mid, low, high), OffHeapGrowth.fit(params, count, count, count, above),
                OffHeapGrowth.TrendBand.of(params, mid, low, high), spread);
    }

    /**
     * Fits rows of a process without generations (an etcd member): k per row over the rows with the most keys, the
     * growth outside that heap a constant.
     *
     * @throws IllegalArgumentException when no row has process.rss, jvm.baselineRss and index.liveHeap
     */
    public static RssModel fitProcess(List<RowResult> rows) {
        List<RowResult> usable = usable(rows);
        List<Anchor> all = anchors(rows);
        long most = usable.stream().mapToLong(r -> r.params().keys()).max().getAsLong();
        List<Anchor> anchors = new ArrayList<>();
        for (int i = 0; i < usable.size(); i++) {
            if (usable.get(i).params().keys() == most) {
                anchors.add(all.get(i));
            }
        }
        double[] ks = anchors.stream().mapToDouble(a -> a.aboveBaseline() / a.liveHeap()).sorted().toArray();
        double[] baselines = baselines(rows);
        double[] zero = new double[anchors.size()];
        return new RssModel(median(baselines), Arrays.stream(baselines).min().getAsDouble(),
                Arrays.stream(baselines).max().getAsDouble(), anchors, ks[0], median(ks), ks[ks.length - 1], 0, 0,
                OffHeapGrowth.constant(zero, zero, zero), null, null, spread(rows));
    }

    /** The rows' pooled spread of their RSS between their runs, relative to the RSS above the baseline. */
    private static double spread(List<RowResult> rows) {
        List<Double> spreads = new ArrayList<>();
        for (RowResult r : usable(rows)) {
            double above = r.metric(Metric.PROCESS_RSS).getAsDouble() - r.metric(Metric.JVM_BASELINE_RSS).getAsDouble();
            if (above > 0 && r.runs() >= 2) {
                spreads.add(r.spreadOf(Metric.PROCESS_RSS).orElse(0) / above);
            }
        }
        return PlanRules.pooledSpread(spreads);
    }

    private static List<RowResult> usable(List<RowResult> rows) {
        List<RowResult> usable = rows.stream().filter(r -> r.metric(Metric.PROCESS_RSS).isPresent()
                && r.metric(Metric.JVM_BASELINE_RSS).isPresent() && r.metric(Metric.INDEX_LIVE_HEAP).orElse(0) > 0)
                .toList();
        if (usable.isEmpty()) {
            throw new IllegalArgumentException("no row with process.rss, jvm.baselineRss and index.liveHeap (RSS is"
                    + " read from /proc, so only on Linux)");
        }
        return usable;
    }

    private static List<Anchor> anchors(List<RowResult> rows) {
        List<Anchor> anchors = new ArrayList<>();
        for (RowResult r : usable(rows)) {
            double rss = r.metric(Metric.PROCESS_RSS).getAsDouble();
            double base = r.metric(Metric.JVM_BASELINE_RSS).getAsDouble();
            anchors.add(new Anchor(r.name(), rss - base, r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble(), r.params(),
                    r.metric(Metric.STORE_NATIVE_BYTES).orElse(Double.NaN)));
        }
        return anchors;
    }

    private static double[] baselines(List<RowResult> rows) {
        return usable(rows).stream().mapToDouble(r -> r.metric(Metric.JVM_BASELINE_RSS).getAsDouble()).toArray();
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
