package io.memstore.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * A {@link BTreeIndex} as the store file keeps it ({@link StoreSchema}'s {@code index_image}), so that an open can
 * load the index instead of rebuilding it from every key row: its settled leaves, array for array, in key order,
 * and a header that says which rows they cover. An open loads an image only when it is whole and current
 * ({@link #problem}), and otherwise rebuilds the index from the rows, as without one.
 *
 * <pre>
 * part 0       the header: IMAGE_FIELDS longs (below)
 * part 1..n    whole leaves, one after the other, about PART_BYTES per part (a larger leaf makes a larger part)
 * every part   a CRC32C (4 B, big-endian) of the part's number, the image's revision and the rest, then the rest
 * </pre>
 * A leaf is its key count, a flags byte (which of the optional arrays follow), the prefix, the suffixes, the
 * suffix offsets (or the stride), the run offsets (or the stride), the coded words with their base or the words,
 * and the header table; ints and longs little-endian, each array preceded by its length. Leaves are written as the
 * index holds them, settled, so loading one is a copy of its arrays and no packing; the suffixes and codes are
 * copied into arrays the leaves share ({@link LeafSlabs}), sized from the header's totals.
 *
 * <p>The header holds, in this order: the main revision the image covers (every write transaction up to it, and
 * none after), the packed revision of the newest kv_key row at that time, the compacted revision, the rows of
 * kv_key at that time, the keys and revisions of the index, the leaves, the parts, the leaf capacity of the
 * index (an index of another capacity rebuilds from the rows instead; the inner nodes are built anew on load),
 * and the bytes of suffixes and the number of codes of all the leaves.
 */
final class IndexImage {
    /** Bytes after which a part is closed (at a leaf's end). */
    static final int PART_BYTES = 1 << 20;
    static final int IMAGE_FIELDS = 11;
    private static final int SUFFIX_OFFSETS = 1;
    private static final int RUN_OFFSETS = 2;
    private static final int CODED = 4;
    private static final int HEADERS = 8;

    /** What an image covers and holds. */
    record Header(long revision, long lastRev, long compacted, long rows, long keys, long revisions, long leaves,
                  long parts, long leafCapacity, long suffixBytes, long codes) {
        /** A header to write, whose leaves, parts and totals {@link IndexImage#write} fills in. */
        Header(long revision, long lastRev, long compacted, long rows, long keys, long revisions, long leafCapacity) {
            this(revision, lastRev, compacted, rows, keys, revisions, 0, 0, leafCapacity, 0, 0);
        }

        long[] fields() {
            return new long[] {revision, lastRev, compacted, rows, keys, revisions, leaves, parts, leafCapacity,
                    suffixBytes, codes};
        }

        static Header of(long[] f) {
            return new Header(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10]);
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
        b.position(RowChecksum.BYTES);
        int written = 0;
        long suffixBytes = 0;
        long codes = 0;
        for (BTreeLeaf leaf : leaves) {
            if (leaf.size == 0) {
                continue; // the root of an empty index
            }
            written++;
            suffixBytes += leaf.usedBytes();
            codes += leaf.codes != null ? leaf.usedWords() : 0;
            b = writeLeaf(b, leaf);
            if (b.position() >= partBytes) {
                emit(sink, crc, part++, header.revision(), b);
                b.position(RowChecksum.BYTES);
            }
        }
        if (b.position() > RowChecksum.BYTES) {
            emit(sink, crc, part++, header.revision(), b);
            b.position(RowChecksum.BYTES);
        }
        Header done = new Header(header.revision(), header.lastRev(), header.compacted(), header.rows(),
                header.keys(), header.revisions(), written, part - 1, header.leafCapacity(), suffixBytes, codes);
        for (long f : done.fields()) {
            b.putLong(f);
        }
        emit(sink, crc, 0, header.revision(), b);
        return done;
    }

    private static void emit(PartSink sink, CRC32C crc, int part, long revision, ByteBuffer b) {
        byte[] data = b.array();
        int length = b.position();
        RowChecksum.store(data, checksum(crc, part, revision, data, length));
        sink.part(part, data, length);
    }

    /** The checksum of part {@code part} of the image of {@code revision}: also what verify checks a part against. */
    static long checksum(CRC32C crc, int part, long revision, byte[] data, int length) {
        crc.reset();
        ByteBuffer id = ByteBuffer.allocate(12).putInt(part).putLong(revision);
        crc.update(id.array(), 0, 12);
        crc.update(data, RowChecksum.BYTES, length - RowChecksum.BYTES);
        return crc.getValue();
    }

    private static ByteBuffer writeLeaf(ByteBuffer b, BTreeLeaf leaf) {
        int n = leaf.size;
        long need = 64L + leaf.prefix.length + leaf.usedBytes()
                + 4L * (leaf.suffixOffsets == null ? 0 : leaf.suffixOffsets.length)
                + 4L * (leaf.runOffsets == null ? 0 : leaf.runOffsets.length)
                + (leaf.codes != null ? 4L * leaf.usedWords() : 8L * leaf.words.length)
                + 8L * (leaf.headers == null ? 0 : leaf.headers.length);
        if (b.remaining() < need) {
            ByteBuffer bigger = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8, b.position() + need))
                    .order(ByteOrder.LITTLE_ENDIAN);
            bigger.put(b.array(), 0, b.position());
            b = bigger;
        }
        int flags = (leaf.suffixOffsets != null ? SUFFIX_OFFSETS : 0) | (leaf.runOffsets != null ? RUN_OFFSETS : 0)
                | (leaf.codes != null ? CODED : 0) | (leaf.headers != null ? HEADERS : 0);
        b.putInt(n);
        b.put((byte) flags);
        putBytes(b, leaf.prefix, 0, leaf.prefix.length);
        putBytes(b, leaf.suffixes, leaf.suffixFrom, leaf.usedBytes()); // the leaf's part of a shared array
        if (leaf.suffixOffsets != null) {
            putInts(b, leaf.suffixOffsets);
        } else {
            b.putInt(leaf.suffixStride);
        }
        if (leaf.runOffsets != null) {
            putInts(b, leaf.runOffsets);
        } else {
            b.putInt(leaf.runStride);
        }
        if (leaf.codes != null) {
            b.putLong(leaf.codeBase);
            putInts(b, leaf.codes, leaf.codeFrom, leaf.usedWords());
        } else {
            putLongs(b, leaf.words);
        }
        if (leaf.headers != null) {
            putLongs(b, leaf.headers);
        }
        return b;
    }

    private static void putBytes(ByteBuffer b, byte[] a, int from, int n) {
        b.putInt(n);
        b.put(a, from, n);
    }

    private static void putInts(ByteBuffer b, int[] a) {
        putInts(b, a, 0, a.length);
    }

    private static void putInts(ByteBuffer b, int[] a, int from, int n) {
        b.putInt(n);
        b.asIntBuffer().put(a, from, n);
        b.position(b.position() + 4 * n);
    }

    private static void putLongs(ByteBuffer b, long[] a) {
        b.putInt(a.length);
        b.asLongBuffer().put(a);
        b.position(b.position() + 8 * a.length);
    }

    // ------------------------------------------------------------------------------------------------- reading

    /** The header in part 0, or null when its checksum fails or it is not a header; {@code crc} is reused. */
    static Header header(byte[] part0, CRC32C crc) {
        if (part0 == null || part0.length != RowChecksum.BYTES + 8 * IMAGE_FIELDS) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(part0).order(ByteOrder.LITTLE_ENDIAN);
        b.position(RowChecksum.BYTES);
        long[] f = new long[IMAGE_FIELDS];
        for (int i = 0; i < f.length; i++) {
            f[i] = b.getLong();
        }
        Header h = Header.of(f);
        return RowChecksum.stored(part0) == checksum(crc, 0, h.revision(), part0, part0.length) ? h : null;
    }

    /**
     * The leaves of leaf part {@code number} of the image of {@code header}, appended to {@code out}, their suffixes
     * and codes in {@code slabs}; false, with nothing appended, when the part fails its checksum or does not decode
     * into settled leaves (what it put in the slabs is then of no use: the image is not read).
     */
    static boolean readPart(byte[] part, int number, Header header, CRC32C crc, LeafSlabs slabs,
                            List<BTreeLeaf> out) {
        if (part == null || part.length < RowChecksum.BYTES
                || RowChecksum.stored(part) != checksum(crc, number, header.revision(), part, part.length)) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(part).order(ByteOrder.LITTLE_ENDIAN);
        b.position(RowChecksum.BYTES);
        List<BTreeLeaf> leaves = new ArrayList<>();
        try {
            while (b.hasRemaining()) {
                BTreeLeaf leaf = readLeaf(b, (int) header.leafCapacity(), slabs);
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

    /** The next leaf of {@code b}, or null when its fields cannot be those of a settled leaf. */
    private static BTreeLeaf readLeaf(ByteBuffer b, int leafCapacity, LeafSlabs slabs) {
        int n = b.getInt();
        int flags = b.get();
        if (n < 1 || n > leafCapacity || (flags & ~(SUFFIX_OFFSETS | RUN_OFFSETS | CODED | HEADERS)) != 0) {
            return null;
        }
        byte[] prefix = getBytes(b);
        int suffixBytes = b.getInt();
        byte[] suffixes = BTreeLeaf.NO_BYTES;
        int suffixFrom = 0;
        if (suffixBytes != 0) {
            suffixFrom = slabs.putBytes(b, suffixBytes);
            if (suffixFrom < 0) {
                return null;
            }
            suffixes = slabs.byteSlab();
        }
        int[] suffixOffsets = null;
        int suffixStride = 0;
        if ((flags & SUFFIX_OFFSETS) != 0) {
            suffixOffsets = getInts(b);
        } else {
            suffixStride = b.getInt();
        }
        int[] runOffsets = null;
        int runStride = 0;
        if ((flags & RUN_OFFSETS) != 0) {
            runOffsets = getInts(b);
        } else {
            runStride = b.getInt();
        }
        long codeBase = 0;
        int[] codes = null;
        int codeFrom = 0;
        long[] words = BTreeLeaf.NO_WORDS;
        int wordCount;
        if ((flags & CODED) != 0) {
            codeBase = b.getLong();
            wordCount = b.getInt();
            codeFrom = slabs.putCodes(b, wordCount);
            if (codeFrom < 0) {
                return null;
            }
            codes = slabs.codeSlab();
        } else {
            words = getLongs(b);
            wordCount = words.length;
        }
        long[] headers = (flags & HEADERS) != 0 ? getLongs(b) : null;
        // a suffix may be empty (a key that is the prefix), a run never is
        if (!offsetsFit(suffixOffsets, suffixStride, n, suffixBytes, 0)
                || !offsetsFit(runOffsets, runStride, n, wordCount, 1)) {
            return null;
        }
        BTreeLeaf leaf = new BTreeLeaf();
        leaf.set(prefix, suffixes, suffixOffsets, suffixStride, words, runOffsets, runStride, headers, n, false);
        if (codes != null) {
            leaf.code(codes, codeBase);
        }
        leaf.view(suffixFrom, codeFrom);
        return leaf;
    }

    /**
     * True when {@code n} items of {@code total} are cut by the offsets (n + 1 of them, from 0 to total) or by the
     * stride, each item at least {@code least} long.
     */
    private static boolean offsetsFit(int[] offsets, int stride, int n, int total, int least) {
        if (offsets == null) {
            return stride >= least && (long) stride * n == total;
        }
        if (offsets.length != n + 1 || offsets[0] != 0 || offsets[n] != total) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (offsets[i + 1] - offsets[i] < least) {
                return false;
            }
        }
        return true;
    }

    private static byte[] getBytes(ByteBuffer b) {
        int n = b.getInt();
        if (n < 0 || n > b.remaining()) {
            throw new IllegalArgumentException("an array past the end of its part");
        }
        byte[] a = new byte[n];
        b.get(a);
        return a.length == 0 ? BTreeLeaf.NO_BYTES : a;
    }

    private static int[] getInts(ByteBuffer b) {
        int n = b.getInt();
        if (n < 0 || (long) n * 4 > b.remaining()) {
            throw new IllegalArgumentException("an array past the end of its part");
        }
        int[] a = new int[n];
        b.asIntBuffer().get(a);
        b.position(b.position() + 4 * n);
        return a;
    }

    private static long[] getLongs(ByteBuffer b) {
        int n = b.getInt();
        if (n < 0 || (long) n * 8 > b.remaining()) {
            throw new IllegalArgumentException("an array past the end of its part");
        }
        long[] a = new long[n];
        b.asLongBuffer().get(a);
        b.position(b.position() + 8 * n);
        return a;
    }

    /** True when the keys of {@code leaves} ascend, within each leaf and from leaf to leaf. */
    static boolean ascending(List<BTreeLeaf> leaves) {
        byte[] last = null;
        for (BTreeLeaf leaf : leaves) {
            for (int i = 0; i < leaf.size; i += Math.max(1, leaf.size - 1)) {
                byte[] k = leaf.key(i);
                if (last != null && Arrays.compareUnsigned(last, k) >= 0) {
                    return false;
                }
                last = k;
            }
        }
        return true;
    }
}
