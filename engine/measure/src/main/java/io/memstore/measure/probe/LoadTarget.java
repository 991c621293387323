package io.memstore.measure.probe;

/**
 * What a probe builds and measures: the index alone, or the store (index over SQLite). Revisions are the
 * target's business; the probe only says which key changes.
 */
interface LoadTarget extends AutoCloseable {

    /** Puts a key; {@code value} is a shared buffer, valid only during the call. */
    void put(byte[] key, byte[] value);

    /** Deletes a live key (a tombstone). */
    void delete(byte[] key);

    /** Compacts at the last revision written. */
    void compact();

    /** Makes every write durable or at least complete (flushes group commits). */
    void finish();

    /** Reads one key at the latest revision; true when it is found live. */
    boolean get(byte[] key);

    long keyCount();

    long revisionCount();

    /** Bytes of the target's files (0 when it has none), or null when their size cannot be read. */
    Long fileSize();

    /** What must stay reachable through a heap reading. */
    Object retained();

    /** How a get is made, for the record ("index.get", "store.range single key"). */
    String getMethod();

    @Override
    void close();
}
