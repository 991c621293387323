package io.memstore.store.internal.sqlite;

import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The {@code entry} column of a kv_key record ({@link StoreSchema}): everything the index needs of a change except its
 * revision, in one blob, so that reading a record costs the driver two column calls (the revision and this) instead of
 * one per field. The open reads every kv_key record, and the driver's per-column cost (a native call under the
 * connection's lock) was a large part of that read.
 *
 * <pre>
 * bytes 0..3   checksum, big-endian: RecordChecksum.ofEntry
 * varint       version: 0 for a tombstone, the key's version in its generation (1 or more) for a put
 * varint       rev - create_rev, a put only (0 for the put that creates its generation); a tombstone has none
 * the rest     the key's bytes
 * </pre>
 *
 * A varint is an unsigned LEB128 number: seven bits per byte, least significant group first, the high bit set on
 * every byte but the last, at most ten bytes for 64 bits. The distance to the created revision rather than the
 * revision itself keeps the field at one byte for the first put of a key and at a few for the rest.
 *
 * <p>The checksum covers the revision and every byte of the entry after it, so damage to the stored bytes is found
 * (as {@link RecordChecksum} says, every flipped bit or burst of up to 32) before they are decoded; a malformed entry
 * that passes it comes from a writer that broke the format, and {@link #read} reports it too. The value's checksum
 * is in its own record ({@link ValueRecord}). An instance decodes one entry at a time into its fields and is used by
 * one thread.
 */
public final class KeyEntry {
    /** Bytes of the checksum at the start of an entry. */
    public static final int CHECKSUM_BYTES = RecordChecksum.BYTES;
    private static final int MAX_VARINT_BYTES = 10;

    private final CRC32C crc = new CRC32C();
    private final byte[] scratch = new byte[8];

    /** The fields of the entry last {@link #read}. */
    long version;
    long createRev;
    /** Where the key begins in the entry. */
    int keyFrom;
    private byte[] entry;
    /** The varint last decoded. */
    private long varint;

    /** The entry of a change. */
    public static byte[] encode(long rev, byte[] key, long createRev, long version) {
        return encode(new CRC32C(), new byte[8], rev, key, createRev, version);
    }

    /** {@link #encode(long, byte[], long, long)} with a {@code crc} and {@code scratch} the caller reuses. */
    static byte[] encode(CRC32C crc, byte[] scratch, long rev, byte[] key, long createRev, long version) {
        boolean put = version != 0;
        int size = CHECKSUM_BYTES + varintSize(version) + (put ? varintSize(rev - createRev) : 0) + key.length;
        byte[] e = new byte[size];
        int at = putVarint(e, CHECKSUM_BYTES, version);
        if (put) {
            at = putVarint(e, at, rev - createRev);
        }
        System.arraycopy(key, 0, e, at, key.length);
        RecordChecksum.store(e, RecordChecksum.ofEntry(crc, scratch, rev, e));
        return e;
    }

    /**
     * Reads {@code entry}, the kv_key record at {@code rev}: null when its checksum holds and it decodes, its fields
     * then in this instance; else what is wrong with it, completing "the record ... ". The fields of an entry whose
     * checksum fails are decoded as far as they go, so that the key can be named.
     */
    String read(long rev, byte[] entry) {
        this.entry = entry;
        version = 0;
        createRev = 0;
        keyFrom = Math.min(entry.length, CHECKSUM_BYTES);
        if (entry.length < CHECKSUM_BYTES) {
            return "has an entry of " + entry.length + " B, shorter than its " + CHECKSUM_BYTES + " B checksum";
        }
        long stored = RecordChecksum.stored(entry);
        long computed = RecordChecksum.ofEntry(crc, scratch, rev, entry);
        boolean decoded = decode(rev);
        if (stored != computed) {
            return RecordChecksum.mismatch(stored, computed);
        }
        return decoded ? null : "passes its checksum but its entry does not decode (a varint runs past the end of"
                + " its " + entry.length + " B)";
    }

    /**
     * Decodes the fields after the checksum, {@link #keyFrom} moving past each; false when a varint runs past the
     * end of the entry, {@link #keyFrom} then at the end.
     */
    private boolean decode(long rev) {
        keyFrom = CHECKSUM_BYTES;
        if (!readVarint()) {
            return false;
        }
        version = varint;
        if (version != 0) {
            if (!readVarint()) {
                return false;
            }
            createRev = rev - varint;
        }
        return true;
    }

    /** Reads the varint at {@link #keyFrom} into {@link #varint}; false when it ends past the entry or 10 bytes. */
    private boolean readVarint() {
        long v = 0;
        for (int shift = 0, n = 0; keyFrom < entry.length && n < MAX_VARINT_BYTES; shift += 7, n++) {
            byte b = entry[keyFrom++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                varint = v;
                return true;
            }
        }
        return false;
    }

    /** The key of the entry last read, in an array of its own. */
    byte[] key() {
        return Arrays.copyOfRange(entry, keyFrom, entry.length);
    }

    private static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    private static int putVarint(byte[] b, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            b[at++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[at++] = (byte) v;
        return at;
    }
}
