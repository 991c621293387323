package io.memstore.store.internal.sqlite;

import io.memstore.store.KeyValue;
import io.memstore.store.Revision;

/**
 * One record of the {@code kv} table: a change of one key at one packed revision. A put holds the value, the
 * packed revision that created the key's generation and the key's version; a tombstone holds an empty value
 * and zeros.
 */
public record StoredRecord(long rev, byte[] key, byte[] value, long createRev, long version, boolean tombstone) {
    static final byte[] NO_VALUE = new byte[0];

    public KeyValue toKeyValue(boolean copy) {
        return new KeyValue(copy ? key.clone() : key, copy ? value.clone() : value,
                Revision.main(createRev), Revision.main(rev), version);
    }
}
