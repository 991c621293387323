package io.memstore.store.internal.sqlite;

/**
 * The digest of a set of kv_key rows ({@link StoreSchema}): the exclusive or of one 64-bit term per row, a mix of
 * the row's packed revision and its checksum ({@link RowChecksum#ofEntry}, which covers the revision, key, version
 * and created revision). The meta row {@code key_digest} holds the digest of every row in kv_key, changed in the
 * transaction that adds or deletes rows; an index image holds the digest of the rows it was made from. Every row
 * has a revision of its own and the terms are well mixed, so two sets of rows that differ, such as the rows of two
 * copies of one file that took other writes after the copy, have different digests whatever their counts and last
 * revisions, unless every row that differs has the checksum of the other set's row of its revision (a chance of
 * 2<sup>-32</sup> for each such row) or the terms cancel out (a chance of about 2<sup>-64</sup>).
 *
 * <p>A term is added and taken away by the same exclusive or, in any order: a commit changes the digest by its rows'
 * terms alone, a compaction by its deleted rows' terms, and the digest of the rows up to a revision is the file's
 * digest with the terms of the rows after it taken away, which is how an open from an image checks that the image
 * was made from the rows of this file ({@link StoreOpener}). Computing a term costs a few arithmetic instructions:
 * the write, the open and verify already have each row's checksum at hand.
 */
public final class KeyDigest {
    /** The digest of no rows (a new file). */
    public static final long EMPTY = 0;

    private KeyDigest() {
    }

    /** The term of the kv_key row at packed revision {@code rev} whose checksum is {@code checksum}. */
    public static long term(long rev, long checksum) {
        return mix(mix(rev) ^ checksum);
    }

    /** The term of the kv_key row at {@code rev} whose entry is {@code entry}, by the checksum stored in it. */
    static long ofEntry(long rev, byte[] entry) {
        return entry.length < RowChecksum.BYTES ? term(rev, -1) : term(rev, RowChecksum.stored(entry));
    }

    /** A digest as reports print it: 16 hexadecimal digits. */
    public static String toString(long digest) {
        return String.format("0x%016x", digest);
    }

    /** MurmurHash3's 64-bit finalizer: a bijection of the 64-bit values in which every input bit moves every output bit. */
    private static long mix(long v) {
        v ^= v >>> 33;
        v *= 0xff51afd7ed558ccdL;
        v ^= v >>> 33;
        v *= 0xc4ceb9fe1a85ec53L;
        v ^= v >>> 33;
        return v;
    }
}
