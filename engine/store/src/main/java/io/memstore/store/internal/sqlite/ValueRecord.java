package io.memstore.store.internal.sqlite;

import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The {@code value} column of a kv_value row ({@link StoreSchema}): the change's checksum, then the value.
 *
 * <pre>
 * bytes 0..3   checksum, big-endian: RowChecksum.ofValueRow of the change (revision, created revision, version,
 *              key) and the value
 * the rest     the value's bytes (none for a tombstone)
 * </pre>
 *
 * The checksum covers the fields of the change's kv_key row as well as the value, so a row read alone by its
 * revision, as a get reads it, is checked against the key, created revision and version the in-memory index holds
 * for that revision: the kv_key row need not be read to vouch for it. The checksum is in the blob rather than in a
 * column of its own because the driver's cost of reading or binding a row grows with its columns, not its bytes.
 * An instance checks rows with its own {@link CRC32C} and is used by one thread at a time.
 */
public final class ValueRecord {
    private final CRC32C crc = new CRC32C();
    private final byte[] scratch = new byte[32];

    /** The row of a change: {@code createRev} and {@code version} 0 for a tombstone, whose value is empty. */
    public byte[] encode(long rev, byte[] key, long createRev, long version, byte[] value) {
        byte[] row = new byte[RowChecksum.BYTES + value.length];
        System.arraycopy(value, 0, row, RowChecksum.BYTES, value.length);
        RowChecksum.store(row, RowChecksum.ofValueRow(crc, scratch, rev, createRev, version, key, row,
                RowChecksum.BYTES));
        return row;
    }

    /**
     * Null when {@code row}, read at {@code rev}, is the row of the change the arguments describe (its checksum
     * holds, and a tombstone's has no value), else what is wrong with it, completing "the row ... ".
     */
    public String problem(long rev, byte[] key, long createRev, long version, byte[] row) {
        if (row.length < RowChecksum.BYTES) {
            return "has a value row of " + row.length + " B, shorter than its " + RowChecksum.BYTES + " B checksum";
        }
        long stored = RowChecksum.stored(row);
        long computed = RowChecksum.ofValueRow(crc, scratch, rev, createRev, version, key, row, RowChecksum.BYTES);
        if (stored != computed) {
            return String.format("has a value that fails its checksum (stored 0x%08x, computed 0x%08x over the value"
                    + " and the change's key, version and created revision)", stored, computed);
        }
        if (version == 0 && row.length != RowChecksum.BYTES) {
            return "is a tombstone with a value of " + (row.length - RowChecksum.BYTES) + " B";
        }
        return null;
    }

    /** The value of a row that passed {@link #problem}, in an array of its own. */
    public static byte[] value(byte[] row) {
        return row.length == RowChecksum.BYTES ? StoredRow.NO_VALUE : Arrays.copyOfRange(row, RowChecksum.BYTES,
                row.length);
    }
}
