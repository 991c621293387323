package io.memstore.store;

import java.util.zip.CRC32C;

/**
 * The checksums of the rows of a store file ({@link StoreSchema}), each a CRC32C stored as an unsigned 32-bit
 * value in a long:
 * <ul>
 *   <li>{@link #ofKey}, of a kv_key row: the packed revision, create_rev and version (8 B each, big-endian), the
 *       tombstone flag (1 B), the key's length (4 B) and bytes;</li>
 *   <li>{@link #ofValue}, of a kv_value row: the packed revision (8 B) and the value's bytes, so a value moved to
 *       another revision fails;</li>
 *   <li>{@link #ofV2}, of a row of format version 2's single table: the fields of {@link #ofKey} followed by the
 *       value's bytes (the key's length separates key and value, so bytes moved from one to the other fail).</li>
 * </ul>
 * They are computed when a row is written and compared on every read of the row and on the open's scan: a
 * flipped bit anywhere in a row, including in the revision that locates it, is found, since CRC32C detects every
 * single-bit and two-bit error and every burst of up to 32 bits in messages of this size.
 */
final class RowChecksum {
    private static final int FIXED = 8 + 8 + 8 + 1 + 4;

    private RowChecksum() {
    }

    /** The checksum of a kv_key row. */
    static long ofKey(long rev, byte[] key, long createRev, long version, boolean tombstone) {
        return keyPart(rev, key, createRev, version, tombstone).getValue();
    }

    /** The checksum of a kv_value row. */
    static long ofValue(long rev, byte[] value) {
        byte[] fixed = new byte[8];
        putLong(fixed, 0, rev);
        CRC32C crc = new CRC32C();
        crc.update(fixed, 0, 8);
        crc.update(value, 0, value.length);
        return crc.getValue();
    }

    /** The checksum of a row of format version 2's kv table. */
    static long ofV2(long rev, byte[] key, byte[] value, long createRev, long version, boolean tombstone) {
        CRC32C crc = keyPart(rev, key, createRev, version, tombstone);
        crc.update(value, 0, value.length);
        return crc.getValue();
    }

    private static CRC32C keyPart(long rev, byte[] key, long createRev, long version, boolean tombstone) {
        byte[] fixed = new byte[FIXED];
        putLong(fixed, 0, rev);
        putLong(fixed, 8, createRev);
        putLong(fixed, 16, version);
        fixed[24] = (byte) (tombstone ? 1 : 0);
        int n = key.length;
        fixed[25] = (byte) (n >>> 24);
        fixed[26] = (byte) (n >>> 16);
        fixed[27] = (byte) (n >>> 8);
        fixed[28] = (byte) n;
        CRC32C crc = new CRC32C();
        crc.update(fixed, 0, FIXED);
        crc.update(key, 0, key.length);
        return crc;
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }
}
