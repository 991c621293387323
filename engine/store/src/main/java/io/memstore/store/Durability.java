package io.memstore.store;

/**
 * When a commit reaches the disk. Every mode keeps the file consistent: after any crash the store reopens
 * at some committed revision, never at a half-written one.
 */
public enum Durability {
    /**
     * The default. {@code commit()} returns after the SQLite transaction committed with
     * {@code synchronous=FULL}: the commit survives a process crash and a power loss.
     */
    FULL,
    /**
     * {@code commit()} returns after the SQLite transaction committed with {@code synchronous=NORMAL} in WAL
     * mode: the commit survives a process crash; a power loss may lose the last commits.
     */
    NORMAL,
    /**
     * Group commit, as etcd's backend batches: commits collect in memory and are written in one SQLite
     * transaction ({@code synchronous=NORMAL}) every {@link StoreOptions#batchLimit()} revisions (or
     * {@link StoreOptions#batchBytes()}), every {@link StoreOptions#batchInterval()}, on {@link MvccStore#flush()},
     * before a compaction and on close; full batches are written by a background thread. Reads see a commit as
     * soon as {@code commit()} returns. A crash loses at most the commits not yet flushed (up to two batches:
     * the one being written and the one filling); the file stays consistent. The fastest mode for bulk loads.
     */
    DEFERRED
}
