package io.memstore.store;

/**
 * One row of the {@code kv} table: a change of one key at one packed revision. A put holds the value, the
 * packed revision that created the key's generation and the key's version; a tombstone holds an empty value
 * and zeros.
 */
record StoredRow(long rev, byte[] key, byte[] value, long createRev, long version, boolean tombstone) {
    static final byte[] NO_VALUE = new byte[0];

    static StoredRow put(long rev, byte[] key, byte[] value, long createRev, long version) {
        return new StoredRow(rev, key, value, createRev, version, false);
    }

    static StoredRow tombstone(long rev, byte[] key) {
        return new StoredRow(rev, key, NO_VALUE, 0, 0, true);
    }

    /** Approximate heap bytes, for the deferred buffer's byte limit. */
    long sizeBytes() {
        return key.length + value.length + 96L;
    }

    KeyValue toKeyValue(boolean copy) {
        return new KeyValue(copy ? key.clone() : key, copy ? value.clone() : value,
                Revision.main(createRev), Revision.main(rev), version);
    }
}
