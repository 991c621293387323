package io.memstore.store.internal.sqlite;

/**
 * The digest of a set of kv_key records ({@link StoreSchema}): the exclusive or of one 64-bit term per record, a mix of
 * the record's packed revision and its checksum ({@link RecordChecksum#ofEntry}, which covers the revision, key,
 * version and created revision). The meta record {@code key_digest} holds the digest of every record in kv_key, changed
 * in the transaction that adds or deletes records; an index image holds the digest of the records it was made from.
 * Every record has a revision of its own and the terms are well mixed, so two sets of records that differ, such as the
 * records of two copies of one file that took other writes after the copy, have different digests whatever their counts
 * and last revisions, unless every record that differs has the checksum of the other set's record of its revision (a
 * chance of 2<sup>-32</sup> for each such record) or the terms cancel out (a chance of about 2<sup>-64</sup>).
 *
 * <p>A term is added and taken away by the same exclusive or, in any order: a commit changes the digest by its records'
 * terms alone, a compaction by its deleted records' terms, and the digest of the records up to a revision is the file's
 * digest with the terms of the records after it taken away, which is how an open from an image checks that the image
 * was made from the records of this file ({@link StoreOpener}). Computing a term costs a few arithmetic instructions:
 * the write, the open and verify already have each record's checksum at hand.
 */
public final class KeyDigest {
    /** The digest of no records (a new file). */
    public static final long EMPTY = 0;

    private KeyDigest() {
    }

    /** The term of the kv_key record at packed revision {@code rev} whose checksum is {@code checksum}. */
    public static long term(long rev, long checksum) {
        return mix(mix(rev) ^ checksum);
    }

    /** The term of the kv_key record at {@code rev} whose entry is {@code entry}, by the checksum stored in it. */
    static long ofEntry(long rev, byte[] entry) {
        return entry.length < RecordChecksum.BYTES ? term(rev, -1) : term(rev, RecordChecksum.stored(entry));
    }

    /** A digest as reports print it: 16 hexadecimal digits. */
    public static String toString(long digest) {
        return String.format("0x%016x", digest);
    }

    /**
     * MurmurHash3's 64-bit finalizer: a bijection of the 64-bit values in which every input bit moves every output
     * bit.
     */
    private static long mix(long v) {
        v ^= v >>> 33;
        v *= 0xff51afd7ed558ccdL;
        v ^= v >>> 33;
        v *= 0xc4ceb9fe1a85ec53L;
        v ^= v >>> 33;
        return v;
    }
}
