package io.memstore.store;

import java.util.zip.CRC32C;

/**
 * The checksums of the rows of a store file ({@link StoreSchema}), each built from CRC32Cs (unsigned 32-bit
 * values). Format version 5 keeps both of a change's checksums at the start of its kv_key row's entry
 * ({@link KeyEntry}), one 64-bit word:
 * <ul>
 *   <li>the low 32 bits, {@link #ofValue}, cover the packed revision (8 B, big-endian) and the value's bytes, so a
 *       value moved to another revision fails;</li>
 *   <li>the high 32 bits, {@link #ofEntry}, cover the packed revision, every byte of the entry after the checksum
 *       (version, created revision, key) and the low 32 bits (4 B): the open, which reads kv_key alone, checks
 *       every bit of the row, and a read of a value checks the value against the low half the key row vouches
 *       for.</li>
 * </ul>
 * The earlier formats, read by {@link FormatUpgrade} and {@link MvccStore#verify}:
 * <ul>
 *   <li>{@link #ofKey}, the high half of version 4's {@code crc} column ({@link #of}), over the packed revision,
 *       create_rev and version (8 B each), the key's length (4 B) and bytes, and the low half, which was
 *       {@link #ofValue} as in version 5;</li>
 *   <li>{@link #ofV3Key}, of a kv_key row of version 3: the packed revision, create_rev and version, the
 *       tombstone flag (1 B), the key's length and bytes; version 3's kv_value row held {@link #ofValue} in a
 *       column of its own;</li>
 *   <li>{@link #ofV2}, of a row of version 2's single table: the fields of {@link #ofV3Key} followed by the
 *       value's bytes (the key's length separates key and value, so bytes moved from one to the other fail).</li>
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
     * The row's half of a version 5 entry's checksum: CRC32C of the packed revision, {@code entry}'s bytes after
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

    /** The {@code crc} column of a kv_key row of format version 4: {@link #ofKey} above {@link #ofValue}. */
    static long of(long rev, byte[] key, long createRev, long version, byte[] value) {
        long valueCrc = ofValue(rev, value);
        return ofKey(rev, key, createRev, version, valueCrc) << 32 | valueCrc;
    }

    /** The value's half of a checksum word ({@link #of}, a {@link KeyEntry}'s). */
    static long valueHalf(long crc) {
        return crc & LOW_32;
    }

    /** The key row's half of a checksum word ({@link #of}, a {@link KeyEntry}'s). */
    static long keyHalf(long crc) {
        return crc >>> 32;
    }

    /** The checksum of a version 4 kv_key row's fields and the value checksum it held: the high half of {@link #of}. */
    static long ofKey(long rev, byte[] key, long createRev, long version, long valueCrc) {
        byte[] fixed = new byte[8 + 8 + 8 + 4];
        putLong(fixed, 0, rev);
        putLong(fixed, 8, createRev);
        putLong(fixed, 16, version);
        putInt(fixed, 24, key.length);
        CRC32C crc = new CRC32C();
        crc.update(fixed, 0, fixed.length);
        crc.update(key, 0, key.length);
        putInt(fixed, 0, (int) valueCrc);
        crc.update(fixed, 0, 4);
        return crc.getValue();
    }

    /** The checksum of a value at a packed revision: the low half of a checksum word, and version 3's kv_value.crc. */
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

    /** The checksum of a kv_key row of format version 3. */
    static long ofV3Key(long rev, byte[] key, long createRev, long version, boolean tombstone) {
        return v3KeyPart(rev, key, createRev, version, tombstone).getValue();
    }

    /** The checksum of a row of format version 2's kv table. */
    static long ofV2(long rev, byte[] key, byte[] value, long createRev, long version, boolean tombstone) {
        CRC32C crc = v3KeyPart(rev, key, createRev, version, tombstone);
        crc.update(value, 0, value.length);
        return crc.getValue();
    }

    private static CRC32C v3KeyPart(long rev, byte[] key, long createRev, long version, boolean tombstone) {
        byte[] fixed = new byte[8 + 8 + 8 + 1 + 4];
        putLong(fixed, 0, rev);
        putLong(fixed, 8, createRev);
        putLong(fixed, 16, version);
        fixed[24] = (byte) (tombstone ? 1 : 0);
        putInt(fixed, 25, key.length);
        CRC32C crc = new CRC32C();
        crc.update(fixed, 0, fixed.length);
        crc.update(key, 0, key.length);
        return crc;
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
