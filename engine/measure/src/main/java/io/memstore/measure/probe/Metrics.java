package io.memstore.measure.probe;

import io.memstore.measure.spec.Metric;

/**
 * The names of the metrics a probe reports, with their units. Memory is in bytes (B), time in seconds,
 * rates per second. A metric the platform cannot provide is reported as null, never estimated.
 *
 * <p>The metrics budgets and reports know are {@link Metric}'s row metrics, and their names come from there;
 * the others (heap baseline and limit, counts, Pss) are the probe's diagnostics, kept in the result file
 * and in {@code RowMeasurement} of the run package but not in {@code RowResult}.
 */
public final class Metrics {
    /** Resident set size before building, after the baseline collections (B). */
    public static final String JVM_BASELINE_RSS = Metric.JVM_BASELINE_RSS.metricName();
    /** Heap in use after full collections before building (B); the index was already created, empty. */
    public static final String JVM_BASELINE_HEAP = "jvm.baselineHeap";
    /** The child's heap limit, Runtime.maxMemory() (B). */
    public static final String JVM_MAX_HEAP = "jvm.maxHeap";
    /** The child's Java feature version (17, 21, ...). */
    public static final String JVM_VERSION = "jvm.version";

    /** Puts made (keys x versions). */
    public static final String LOAD_PUTS = "load.puts";
    /** Keys deleted after the puts. */
    public static final String LOAD_DELETES = "load.deletes";
    /** Wall time of the whole build: puts, deletes, compaction, flush (s). */
    public static final String LOAD_SECONDS = Metric.LOAD_SECONDS.metricName();
    /** Puts divided by the wall time of the put phase alone (1/s). */
    public static final String LOAD_PUTS_PER_SECOND = Metric.LOAD_PUTS_PER_SECOND.metricName();
    /** Wall time of closing and reopening the store's file after the readings, store rows only (s). */
    public static final String REOPEN_SECONDS = Metric.REOPEN_SECONDS.metricName();
    /** Revisions the reopened store's index holds divided by reopen.seconds (1/s). */
    public static final String REOPEN_REVISIONS_PER_SECOND = Metric.REOPEN_REVISIONS_PER_SECOND.metricName();
    /** Events the watchers delivered, a row with watchers only. */
    public static final String WATCH_EVENTS = Metric.WATCH_EVENTS.metricName();
    /** Compactions made on the period of {@code compact: every N}, such rows only. */
    public static final String LOAD_COMPACTIONS = "load.compactions";
    /** Go heap in use of a restarted etcd member right after it is healthy again (B). */
    public static final String REOPEN_GO_HEAP = Metric.REOPEN_GO_HEAP.metricName();
    /** RSS of a restarted server right after it is healthy again, etcd rows only (B). */
    public static final String REOPEN_RSS = Metric.REOPEN_RSS.metricName();
    /** Wall time of the compaction, null when the row does not compact (s). */
    public static final String COMPACT_SECONDS = "compact.seconds";

    /**
     * Bytes the loading thread allocated during the build, garbage included (etcd's benchmark's method): generated
     * keys of later passes, values, temporary objects. Not the index's size; compare with liveHeap. Only the
     * loading thread: a store's background flush thread is not counted.
     */
    public static final String INDEX_ALLOCATED = Metric.INDEX_ALLOCATED.metricName();
    /** Heap retained after the build minus the baseline, after full collections (B). */
    public static final String INDEX_LIVE_HEAP = Metric.INDEX_LIVE_HEAP.metricName();
    /** index.liveHeap divided by the row's keys (B per key). */
    public static final String INDEX_BYTES_PER_KEY = Metric.INDEX_BYTES_PER_KEY.metricName();
    /** Keys the index holds after the build (live or with history). */
    public static final String INDEX_KEYS = "index.keys";
    /** Revisions the index holds after the build, tombstones included. */
    public static final String INDEX_REVISIONS = "index.revisions";

    /** Milliseconds the probe waited after the build for the JIT compilers to go quiet ({@link SettledState}). */
    public static final String SETTLE_MILLIS = "settle.millis";
    /** 1 when both RSS readings were taken after returning freed native memory to the system, else 0. */
    public static final String SETTLE_TRIMMED = "settle.trimmed";

    /** VmRSS after the heap measurement, in the {@link SettledState settled state} (B). */
    public static final String PROCESS_RSS = Metric.PROCESS_RSS.metricName();
    /** {@link #PROCESS_RSS} minus {@link #JVM_BASELINE_RSS} (B). */
    public static final String PROCESS_RSS_GROWTH = Metric.PROCESS_RSS_GROWTH.metricName();
    /** VmHWM, the highest RSS of the process's life (B). */
    public static final String PROCESS_PEAK_RSS = Metric.PROCESS_PEAK_RSS.metricName();
    /** RssAnon after the heap measurement (B). */
    public static final String PROCESS_RSS_ANON = Metric.PROCESS_RSS_ANON.metricName();
    /** RssFile after the heap measurement (B). */
    public static final String PROCESS_RSS_FILE = Metric.PROCESS_RSS_FILE.metricName();
    /** (process.rss - jvm.baselineRss) / keys (B per key). */
    public static final String PROCESS_BYTES_PER_KEY = Metric.PROCESS_BYTES_PER_KEY.metricName();
    /** index.liveHeap less the key and value bytes the heap holds, per key ({@link Accounting}) (B per key). */
    public static final String INDEX_OVERHEAD_PER_KEY = Metric.INDEX_OVERHEAD_PER_KEY.metricName();
    /** Pss of smaps_rollup after the heap measurement (B). */
    public static final String PROCESS_PSS = "process.pss";

    /** Size of the SQLite files (database + WAL) after the build, 0 when the row has no store (B). */
    public static final String STORE_FILE_SIZE = Metric.STORE_FILE_SIZE.metricName();
    /** What the target holds outside the Java heap by its own count ({@code KeyValueTarget#nativeBytes}) (B). */
    public static final String STORE_NATIVE_BYTES = Metric.STORE_NATIVE_BYTES.metricName();

    /** Timed gets of existing keys. */
    public static final String GET_COUNT = "get.count";
    /** Gets per second over a sample of existing keys, measured after the heap reading (1/s). */
    public static final String GET_OPS_PER_SECOND = Metric.GET_OPS_PER_SECOND.metricName();

    private Metrics() {
    }
}
