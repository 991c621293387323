package io.memstore.engine.result;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every number a result can hold: the row metrics measured for each row (median over its runs) and the model
 * metrics fitted over the rows. Names and units mirror the spec package's Metric so that the two can be unified;
 * a metric name means the same in specs, budgets, JSON, CSV and tables.
 */
public enum Metric {
    INDEX_LIVE_HEAP("index.liveHeap", MetricUnit.BYTES),
    INDEX_ALLOCATED("index.allocated", MetricUnit.BYTES),
    INDEX_BYTES_PER_KEY("index.bytesPerKey", MetricUnit.BYTES),
    PROCESS_RSS("process.rss", MetricUnit.BYTES),
    PROCESS_PEAK_RSS("process.peakRss", MetricUnit.BYTES),
    PROCESS_RSS_ANON("process.rssAnon", MetricUnit.BYTES),
    PROCESS_RSS_FILE("process.rssFile", MetricUnit.BYTES),
    JVM_BASELINE_RSS("jvm.baselineRss", MetricUnit.BYTES),
    STORE_FILE_SIZE("store.fileSize", MetricUnit.BYTES),
    LOAD_SECONDS("load.seconds", MetricUnit.SECONDS),
    LOAD_PUTS_PER_SECOND("load.putsPerSecond", MetricUnit.OPS_PER_SECOND),
    GET_OPS_PER_SECOND("get.opsPerSecond", MetricUnit.OPS_PER_SECOND),
    /** Fitted per-key overhead c1, bytes per key. */
    MODEL_C1("model.c1", MetricUnit.BYTES),
    /** Fitted per-version overhead c2, bytes per version. */
    MODEL_C2("model.c2", MetricUnit.BYTES),
    /** Root mean square of the fit's relative errors over the fitted rows. */
    MODEL_RELATIVE_RMS_ERROR("model.relativeRmsError", MetricUnit.RATIO);

    private static final List<Metric> ROW_METRICS =
            Arrays.stream(values()).filter(m -> !m.isModel()).toList();

    private final String metricName;
    private final MetricUnit unit;

    Metric(String metricName, MetricUnit unit) {
        this.metricName = metricName;
        this.unit = unit;
    }

    /** The name used everywhere, like {@code index.liveHeap}. */
    public String metricName() {
        return metricName;
    }

    public MetricUnit unit() {
        return unit;
    }

    /** True for metrics of the model fitted over all rows, which belong to no single row. */
    public boolean isModel() {
        return metricName.startsWith("model.");
    }

    /** The metric with this exact name, if any. */
    public static Optional<Metric> byName(String name) {
        return Arrays.stream(values()).filter(m -> m.metricName.equals(name)).findFirst();
    }

    /** The row metrics (not {@code model.*}), in declaration order: the order of every report's columns. */
    public static List<Metric> rowMetrics() {
        return ROW_METRICS;
    }

    /** The row metric with this name, or an IllegalArgumentException listing the known names. */
    public static Metric rowMetric(String name) {
        return byName(name).filter(m -> !m.isModel()).orElseThrow(() -> new IllegalArgumentException(
                "unknown row metric '" + name + "'; known: " + String.join(", ",
                        ROW_METRICS.stream().map(Metric::metricName).toList())));
    }
}
