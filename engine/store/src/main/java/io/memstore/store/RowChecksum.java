package io.memstore.store;

import java.util.zip.CRC32C;

/**
 * The checksum of one kv row ({@link StoreSchema}): CRC32C over the packed revision, create_rev and version
 * (8 B each, big-endian), the tombstone flag (1 B), the key's length (4 B) and bytes, then the value's bytes.
 * The key's length separates key and value, so bytes moved from one to the other change the checksum. It is
 * computed when a row is written and compared on every read of the row and on the open's scan: a flipped bit
 * anywhere in the row, including in the revision that locates it, is found, since CRC32C detects every
 * single-bit and two-bit error and every burst of up to 32 bits in messages of this size.
 */
final class RowChecksum {
    private static final int FIXED = 8 + 8 + 8 + 1 + 4;

    private RowChecksum() {
    }

    /** The checksum as an unsigned 32-bit value in a long, as stored in {@code kv.crc}. */
    static long of(long rev, byte[] key, byte[] value, long createRev, long version, boolean tombstone) {
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
        crc.update(value, 0, value.length);
        return crc.getValue();
    }

    static long of(StoredRow r) {
        return of(r.rev(), r.key(), r.value(), r.createRev(), r.version(), r.tombstone());
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }
}
