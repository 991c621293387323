package io.memstore.store.internal.sqlite;

import io.memstore.store.Durability;

/**
 * The settings the SQLite side uses ({@code StoreOptions} holds them for the user): the durability (the
 * synchronous mode, background checkpoints), the read connections and each connection's page cache, in KiB.
 */
public record SqliteOptions(Durability durability, int readConnections, int cacheKiB) {
}
