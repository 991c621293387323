package io.memstore.store.internal.index;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * A settled {@link BTreeLeaf} as bytes, for the index's image ({@code IndexImage}): its arrays as the leaf holds
 * them, so that loading one is a copy of its arrays and no packing.
 *
 * <p>A leaf is its key count, a flags byte (which of the optional arrays follow), the prefix, the suffixes, the
 * suffix offsets (or the stride), the run offsets (or the stride), the coded words with their base or the words,
 * and the header table; ints and longs little-endian, each array preceded by its length. On reading, the suffixes
 * and codes are copied into arrays the leaves share ({@link LeafSlabs}).
 */
public final class LeafCodec {
    private static final int SUFFIX_OFFSETS = 1;
    private static final int RUN_OFFSETS = 2;
    private static final int CODED = 4;
    private static final int HEADERS = 8;

    private LeafCodec() {
    }

    /** Bytes of suffixes {@code leaf} holds, which a reader's {@link LeafSlabs} must have room for. */
    public static long suffixBytes(BTreeLeaf leaf) {
        return leaf.usedBytes();
    }

    /** Codes {@code leaf} holds (0 when its words are not coded), which a reader's {@link LeafSlabs} must have room for. */
    public static long codes(BTreeLeaf leaf) {
        return leaf.codes != null ? leaf.usedWords() : 0;
    }

    /**
     * Writes {@code leaf} at {@code b}'s position; returns {@code b}, or a larger buffer holding what {@code b} held
     * and the leaf when {@code b} had no room for it.
     */
    public static ByteBuffer write(ByteBuffer b, BTreeLeaf leaf) {
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

    /** The next leaf of {@code b}, or null when its fields cannot be those of a settled leaf. */
    public static BTreeLeaf read(ByteBuffer b, int leafCapacity, LeafSlabs slabs) {
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
    public static boolean ascending(List<BTreeLeaf> leaves) {
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
