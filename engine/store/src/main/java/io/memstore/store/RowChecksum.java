package io.memstore.store;

import java.util.zip.CRC32C;

/**
 * The checksums of the rows of a store file ({@link StoreSchema}), each built from CRC32Cs (unsigned 32-bit
 * values). The format keeps both of a change's checksums at the start of its kv_key row's entry
 * ({@link KeyEntry}), one 64-bit word:
 * <ul>
 *   <li>the low 32 bits, {@link #ofValue}, cover the packed revision (8 B, big-endian) and the value's bytes, so a
 *       value moved to another revision fails;</li>
 *   <li>the high 32 bits, {@link #ofEntry}, cover the packed revision, every byte of the entry after the checksum
 *       (version, created revision, key) and the low 32 bits (4 B): the open, which reads kv_key alone, checks
 *       every bit of the row, and a read of a value checks the value against the low half the key row vouches
 *       for.</li>
 * </ul>
 * They are computed when a row is written and compared on every read of the row and on the open's scan: a
 * flipped bit anywhere in a row, including in the revision that locates it, is found, since CRC32C detects every
 * single-bit and two-bit error and every burst of up to 32 bits in messages of this size.
 */
final class RowChecksum {
    private static final long LOW_32 = 0xFFFF_FFFFL;

    private RowChecksum() {
    }

    /**
     * The row's half of an entry's checksum: CRC32C of the packed revision, {@code entry}'s bytes after
     * its checksum and {@code valueCrc} (4 B), computed with {@code crc} and {@code scratch} (8 B or more), which
     * the caller may reuse from call to call.
     */
    static long ofEntry(CRC32C crc, byte[] scratch, long rev, byte[] entry, long valueCrc) {
        crc.reset();
        putLong(scratch, 0, rev);
        crc.update(scratch, 0, 8);
        crc.update(entry, KeyEntry.CHECKSUM_BYTES, entry.length - KeyEntry.CHECKSUM_BYTES);
        putInt(scratch, 0, (int) valueCrc);
        crc.update(scratch, 0, 4);
        return crc.getValue();
    }

    /** The value's half of a {@link KeyEntry}'s checksum word. */
    static long valueHalf(long crc) {
        return crc & LOW_32;
    }

    /** The key row's half of a {@link KeyEntry}'s checksum word. */
    static long keyHalf(long crc) {
        return crc >>> 32;
    }

    /** The checksum of a value at a packed revision: the low half of a checksum word. */
    static long ofValue(long rev, byte[] value) {
        return ofValue(new CRC32C(), new byte[8], rev, value);
    }

    /** {@link #ofValue(long, byte[])} computed with {@code crc} and {@code scratch} (8 B or more) the caller reuses. */
    static long ofValue(CRC32C crc, byte[] scratch, long rev, byte[] value) {
        crc.reset();
        putLong(scratch, 0, rev);
        crc.update(scratch, 0, 8);
        crc.update(value, 0, value.length);
        return crc.getValue();
    }

    private static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
