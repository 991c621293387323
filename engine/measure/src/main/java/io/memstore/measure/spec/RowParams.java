package io.memstore.measure.spec;

/**
 * The fully resolved parameters of one measured row: what the probe builds. Sizes are in bytes.
 *
 * @param workload   the workload's name in the spec
 * @param keys       distinct keys
 * @param versions   puts per key, in round-robin passes over all keys
 * @param keySize    bytes per key
 * @param valueSize  bytes per value (ignored when {@code store} is NONE)
 * @param keyPattern how keys are generated
 * @param store      whether values go to an SQLite file
 * @param index      which index is measured
 * @param seed       seed of every random choice of the row
 * @param runs       forked runs of the row; the median is reported
 * @param deletes    share of keys deleted after the puts, 0..1
 * @param compact    whether to compact at the last revision after the writes
 * @param settings   the store options: B-tree leaf capacity, durability, SQLite cache, batch limits
 * @param system     which system is measured; for other systems than memstore, {@code store}, {@code index}
 *                   and {@code settings} are ignored ({@link SystemKind#MEMSTORE_ONLY}) and values are stored
 * @param snapshotCount etcd rows: the members' {@code --snapshot-count}, the raft entries applied between two
 *                   snapshots (other systems ignore it, {@link SystemKind#ETCD_ONLY})
 * @param shape      the value size range, the compaction period, leases and watchers ({@link LoadShape});
 *                   {@code valueSize} is the smallest value size of a range
 */
public record RowParams(String workload, long keys, int versions, int keySize, int valueSize,
                        KeyPattern keyPattern, StoreKind store, IndexKind index, long seed, int runs,
                        double deletes, boolean compact, StoreSettings settings, SystemKind system,
                        long snapshotCount, LoadShape shape) {
    /** etcd 3.4's default {@code --snapshot-count}. */
    public static final long DEFAULT_SNAPSHOT_COUNT = 100_000;

    public RowParams {
        java.util.Objects.requireNonNull(settings, "settings");
        java.util.Objects.requireNonNull(system, "system");
        java.util.Objects.requireNonNull(shape, "shape");
        if (snapshotCount < 1) {
            throw new IllegalArgumentException("snapshotCount must be at least 1, was " + snapshotCount);
        }
        if (shape.valueSizeMax() < valueSize) {
            throw new IllegalArgumentException("the largest value size " + shape.valueSizeMax() + " B is below the"
                    + " smallest " + valueSize + " B");
        }
        if (compact && shape.compactEvery() > 0) {
            throw new IllegalArgumentException("compact latest and compact every " + shape.compactEvery()
                    + " exclude each other");
        }
    }

    /** A row of a fixed value size without periodic compaction, leases or watchers. */
    public RowParams(String workload, long keys, int versions, int keySize, int valueSize, KeyPattern keyPattern,
                     StoreKind store, IndexKind index, long seed, int runs, double deletes, boolean compact,
                     StoreSettings settings, SystemKind system, long snapshotCount) {
        this(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs, deletes, compact,
                settings, system, snapshotCount, LoadShape.plain(valueSize));
    }

    /** A row of this system, an etcd row with etcd's default snapshot count. */
    public RowParams(String workload, long keys, int versions, int keySize, int valueSize, KeyPattern keyPattern,
                     StoreKind store, IndexKind index, long seed, int runs, double deletes, boolean compact,
                     StoreSettings settings, SystemKind system) {
        this(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs, deletes, compact,
                settings, system, DEFAULT_SNAPSHOT_COUNT);
    }

    /** A memstore row ({@link SystemKind#MEMSTORE}). */
    public RowParams(String workload, long keys, int versions, int keySize, int valueSize, KeyPattern keyPattern,
                     StoreKind store, IndexKind index, long seed, int runs, double deletes, boolean compact,
                     StoreSettings settings) {
        this(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs, deletes, compact,
                settings, SystemKind.MEMSTORE);
    }

    /** A memstore row with the default store options ({@link StoreSettings#DEFAULTS}). */
    public RowParams(String workload, long keys, int versions, int keySize, int valueSize, KeyPattern keyPattern,
                     StoreKind store, IndexKind index, long seed, int runs, double deletes, boolean compact) {
        this(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs, deletes, compact,
                StoreSettings.DEFAULTS);
    }

    /** The same row measured on another system. */
    public RowParams withSystem(SystemKind other) {
        return new RowParams(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs,
                deletes, compact, settings, other, snapshotCount, shape);
    }

    /** The same row with another etcd snapshot count. */
    public RowParams withSnapshotCount(long count) {
        return new RowParams(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs,
                deletes, compact, settings, system, count, shape);
    }

    /** The same row with another load shape. */
    public RowParams withShape(LoadShape other) {
        return new RowParams(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs,
                deletes, compact, settings, system, snapshotCount, other);
    }

    /** The largest value size (B): {@code valueSize} unless the row draws sizes from a range. */
    public int valueSizeMax() {
        return shape.valueSizeMax();
    }

    /** True when each put's value size is drawn from {@code valueSize..valueSizeMax}. */
    public boolean valueSizeRange() {
        return shape.valueSizeMax() > valueSize;
    }

    /** The mean value size (B). */
    public double meanValueSize() {
        return (valueSize + (double) shape.valueSizeMax()) / 2;
    }

    /** The compaction window of {@code compact: every N}, 0 when the row compacts at most once. */
    public long compactEvery() {
        return shape.compactEvery();
    }

    /** Leases granted before the load (etcd rows). */
    public long leases() {
        return shape.leases();
    }

    /** Share of keys put with a lease (etcd rows). */
    public double leasedKeys() {
        return shape.leasedKeys();
    }

    /** Watch streams open through the load (etcd rows). */
    public int watchers() {
        return shape.watchers();
    }

    /** True when the row's values are stored: always for other systems, for memstore when store is sqlite. */
    public boolean storesValues() {
        return system != SystemKind.MEMSTORE || store == StoreKind.SQLITE;
    }
}
