package io.memstore.measure.spec;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every number a budget may name: the row metrics the probe measures for each row, and the model metrics fitted
 * over the rows ({@code N*(c1+keySize) + N*versions*(c2+pointer)}). The probe, the budgets and the docs share
 * this list, so a name means the same everywhere.
 */
public enum Metric {
    INDEX_LIVE_HEAP("index.liveHeap", MetricUnit.BYTES,
            "heap the index retains after full GCs, minus the same reading taken before building it; for etcd rows"
            + " the member's Go heap in use (go_memstats_heap_inuse_bytes) after minus before the load, each read after"
            + " forced collections"),
    INDEX_ALLOCATED("index.allocated", MetricUnit.BYTES,
            "bytes allocated while building the index, garbage included (the method of etcd's benchmark)"),
    INDEX_BYTES_PER_KEY("index.bytesPerKey", MetricUnit.BYTES, "index.liveHeap divided by the row's keys"),
    PROCESS_RSS("process.rss", MetricUnit.BYTES, "resident set size of the forked JVM after the load (VmRSS); for"
            + " etcd rows the member's after forced collections, for etcd-cluster rows the largest member's"),
    PROCESS_PEAK_RSS("process.peakRss", MetricUnit.BYTES, "peak resident set size of the forked JVM (VmHWM); for"
            + " etcd rows that of the member measured for process.rss"),
    PROCESS_RSS_ANON("process.rssAnon", MetricUnit.BYTES,
            "anonymous part of the RSS (RssAnon): Java heap, SQLite page cache, native allocations"),
    PROCESS_RSS_FILE("process.rssFile", MetricUnit.BYTES,
            "file-backed part of the RSS (RssFile): mapped JDK modules, libraries, memory-mapped store pages"),
    JVM_BASELINE_RSS("jvm.baselineRss", MetricUnit.BYTES,
            "RSS of the forked JVM before the row builds anything; for etcd rows the idle member's"),
    STORE_FILE_SIZE("store.fileSize", MetricUnit.BYTES,
            "size of the SQLite value file after the load (0 when store is none)"),
    STORE_NATIVE_BYTES("store.nativeBytes", MetricUnit.BYTES, "bytes the target holds outside the Java heap by its"
            + " own count, read with process.rss: for rocksdb rows its table readers, memtables and block cache, for a"
            + " target class what its nativeBytes() returns; absent when the target does not count them"),
    LOAD_SECONDS("load.seconds", MetricUnit.SECONDS,
            "wall-clock time of the row's writes: puts, deletes and compaction"),
    LOAD_PUTS_PER_SECOND("load.putsPerSecond", MetricUnit.OPS_PER_SECOND, "puts per second during the load"),
    GET_OPS_PER_SECOND("get.opsPerSecond", MetricUnit.OPS_PER_SECOND,
            "point reads of existing keys at the latest revision per second, after the load"),
    REOPEN_SECONDS("reopen.seconds", MetricUnit.SECONDS,
            "wall-clock time of reopening the store file the row built, the index rebuilt from it (store rows); for"
            + " h2 and rocksdb rows the open until a get can be served; for etcd rows the restart of every member"
            + " on its data until all are healthy"),
    REOPEN_REVISIONS_PER_SECOND("reopen.revisionsPerSecond", MetricUnit.OPS_PER_SECOND,
            "revisions the reopened index holds divided by reopen.seconds (store and etcd rows)"),
    REOPEN_RSS("reopen.rss", MetricUnit.BYTES, "RSS of the etcd member right after its restart and forced"
            + " collections (etcd rows; for etcd-cluster rows the largest member's)"),
    REOPEN_GO_HEAP("reopen.goHeap", MetricUnit.BYTES, "Go heap in use (go_memstats_heap_inuse_bytes) of the etcd"
            + " member right after its restart (etcd rows; for etcd-cluster rows the largest member's)"),
    WATCH_EVENTS("watch.events", MetricUnit.COUNT, "events the row's watchers delivered, one for every write when"
            + " none was lost (etcd rows with watchers)"),
    ETCD_M1_RSS("etcd.m1.rss", MetricUnit.BYTES, "RSS of etcd member m1 after the load (etcd and etcd-cluster rows)"),
    ETCD_M2_RSS("etcd.m2.rss", MetricUnit.BYTES, "RSS of etcd member m2 after the load (etcd-cluster rows)"),
    ETCD_M3_RSS("etcd.m3.rss", MetricUnit.BYTES, "RSS of etcd member m3 after the load (etcd-cluster rows)"),
    PROCESS_BYTES_PER_KEY("process.bytesPerKey", MetricUnit.BYTES, "(process.rss - jvm.baselineRss) divided by the"
            + " row's keys: what the process grew by per key, on the heap and off it (for etcd rows the member's)"),
    INDEX_OVERHEAD_PER_KEY("index.overheadPerKey", MetricUnit.BYTES, "the structure's own cost per key: index.liveHeap"
            + " less the key and value bytes it keeps on the heap, divided by the row's keys (JVM rows with a class"
            + " account)"),
    PROCESS_RSS_GROWTH("process.rssGrowth", MetricUnit.BYTES, "process.rss minus jvm.baselineRss: what the row"
            + " added to the resident set of a process that was already running; for etcd rows the member's growth over"
            + " its idle RSS"),
    ROW_SECONDS("row.seconds", MetricUnit.SECONDS, "wall-clock time of a run of the row: its probe JVM from its"
            + " start to its exit, settling, gets and reopen included"),
    MODEL_C1("model.c1", MetricUnit.BYTES, "fitted per-key overhead c1 of N*(c1+keySize) + N*versions*(c2+pointer)"),
    MODEL_C2("model.c2", MetricUnit.BYTES, "fitted per-version overhead c2 of the same model"),
    MODEL_RELATIVE_RMS_ERROR("model.relativeRmsError", MetricUnit.RATIO,
            "root mean square of (measured - model) / measured over the fitted rows: how well the model fits");

    private static final List<Metric> ROW_METRICS = Arrays.stream(values()).filter(m -> !m.isModel()).toList();

    private final String metricName;
    private final MetricUnit unit;
    private final String description;

    Metric(String metricName, MetricUnit unit, String description) {
        this.metricName = metricName;
        this.unit = unit;
        this.description = description;
    }

    /** The name specs and reports use, like {@code index.liveHeap}. */
    public String metricName() {
        return metricName;
    }

    public MetricUnit unit() {
        return unit;
    }

    /** One line saying what is measured. */
    public String description() {
        return description;
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

    /** All metric names, in declaration order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(Metric::metricName).toList();
    }
}
