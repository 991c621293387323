package io.memstore.measure.spec;

import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.Durability;
import io.memstore.store.StoreOptions;

import java.util.Objects;

/**
 * The store options of a row that change memory or speed, as the probe passes them to the store: the B-tree's
 * leaf capacity (index {@code btree} only; other indexes ignore it) and, for rows over SQLite ({@code store:
 * sqlite}; {@code store: none} ignores them), {@link StoreOptions}' durability, page cache, read connections and
 * the group-commit limits of {@link Durability#DEFERRED}.
 *
 * @param leafCapacity       keys per B-tree leaf at most, 4..1024
 * @param durability         when a commit reaches the disk
 * @param sqliteCacheKiB     SQLite's page cache per connection, in KiB
 * @param readConnections    SQLite connections for reads beside the writer
 * @param batchLimit         DEFERRED: write transactions buffered at most before a flush
 * @param batchBytes         DEFERRED: bytes of buffered rows at most before a flush (B)
 * @param batchIntervalMillis DEFERRED: buffered commits are flushed at least this often (ms)
 */
public record StoreSettings(int leafCapacity, Durability durability, int sqliteCacheKiB, int readConnections,
                            int batchLimit, long batchBytes, long batchIntervalMillis) {
    /**
     * What a row gets when the spec sets none of them: the B-tree's and the store's defaults, except durability
     * DEFERRED (group commit, as etcd's backend batches writes).
     */
    public static final StoreSettings DEFAULTS = new StoreSettings(BTreeIndex.DEFAULT_LEAF_CAPACITY,
            Durability.DEFERRED, StoreOptions.DEFAULT_SQLITE_CACHE_KIB, StoreOptions.DEFAULT_READ_CONNECTIONS,
            StoreOptions.DEFAULT_BATCH_LIMIT, StoreOptions.DEFAULT_BATCH_BYTES,
            StoreOptions.DEFAULT_BATCH_INTERVAL.toMillis());

    public StoreSettings {
        Objects.requireNonNull(durability, "durability");
    }
}
