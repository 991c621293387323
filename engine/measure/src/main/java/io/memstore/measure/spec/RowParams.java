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

    /** A builder of a row named {@code workload}, every other field at its {@link Builder built-in default}. */
    public static Builder builder(String workload) {
        return new Builder(workload);
    }

    /**
     * A builder holding this row's fields, to change some of them by name. A plain shape is left unset, so that it
     * follows a new value size.
     */
    public Builder toBuilder() {
        return new Builder(workload).keys(keys).versions(versions).keySize(keySize).valueSize(valueSize)
                .keyPattern(keyPattern).store(store).index(index).seed(seed).runs(runs).deletes(deletes)
                .compact(compact).settings(settings).system(system).snapshotCount(snapshotCount)
                .shape(shape.equals(LoadShape.plain(valueSize)) ? null : shape);
    }

    /** The same row measured on another system. */
    public RowParams withSystem(SystemKind other) {
        return toBuilder().system(other).build();
    }

    /** The same row with another etcd snapshot count. */
    public RowParams withSnapshotCount(long count) {
        return toBuilder().snapshotCount(count).build();
    }

    /** The same row with another load shape. */
    public RowParams withShape(LoadShape other) {
        return toBuilder().shape(java.util.Objects.requireNonNull(other, "shape")).build();
    }

    /**
     * Builds a {@link RowParams} by field name. A field left unset has the value a spec's row gets when neither
     * its workload nor {@code defaults} sets it ({@link RowField}'s built-in default): system memstore, 100,000
     * keys, 1 version, 64 B keys, 256 B values, key pattern random, store sqlite, index btree, seed 1, 1 run, no
     * deletes, no compaction, {@link StoreSettings#DEFAULTS}, etcd's default snapshot count
     * ({@link RowParams#DEFAULT_SNAPSHOT_COUNT}) and the shape {@link LoadShape#plain} of the value size. The
     * record's constructor validates the row in {@link #build()}.
     */
    public static final class Builder {
        private String workload;
        private long keys = 100_000;
        private int versions = 1;
        private int keySize = 64;
        private int valueSize = 256;
        private KeyPattern keyPattern = KeyPattern.RANDOM;
        private StoreKind store = StoreKind.SQLITE;
        private IndexKind index = IndexKind.BTREE;
        private long seed = 1;
        private int runs = 1;
        private double deletes;
        private boolean compact;
        private StoreSettings settings = StoreSettings.DEFAULTS;
        private SystemKind system = SystemKind.MEMSTORE;
        private long snapshotCount = DEFAULT_SNAPSHOT_COUNT;
        /** null: {@link LoadShape#plain} of the value size set last. */
        private LoadShape shape;

        private Builder(String workload) {
            this.workload = workload;
        }

        public Builder workload(String name) {
            this.workload = name;
            return this;
        }

        public Builder keys(long n) {
            this.keys = n;
            return this;
        }

        public Builder versions(int n) {
            this.versions = n;
            return this;
        }

        /** Bytes per key. */
        public Builder keySize(int bytes) {
            this.keySize = bytes;
            return this;
        }

        /** Bytes per value; the smallest of a range when {@link #shape} sets a larger {@code valueSizeMax}. */
        public Builder valueSize(int bytes) {
            this.valueSize = bytes;
            return this;
        }

        public Builder keyPattern(KeyPattern pattern) {
            this.keyPattern = pattern;
            return this;
        }

        public Builder store(StoreKind kind) {
            this.store = kind;
            return this;
        }

        public Builder index(IndexKind kind) {
            this.index = kind;
            return this;
        }

        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        public Builder runs(int n) {
            this.runs = n;
            return this;
        }

        /** Share of keys deleted after the puts, 0..1. */
        public Builder deletes(double share) {
            this.deletes = share;
            return this;
        }

        /** Whether to compact at the last revision after the writes. */
        public Builder compact(boolean atLatest) {
            this.compact = atLatest;
            return this;
        }

        public Builder settings(StoreSettings value) {
            this.settings = value;
            return this;
        }

        public Builder system(SystemKind kind) {
            this.system = kind;
            return this;
        }

        public Builder snapshotCount(long count) {
            this.snapshotCount = count;
            return this;
        }

        /** The value size range, compaction period, leases and watchers; null for {@link LoadShape#plain}. */
        public Builder shape(LoadShape value) {
            this.shape = value;
            return this;
        }

        public RowParams build() {
            return new RowParams(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs,
                    deletes, compact, settings, system, snapshotCount,
                    shape != null ? shape : LoadShape.plain(valueSize));
        }
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
