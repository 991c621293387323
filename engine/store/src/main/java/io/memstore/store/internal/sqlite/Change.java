package io.memstore.store.internal.sqlite;

import io.memstore.store.Durability;
import java.util.zip.CRC32C;

/**
 * One change of a write transaction on its way into the file: its revision, key and fields, and the two blobs SQLite
 * stores for it, made once when the change is made: the kv_key entry ({@link KeyEntry}) and the kv_value record
 * ({@link ValueRecord}), each with its checksum. Made on the writer's thread, under the writer lock, by an {@link
 * Encoder}; the SQLite write (the commit itself, or {@link Durability#DEFERRED}'s background flush) binds the blobs
 * as they are. Encoding here rather than in the write puts the checksums and copies on the thread that already
 * holds the key and value in its caches, and leaves the deferred flush, the thread that bounds an ingest, with
 * SQLite's work alone. The value record is the store's one copy of the caller's value; a read of a change still
 * buffered copies the value out of it ({@link #toStoredRecord}).
 */
public record Change(long rev, byte[] key, long createRev, long version, byte[] entry, byte[] valueRecord) {
    /** Bytes a buffered change holds beyond its arrays (the record and three array headers), for byte limits. */
    private static final long OVERHEAD_BYTES = 96;

    /** A tombstone: version 0, no created revision, an empty value. */
    public boolean tombstone() {
        return version == 0;
    }

    /** Approximate heap bytes, for the deferred buffer's byte limit. */
    public long sizeBytes() {
        return key.length + entry.length + valueRecord.length + OVERHEAD_BYTES;
    }

    /** The change as a record read back: its value copied out of the value record. */
    public StoredRecord toStoredRecord() {
        return new StoredRecord(rev, key, ValueRecord.value(valueRecord), createRev, version, tombstone());
    }

    /** Makes changes with a checksum state of its own: one per store, used under the writer lock. */
    public static final class Encoder {
        private final CRC32C crc = new CRC32C();
        private final byte[] scratch = new byte[8];
        private final ValueRecord valueRecord = new ValueRecord();

        /** A put of {@code value} (copied, not kept) at {@code key} (kept: the caller's own copy). */
        public Change put(long rev, byte[] key, byte[] value, long createRev, long version) {
            return new Change(rev, key, createRev, version, KeyEntry.encode(crc, scratch, rev, key, createRev, version),
                    valueRecord.encode(rev, key, createRev, version, value));
        }

        /** A tombstone of {@code key} (kept) at {@code rev}. */
        public Change tombstone(long rev, byte[] key) {
            return new Change(rev, key, 0, 0, KeyEntry.encode(crc, scratch, rev, key, 0, 0),
                    valueRecord.encode(rev, key, 0, 0, StoredRecord.NO_VALUE));
        }
    }
}
