package io.memstore.engine.probe;

/**
 * The names of the metrics a probe reports, with their units. Memory is in bytes (B), time in seconds,
 * rates per second. A metric the platform cannot provide is reported as null, never estimated.
 */
public final class Metrics {
    /** Resident set size before building, after the baseline collections (B). */
    public static final String JVM_BASELINE_RSS = "jvm.baselineRss";
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
    public static final String LOAD_SECONDS = "load.seconds";
    /** Puts divided by the wall time of the put phase alone (1/s). */
    public static final String LOAD_PUTS_PER_SECOND = "load.putsPerSecond";
    /** Wall time of the compaction, null when the row does not compact (s). */
    public static final String COMPACT_SECONDS = "compact.seconds";

    /**
     * Bytes the loading thread allocated during the build, garbage included (the seed's method): generated
     * keys of later passes, values, temporary objects. Not the index's size; compare with liveHeap.
     */
    public static final String INDEX_ALLOCATED = "index.allocated";
    /** Heap retained after the build minus the baseline, after full collections (B). */
    public static final String INDEX_LIVE_HEAP = "index.liveHeap";
    /** index.liveHeap divided by the row's keys (B per key). */
    public static final String INDEX_BYTES_PER_KEY = "index.bytesPerKey";
    /** Keys the index holds after the build (live or with history). */
    public static final String INDEX_KEYS = "index.keys";
    /** Revisions the index holds after the build, tombstones included. */
    public static final String INDEX_REVISIONS = "index.revisions";

    /** VmRSS after the heap measurement (B). */
    public static final String PROCESS_RSS = "process.rss";
    /** VmHWM, the highest RSS of the process's life (B). */
    public static final String PROCESS_PEAK_RSS = "process.peakRss";
    /** RssAnon after the heap measurement (B). */
    public static final String PROCESS_RSS_ANON = "process.rssAnon";
    /** RssFile after the heap measurement (B). */
    public static final String PROCESS_RSS_FILE = "process.rssFile";
    /** Pss of smaps_rollup after the heap measurement (B). */
    public static final String PROCESS_PSS = "process.pss";

    /** Size of the SQLite files (database + WAL) after the build, null when the row has no store (B). */
    public static final String STORE_FILE_SIZE = "store.fileSize";

    /** Timed gets of existing keys. */
    public static final String GET_COUNT = "get.count";
    /** Gets per second over a sample of existing keys, measured after the heap reading (1/s). */
    public static final String GET_OPS_PER_SECOND = "get.opsPerSecond";

    private Metrics() {
    }
}
