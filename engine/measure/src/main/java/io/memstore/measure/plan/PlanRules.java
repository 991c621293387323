package io.memstore.measure.plan;

/**
 * The rules that turn fitted models into bands and recommendations, in one place so that every output and the
 * documentation state the same rules. The heap band is symmetric: {@code low = predicted * (1 - u)}, {@code high =
 * predicted * (1 + u)}; the RSS band is derived from the parts of the RSS ({@link RssModel#low}, {@link
 * RssModel#high}).
 */
public final class PlanRules {
    /**
     * The smallest heap band: 3 %, the error bound the validation (fit at 100K keys, predict 1M) holds the
     * model to, and measures well inside.
     */
    public static final double MIN_HEAP_UNCERTAINTY = 0.03;
    /** Live data should fill at most 2/3 of the heap after a full collection, or collections come too often. */
    public static final double HEAP_HEADROOM = 1.5;
    /** Heap for everything besides the index: the application's own objects, buffers, short-lived garbage. */
    public static final long APPLICATION_HEAP = 64L << 20;
    /** Margin of the container limit over what the process needs: native growth, page cache, fragmentation. */
    public static final double CONTAINER_MARGIN = 1.10;

    private PlanRules() {
    }

    /**
     * Heap band: {@code max(3 %, 3 x relative RMS residual of the fit + largest relative run spread of the fitted
     * rows)}: a model that fits its own rows less well, or rows whose runs disagreed, widen it.
     */
    public static double heapUncertainty(HeapModel model, double relativeSpread) {
        double fit = Double.isNaN(model.relativeRmsError()) ? 0 : model.relativeRmsError();
        return Math.max(MIN_HEAP_UNCERTAINTY, 3 * fit + relativeSpread);
    }

    /** {@code -Xmx = 1.5 x high live heap + 64 MiB}, rounded up to whole MiB. */
    public static long xmx(double liveHeapHigh) {
        return ceilMiB(HEAP_HEADROOM * liveHeapHigh + APPLICATION_HEAP);
    }

    /**
     * Container limit {@code = 1.1 x max(high RSS, -Xmx + JVM baseline RSS)}, rounded up to whole MiB: the JVM
     * may fill its whole heap before it collects, so the limit must hold the full -Xmx besides the JVM's own
     * memory, not only the RSS measured after a collection; a container that kills at the limit gets 10 % more.
     */
    public static long containerLimit(double rssHigh, long xmx, double baselineRss) {
        return ceilMiB(CONTAINER_MARGIN * Math.max(rssHigh, xmx + baselineRss));
    }

    static long ceilMiB(double bytes) {
        long mib = 1L << 20;
        return (long) Math.ceil(bytes / mib) * mib;
    }
}
