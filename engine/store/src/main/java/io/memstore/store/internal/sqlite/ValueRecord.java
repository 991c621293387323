package io.memstore.store.internal.sqlite;

import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The {@code value} column of a kv_value record ({@link StoreSchema}): the change's checksum, then the value.
 *
 * <pre>
 * bytes 0..3   checksum, big-endian: RecordChecksum.ofValueRecord of the change (revision, created revision, version,
 *              key) and the value
 * the rest     the value's bytes (none for a tombstone)
 * </pre>
 *
 * The checksum covers the fields of the change's kv_key record as well as the value, so a record read alone by its
 * revision, as a get reads it, is checked against the key, created revision and version the in-memory index holds
 * for that revision: the kv_key record need not be read to vouch for it. The checksum is in the blob rather than in a
 * column of its own because the driver's cost of reading or binding a record grows with its columns, not its bytes.
 * An instance checks records with its own {@link CRC32C} and is used by one thread at a time.
 */
public final class ValueRecord {
    private final CRC32C crc = new CRC32C();
    private final byte[] scratch = new byte[32];

    /** The record of a change: {@code createRev} and {@code version} 0 for a tombstone, whose value is empty. */
    public byte[] encode(long rev, byte[] key, long createRev, long version, byte[] value) {
        byte[] record = new byte[RecordChecksum.BYTES + value.length];
        System.arraycopy(value, 0, record, RecordChecksum.BYTES, value.length);
        RecordChecksum.store(record, RecordChecksum.ofValueRecord(crc, scratch, rev, createRev, version, key, record,
                RecordChecksum.BYTES));
        return record;
    }

    /**
     * Null when {@code record}, read at {@code rev}, is the record of the change the arguments describe (its checksum
     * holds, and a tombstone's has no value), else what is wrong with it, completing "the record ... ".
     */
    public String problem(long rev, byte[] key, long createRev, long version, byte[] record) {
        if (record.length < RecordChecksum.BYTES) {
            return "has a value row of " + record.length + " B, shorter than its " + RecordChecksum.BYTES
                    + " B checksum";
        }
        long stored = RecordChecksum.stored(record);
        long computed = RecordChecksum.ofValueRecord(crc, scratch, rev, createRev, version, key, record,
                RecordChecksum.BYTES);
        if (stored != computed) {
            return String.format("has a value that fails its checksum (stored 0x%08x, computed 0x%08x over the value"
                    + " and the change's key, version and created revision)", stored, computed);
        }
        if (version == 0 && record.length != RecordChecksum.BYTES) {
            return "is a tombstone with a value of " + (record.length - RecordChecksum.BYTES) + " B";
        }
        return null;
    }

    /** The value of a record that passed {@link #problem}, in an array of its own. */
    public static byte[] value(byte[] record) {
        return record.length == RecordChecksum.BYTES ? StoredRecord.NO_VALUE
                : Arrays.copyOfRange(record, RecordChecksum.BYTES, record.length);
    }
}
