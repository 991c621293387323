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
 */
public record RowParams(String workload, long keys, int versions, int keySize, int valueSize,
                        KeyPattern keyPattern, StoreKind store, IndexKind index, long seed, int runs,
                        double deletes, boolean compact, StoreSettings settings) {
    public RowParams {
        java.util.Objects.requireNonNull(settings, "settings");
    }

    /** A row with the default store options ({@link StoreSettings#DEFAULTS}). */
    public RowParams(String workload, long keys, int versions, int keySize, int valueSize, KeyPattern keyPattern,
                     StoreKind store, IndexKind index, long seed, int runs, double deletes, boolean compact) {
        this(workload, keys, versions, keySize, valueSize, keyPattern, store, index, seed, runs, deletes, compact,
                StoreSettings.DEFAULTS);
    }
}
