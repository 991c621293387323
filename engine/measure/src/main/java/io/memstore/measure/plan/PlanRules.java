package io.memstore.measure.plan;

import java.util.Locale;

/**
 * The rules that turn fitted models into bands and recommendations, in one place so that every output and the
 * documentation state the same rules.
 *
 * <p><b>A band</b> ({@link #band}) is symmetric around the prediction of a fitted reading, {@code predicted * (1 -+
 * u)}: {@code u = max(3 %, e, s) x max(1, leverage / predicted)}, where {@code e} is the model's own error, the
 * largest miss of a calibration row predicted by the fit without it ({@link HeapModel#looError}), {@code s} the
 * spread between the runs of the calibration rows ({@link #pooledSpread}), and the last factor the fit's leverage at the planned size
 * ({@link HeapModel#extrapolation}): how far an error of the rows moves the prediction there, which grows with the
 * distance beyond them. The JVM's RSS band adds to this the ratios its collector may size the heap at
 * ({@link RssModel#low}, {@link RssModel#high}).
 */
public final class PlanRules {
    /**
     * The smallest band: 3 %, the error bound the validation (fit at 100K keys, predict 1M) holds the heap model
     * to, and measures well inside.
     */
    public static final double MIN_BAND = 0.03;
    /**
     * The spread between two runs of an etcd row that memstore measured ({@link #pooledSpread} over the eight
     * calibration rows of the etcd planning page's first example, relative to the member's RSS above its idle RSS,
     * members read settled): the narrowest band an etcd plan gives when its rows ran once each and so measured no
     * spread of their own.
     */
    public static final double ETCD_RUN_SPREAD = 0.114;
    /** Live data should fill at most 2/3 of the heap after a full collection, or collections come too often. */
    public static final double HEAP_HEADROOM = 1.5;
    /** Heap for everything besides the index: the application's own objects, buffers, short-lived garbage. */
    public static final long APPLICATION_HEAP = 64L << 20;
    /** Margin of the container limit over what the process needs: native growth, page cache, fragmentation. */
    public static final double CONTAINER_MARGIN = 1.10;
    /**
     * Go collects when its heap has grown by {@code GOGC} = 100 % since the last collection: between two
     * collections an etcd member may hold its live Go heap once more beside what it holds settled.
     */
    public static final double GO_HEAP_GROWTH = 1.0;
    /** The band rule, as every output states it once. */
    public static final String BAND_RULE = "band = max(3 %, e, s) x max(1, leverage / predicted): e = largest miss"
            + " of a calibration row predicted by the fit without it (leave-one-out), s = the rows' spread between"
            + " their runs (root mean square), leverage = how far the rows' error moves the fit at the planned size";

    private PlanRules() {
    }

    /**
     * A band's relative half-width: {@code max(3 %, e, s) x extrapolation}; an {@code e} of NaN (no row to leave
     * out) counts as 0.
     */
    public static double band(double looError, double spread, double extrapolation) {
        double e = Double.isNaN(looError) ? 0 : looError;
        return Math.max(MIN_BAND, Math.max(e, spread)) * Math.max(1, extrapolation);
    }

    /**
     * The low end's factor of a band of half-width {@code u}: {@code 1 - u}, but not below 0, since no reading is
     * below nothing (a band wider than its prediction says the rows cannot tell, and its undetermined terms why).
     */
    public static double lowFactor(double u) {
        return Math.max(0, 1 - u);
    }

    /** {@code -Xmx = 1.5 x high live heap + 64 MiB}, rounded up to whole MiB. */
    public static long xmx(double liveHeapHigh) {
        return ceilMiB(HEAP_HEADROOM * liveHeapHigh + APPLICATION_HEAP);
    }

    /**
     * {@code -XX:MaxDirectMemorySize = 1.5 x high growth outside the heap}, rounded up to whole MiB, for a plan whose
     * RSS grows outside the heap with the data: the JVM caps direct buffers at -Xmx by default, far below data that
     * lives in them. 0 (no flag) when the growth is bounded, and when -Xmx, the default cap, is already as large: a
     * store that allocates natively (RocksDB) grows outside the heap without direct buffers, and a cap below the
     * default would only constrain the rest of the application.
     */
    public static long maxDirectMemory(double offHeapHigh, long xmx) {
        long cap = offHeapHigh <= 0 ? 0 : ceilMiB(HEAP_HEADROOM * offHeapHigh);
        return cap <= xmx ? 0 : cap;
    }

    /**
     * Container limit {@code = 1.1 x max(high RSS, -Xmx + MaxDirectMemorySize + JVM baseline RSS)}, rounded up to
     * whole MiB: the JVM may fill its whole heap (and its direct memory) before it collects, so the limit must hold
     * them besides the JVM's own memory, not only the RSS measured after a collection; a container that kills at
     * the limit gets 10 % more.
     */
    public static long containerLimit(double rssHigh, long xmx, long maxDirect, double baselineRss) {
        return ceilMiB(CONTAINER_MARGIN * Math.max(rssHigh, xmx + maxDirect + baselineRss));
    }

    /**
     * The runs' spread a band takes, {@code s}: the root mean square over the calibration rows that ran more than once
     * of their spread (largest less smallest run) relative to their reading, pooled so that one row's unlucky pair of
     * runs does not stand for all; 0 when no row ran twice.
     */
    public static double pooledSpread(java.util.List<Double> relativeSpreads) {
        if (relativeSpreads.isEmpty()) {
            return 0;
        }
        double sum = 0;
        for (double r : relativeSpreads) {
            sum += r * r;
        }
        return Math.sqrt(sum / relativeSpreads.size());
    }

    /** The band rule's relative half-width as outputs print it: {@code 4.1 %}. */
    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", share * 100);
    }

    static long ceilMiB(double bytes) {
        long mib = 1L << 20;
        return (long) Math.ceil(bytes / mib) * mib;
    }
}
