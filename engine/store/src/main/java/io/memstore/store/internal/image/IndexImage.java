package io.memstore.store.internal.image;

import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.index.BTreeLeaf;
import io.memstore.store.internal.index.LeafCodec;
import io.memstore.store.internal.index.LeafSlabs;
import io.memstore.store.internal.sqlite.KeyDigest;
import io.memstore.store.internal.sqlite.RecordChecksum;
import io.memstore.store.internal.sqlite.StoreSchema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * A {@link BTreeIndex} as the store file keeps it ({@link StoreSchema}'s {@code index_image}), so that an open can
 * load the index instead of rebuilding it from every key record: its settled leaves, array for array, in key order,
 * and a header that says which records they cover and their digest. An open loads an image only when it is whole,
 * current and made from this file's records ({@link #problem}), and otherwise rebuilds the index from the records,
 * as without one.
 *
 * <pre>
 * part 0       the header: IMAGE_FIELDS longs (below)
 * part 1..n    whole leaves, one after the other, about PART_BYTES per part (a larger leaf makes a larger part)
 * every part   a CRC32C (4 B, big-endian) of the part's number, the image's revision and digest and the rest, then
 *              the rest
 * </pre>
 * A leaf is written by {@link LeafCodec}, as the index holds it, settled, so loading one is a copy of its arrays and
 * no packing; the suffixes and codes are copied into arrays the leaves share ({@link LeafSlabs}), sized from the
 * header's totals.
 *
 * <p>The header holds, in this order: the main revision the image covers (every write transaction up to it, and
 * none after), the packed revision of the newest kv_key record at that time, the compacted revision, the records of
 * kv_key at that time and their digest ({@link KeyDigest}), the keys and revisions of the index, the leaves, the
 * parts, the leaf capacity of the index (an index of another capacity rebuilds from the records instead; the inner
 * nodes are built anew on load), and the bytes of suffixes and the number of codes of all the leaves.
 *
 * <p>The digest binds the image to the records it was made from: an open loads it only when it, with the digest of
 * the records after it, is the file's, so the image of another file or of a copy of this one that took other writes
 * (whatever its revision and counts) is not loaded. Every part's checksum covers it too, so that no part of another
 * image of the same revision passes for one of this image.
 */
public final class IndexImage {
    /** Bytes after which a part is closed (at a leaf's end). */
    static final int PART_BYTES = 1 << 20;
    public static final int IMAGE_FIELDS = 12;

    /** What an image covers and holds. */
    public record Header(long revision, long lastRev, long compacted, long records, long digest, long keys,
                         long revisions, long leaves, long parts, long leafCapacity, long suffixBytes, long codes) {
        /** A header to write, whose leaves, parts and totals {@link IndexImage#write} fills in. */
        Header(long revision, long lastRev, long compacted, long records, long digest, long keys, long revisions,
               long leafCapacity) {
            this(revision, lastRev, compacted, records, digest, keys, revisions, 0, 0, leafCapacity, 0, 0);
        }

        public long[] fields() {
            return new long[] {revision, lastRev, compacted, records, digest, keys, revisions, leaves, parts,
                    leafCapacity, suffixBytes, codes};
        }

        static Header of(long[] f) {
            return new Header(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11]);
        }
    }

    /** Receives the parts of an image being written, in order. */
    interface PartSink {
        /** Part {@code number}: its first {@code length} bytes of {@code data}, checksum included. */
        void part(int number, byte[] data, int length);
    }

    private IndexImage() {
    }

    // ------------------------------------------------------------------------------------------------- writing

    /**
     * Writes the parts of the image of {@code leaves} (settled, in key order): the leaf parts first, from 1, then
     * the header as part 0, which needs their count. {@code header}'s leaves, parts and totals are filled in.
     */
    static Header write(List<BTreeLeaf> leaves, Header header, PartSink sink) {
        return write(leaves, header, PART_BYTES, sink);
    }

    /** {@link #write(List, Header, PartSink)} with parts closed after {@code partBytes} (tests use small ones). */
    static Header write(List<BTreeLeaf> leaves, Header header, int partBytes, PartSink sink) {
        ByteBuffer b = ByteBuffer.allocate(partBytes + (partBytes >> 2) + 64).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        int part = 1;
        b.position(RecordChecksum.BYTES);
        int written = 0;
        long suffixBytes = 0;
        long codes = 0;
        for (BTreeLeaf leaf : leaves) {
            if (leaf.size() == 0) {
                continue; // the root of an empty index
            }
            written++;
            suffixBytes += LeafCodec.suffixBytes(leaf);
            codes += LeafCodec.codes(leaf);
            b = LeafCodec.write(b, leaf);
            if (b.position() >= partBytes) {
                emit(sink, crc, part++, header, b);
                b.position(RecordChecksum.BYTES);
            }
        }
        if (b.position() > RecordChecksum.BYTES) {
            emit(sink, crc, part++, header, b);
            b.position(RecordChecksum.BYTES);
        }
        Header done = new Header(header.revision(), header.lastRev(), header.compacted(), header.records(),
                header.digest(), header.keys(), header.revisions(), written, part - 1, header.leafCapacity(),
                suffixBytes, codes);
        for (long f : done.fields()) {
            b.putLong(f);
        }
        emit(sink, crc, 0, header, b);
        return done;
    }

    private static void emit(PartSink sink, CRC32C crc, int part, Header header, ByteBuffer b) {
        byte[] data = b.array();
        int length = b.position();
        RecordChecksum.store(data, checksum(crc, part, header, data, length));
        sink.part(part, data, length);
    }

    /**
     * The checksum of part {@code part} of the image of {@code header} (its revision and digest): also what verify
     * checks a part against.
     */
    public static long checksum(CRC32C crc, int part, Header header, byte[] data, int length) {
        crc.reset();
        ByteBuffer id = ByteBuffer.allocate(20).putInt(part).putLong(header.revision()).putLong(header.digest());
        crc.update(id.array(), 0, 20);
        crc.update(data, RecordChecksum.BYTES, length - RecordChecksum.BYTES);
        return crc.getValue();
    }

    // ------------------------------------------------------------------------------------------------- reading

    /** The header in part 0, or null when its checksum fails or it is not a header; {@code crc} is reused. */
    public static Header header(byte[] part0, CRC32C crc) {
        if (part0 == null || part0.length != RecordChecksum.BYTES + 8 * IMAGE_FIELDS) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(part0).order(ByteOrder.LITTLE_ENDIAN);
        b.position(RecordChecksum.BYTES);
        long[] f = new long[IMAGE_FIELDS];
        for (int i = 0; i < f.length; i++) {
            f[i] = b.getLong();
        }
        Header h = Header.of(f);
        return RecordChecksum.stored(part0) == checksum(crc, 0, h, part0, part0.length) ? h : null;
    }

    /**
     * The leaves of leaf part {@code number} of the image of {@code header}, appended to {@code out}, their suffixes
     * and codes in {@code slabs}; false, with nothing appended, when the part fails its checksum or does not decode
     * into settled leaves (what it put in the slabs is then of no use: the image is not read).
     */
    static boolean readPart(byte[] part, int number, Header header, CRC32C crc, LeafSlabs slabs,
                            List<BTreeLeaf> out) {
        if (part == null || part.length < RecordChecksum.BYTES
                || RecordChecksum.stored(part) != checksum(crc, number, header, part, part.length)) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(part).order(ByteOrder.LITTLE_ENDIAN);
        b.position(RecordChecksum.BYTES);
        List<BTreeLeaf> leaves = new ArrayList<>();
        try {
            while (b.hasRemaining()) {
                BTreeLeaf leaf = LeafCodec.read(b, (int) header.leafCapacity(), slabs);
                if (leaf == null) {
                    return false;
                }
                leaves.add(leaf);
            }
        } catch (RuntimeException e) { // a length past the end: BufferUnderflow, NegativeArraySize
            return false;
        }
        out.addAll(leaves);
        return true;
    }
}
