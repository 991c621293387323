package io.memstore.store.internal.sqlite;

import java.util.zip.CRC32C;

/**
 * The checksums of the records of a store file ({@link StoreSchema}), each a CRC32C (an unsigned 32-bit value) kept in
 * the first 4 B of the record's blob, big-endian:
 * <ul>
 *   <li>{@link #ofEntry}, of a kv_key record ({@link KeyEntry}): the packed revision (8 B) and every byte of the entry
 *       after the checksum (version, created revision, key). The open reads kv_key alone and checks every bit of
 *       each record it reads.</li>
 *   <li>{@link #ofValueRecord}, of a kv_value record ({@link ValueRecord}): the packed revision, the created revision
 *       and version (8 B each), the key's length (4 B) and bytes, then the value's bytes. It covers the whole change,
 *       not the value alone, so that a read of the value record by revision checks it against the key and fields the
 *       in-memory index holds, without reading the kv_key record: a value moved to another revision, paired with
 *       another key, or of a tombstone where the index has a put, fails. The key's length separates key and
 *       value, so bytes moved from one to the other fail too.</li>
 * </ul>
 * They are computed when a record is written and compared whenever the record is read: a flipped bit anywhere in a
 * record, including in the revision that locates it, is found, since CRC32C detects every single-bit and two-bit error
 * and every burst of up to 32 bits in messages of this size.
 */
public final class RecordChecksum {
    /** Bytes of a checksum at the start of a record's blob. */
    public static final int BYTES = 4;

    private RecordChecksum() {
    }

    /**
     * The checksum of a kv_key record: CRC32C of the packed revision and {@code entry}'s bytes after its checksum,
     * computed with {@code crc} and {@code scratch} (8 B or more), which the caller may reuse from call to call.
     */
    public static long ofEntry(CRC32C crc, byte[] scratch, long rev, byte[] entry) {
        crc.reset();
        putLong(scratch, 0, rev);
        crc.update(scratch, 0, 8);
        crc.update(entry, BYTES, entry.length - BYTES);
        return crc.getValue();
    }

    /**
     * The checksum of a kv_value record: CRC32C of the change's packed revision, packed created revision and version
     * (0 and 0 for a tombstone), the key's length and bytes, and {@code value[from, value.length)}, computed with
     * {@code crc} and {@code scratch} (28 B or more), which the caller may reuse.
     */
    static long ofValueRecord(CRC32C crc, byte[] scratch, long rev, long createRev, long version, byte[] key,
                           byte[] value, int from) {
        crc.reset();
        putLong(scratch, 0, rev);
        putLong(scratch, 8, createRev);
        putLong(scratch, 16, version);
        putInt(scratch, 24, key.length);
        crc.update(scratch, 0, 28);
        crc.update(key, 0, key.length);
        crc.update(value, from, value.length - from);
        return crc.getValue();
    }

    /** The checksum stored in the first {@link #BYTES} of {@code record} (at least that long). */
    public static long stored(byte[] record) {
        return (record[0] & 0xFFL) << 24 | (record[1] & 0xFFL) << 16 | (record[2] & 0xFFL) << 8 | (record[3] & 0xFFL);
    }

    /** Writes {@code checksum} into the first {@link #BYTES} of {@code record}. */
    public static void store(byte[] record, long checksum) {
        putInt(record, 0, (int) checksum);
    }

    /** What is wrong with a record whose checksum fails. */
    static String mismatch(long stored, long computed) {
        return String.format("fails its checksum (stored 0x%08x, computed 0x%08x)", stored, computed);
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
