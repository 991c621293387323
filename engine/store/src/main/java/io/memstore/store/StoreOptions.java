package io.memstore.store;

import io.memstore.store.internal.index.BTreeIndex;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How a store is opened. Immutable; every setter returns a changed copy:
 * {@code StoreOptions.defaults().durability(Durability.DEFERRED).maxValueSize(1 << 20)}.
 *
 * <table>
 *   <caption>Settings (KiB/MiB = powers of 1024)</caption>
 *   <tr><th>setting</th><th>default</th><th>allowed</th></tr>
 *   <tr><td>durability</td><td>{@link Durability#FULL}</td><td>FULL, NORMAL, DEFERRED</td></tr>
 *   <tr><td>batchLimit (DEFERRED)</td><td>10,000 revisions</td><td>1 .. 1,000,000</td></tr>
 *   <tr><td>batchInterval (DEFERRED)</td><td>100 ms</td><td>1 ms .. 1 h</td></tr>
 *   <tr><td>batchBytes (DEFERRED)</td><td>64 MiB</td><td>1 KiB .. 4 GiB</td></tr>
 *   <tr><td>maxKeySize</td><td>16 KiB</td><td>1 B .. 1 MiB</td></tr>
 *   <tr><td>maxValueSize</td><td>16 MiB</td><td>0 B .. 512 MiB</td></tr>
 *   <tr><td>readConnections</td><td>2</td><td>1 .. 64</td></tr>
 *   <tr><td>sqliteCacheKiB (per connection)</td><td>2,000 KiB (SQLite's default)</td><td>64 .. 4,194,304</td></tr>
 *   <tr><td>indexFactory</td><td>{@link BTreeIndex}</td><td>any supplier of new, empty indexes</td></tr>
 * </table>
 *
 * <p>Keys are held in memory by the index, hence their tight limit; values only in SQLite, whose blobs are
 * limited to 1,000,000,000 B.
 */
public final class StoreOptions {
    public static final int DEFAULT_BATCH_LIMIT = 10_000;
    public static final int MAX_BATCH_LIMIT = 1_000_000;
    public static final Duration DEFAULT_BATCH_INTERVAL = Duration.ofMillis(100);
    public static final long DEFAULT_BATCH_BYTES = 64L << 20;
    public static final int DEFAULT_MAX_KEY_SIZE = 16 << 10;
    public static final int MAX_KEY_SIZE_LIMIT = 1 << 20;
    public static final int DEFAULT_MAX_VALUE_SIZE = 16 << 20;
    public static final int MAX_VALUE_SIZE_LIMIT = 512 << 20;
    public static final int DEFAULT_READ_CONNECTIONS = 2;
    public static final int DEFAULT_SQLITE_CACHE_KIB = 2000;

    private static final StoreOptions DEFAULTS = new StoreOptions(Durability.FULL, DEFAULT_BATCH_LIMIT,
            DEFAULT_BATCH_INTERVAL, DEFAULT_BATCH_BYTES, DEFAULT_MAX_KEY_SIZE, DEFAULT_MAX_VALUE_SIZE,
            DEFAULT_READ_CONNECTIONS, DEFAULT_SQLITE_CACHE_KIB, BTreeIndex::new);

    private final Durability durability;
    private final int batchLimit;
    private final Duration batchInterval;
    private final long batchBytes;
    private final int maxKeySize;
    private final int maxValueSize;
    private final int readConnections;
    private final int sqliteCacheKiB;
    private final Supplier<? extends RevisionIndex> indexFactory;

    private StoreOptions(Durability durability, int batchLimit, Duration batchInterval, long batchBytes,
                         int maxKeySize, int maxValueSize, int readConnections, int sqliteCacheKiB,
                         Supplier<? extends RevisionIndex> indexFactory) {
        this.durability = durability;
        this.batchLimit = batchLimit;
        this.batchInterval = batchInterval;
        this.batchBytes = batchBytes;
        this.maxKeySize = maxKeySize;
        this.maxValueSize = maxValueSize;
        this.readConnections = readConnections;
        this.sqliteCacheKiB = sqliteCacheKiB;
        this.indexFactory = indexFactory;
    }

    public static StoreOptions defaults() {
        return DEFAULTS;
    }

    public StoreOptions durability(Durability d) {
        Objects.requireNonNull(d, "durability must not be null (one of FULL, NORMAL, DEFERRED)");
        return new StoreOptions(d, batchLimit, batchInterval, batchBytes, maxKeySize, maxValueSize,
                readConnections, sqliteCacheKiB, indexFactory);
    }

    /** DEFERRED: flush at the latest when this many write transactions are buffered. */
    public StoreOptions batchLimit(int revisions) {
        check("batchLimit", revisions, 1, MAX_BATCH_LIMIT, "revisions");
        return new StoreOptions(durability, revisions, batchInterval, batchBytes, maxKeySize, maxValueSize,
                readConnections, sqliteCacheKiB, indexFactory);
    }

    /** DEFERRED: flush buffered commits at least this often. */
    public StoreOptions batchInterval(Duration interval) {
        Objects.requireNonNull(interval, "batchInterval must not be null");
        if (interval.compareTo(Duration.ofMillis(1)) < 0 || interval.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("batchInterval must be between 1 ms and 1 h, got " + interval);
        }
        return new StoreOptions(durability, batchLimit, interval, batchBytes, maxKeySize, maxValueSize,
                readConnections, sqliteCacheKiB, indexFactory);
    }

    /** DEFERRED: flush at the latest when the buffered records take about this many bytes of heap. */
    public StoreOptions batchBytes(long bytes) {
        check("batchBytes", bytes, 1L << 10, 4L << 30, "B");
        return new StoreOptions(durability, batchLimit, batchInterval, bytes, maxKeySize, maxValueSize,
                readConnections, sqliteCacheKiB, indexFactory);
    }

    public StoreOptions maxKeySize(int bytes) {
        check("maxKeySize", bytes, 1, MAX_KEY_SIZE_LIMIT, "B");
        return new StoreOptions(durability, batchLimit, batchInterval, batchBytes, bytes, maxValueSize,
                readConnections, sqliteCacheKiB, indexFactory);
    }

    public StoreOptions maxValueSize(int bytes) {
        check("maxValueSize", bytes, 0, MAX_VALUE_SIZE_LIMIT, "B");
        return new StoreOptions(durability, batchLimit, batchInterval, batchBytes, maxKeySize, bytes,
                readConnections, sqliteCacheKiB, indexFactory);
    }

    /** SQLite connections serving reads concurrently with the writer. */
    public StoreOptions readConnections(int n) {
        check("readConnections", n, 1, 64, "connections");
        return new StoreOptions(durability, batchLimit, batchInterval, batchBytes, maxKeySize, maxValueSize,
                n, sqliteCacheKiB, indexFactory);
    }

    /** SQLite page cache of each connection (writer and every reader), in KiB. */
    public StoreOptions sqliteCacheKiB(int kib) {
        check("sqliteCacheKiB", kib, 64, 4 << 20, "KiB");
        return new StoreOptions(durability, batchLimit, batchInterval, batchBytes, maxKeySize, maxValueSize,
                readConnections, kib, indexFactory);
    }

    /** Makes the store's index; called once per open and must return a new, empty index. */
    public StoreOptions indexFactory(Supplier<? extends RevisionIndex> factory) {
        Objects.requireNonNull(factory, "indexFactory must not be null");
        return new StoreOptions(durability, batchLimit, batchInterval, batchBytes, maxKeySize, maxValueSize,
                readConnections, sqliteCacheKiB, factory);
    }

    public Durability durability() {
        return durability;
    }

    public int batchLimit() {
        return batchLimit;
    }

    public Duration batchInterval() {
        return batchInterval;
    }

    public long batchBytes() {
        return batchBytes;
    }

    public int maxKeySize() {
        return maxKeySize;
    }

    public int maxValueSize() {
        return maxValueSize;
    }

    public int readConnections() {
        return readConnections;
    }

    public int sqliteCacheKiB() {
        return sqliteCacheKiB;
    }

    public Supplier<? extends RevisionIndex> indexFactory() {
        return indexFactory;
    }

    private static void check(String name, long value, long min, long max, String unit) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in " + min + ".." + max + " " + unit + ", got " + value);
        }
    }

    @Override
    public String toString() {
        return "StoreOptions{durability=" + durability + ", batchLimit=" + batchLimit + ", batchInterval="
                + batchInterval.toMillis() + " ms, batchBytes=" + batchBytes + " B, maxKeySize=" + maxKeySize
                + " B, maxValueSize=" + maxValueSize + " B, readConnections=" + readConnections
                + ", sqliteCacheKiB=" + sqliteCacheKiB + '}';
    }
}
