package io.memstore.store;

/**
 * The settings the SQLite side uses ({@link StoreOptions} holds them for the user): the durability (the
 * synchronous mode, background checkpoints), the read connections and each connection's page cache, in KiB.
 */
record SqliteOptions(Durability durability, int readConnections, int cacheKiB) {
}
