package io.memstore.store.internal.index;

import java.nio.ByteBuffer;

/**
 * The shared arrays the leaves of an {@code IndexImage} are read into ({@link BTreeLeaf#view}): every leaf's
 * suffixes one after the other in a few large byte arrays, and every coded leaf's codes in a few large int arrays,
 * each array at most {@link #MAX_SLAB_BYTES} long and the last of each kind exactly as long as what is left, so
 * together they hold the image's totals and hardly more.
 *
 * <p>Why: an index loaded leaf by leaf into arrays of its own allocates two small arrays per leaf, all of them
 * long-lived. A generational collector copies each out of the young generation into the old one, which it grows a
 * step at a time (a full collection per step while the heap grows from a small start). An array larger than the
 * young generation goes into the old generation directly instead, grown once to hold it; a full slab is larger
 * than the young generation of a heap that starts small.
 *
 * <p>The totals come from the image's header. A leaf whose arrays would take more than the totals left makes the
 * image unreadable ({@link #putBytes} and {@link #putCodes} return -1), and so does an image whose leaves take less
 * ({@link #filled}): its header and its leaves disagree.
 */
public final class LeafSlabs {
    /** The largest slab, in bytes: few slabs for a large index, and a leaf's share of a slab held at most. */
    static final int MAX_SLAB_BYTES = 64 << 20;

    private final int maxSlabBytes;
    private long bytesLeft;
    private long codesLeft;
    private byte[] bytes = BTreeLeaf.NO_BYTES;
    private int bytesAt;
    private int[] codes = new int[0];
    private int codesAt;

    /** Slabs for {@code suffixBytes} bytes of suffixes and {@code codes} codes in all. */
    public LeafSlabs(long suffixBytes, long codes) {
        this(suffixBytes, codes, MAX_SLAB_BYTES);
    }

    /**
     * Slabs of at most {@code maxSlabBytes} (or one leaf's arrays, if larger): for a reader that keeps only a few
     * leaves at a time ({@code IndexImageCheck}), so that it holds a few small slabs, not the index.
     */
    public LeafSlabs(long suffixBytes, long codes, int maxSlabBytes) {
        this.bytesLeft = suffixBytes;
        this.codesLeft = codes;
        this.maxSlabBytes = maxSlabBytes;
    }

    /**
     * Copies the next {@code n} bytes of {@code b} into a slab; returns where they start in {@link #byteSlab()},
     * or -1 when they are more than the totals have left.
     */
    int putBytes(ByteBuffer b, int n) {
        if (n < 0 || n > bytesLeft || n > b.remaining()) {
            return -1;
        }
        if (bytes.length - bytesAt < n) {
            bytes = new byte[(int) Math.max(n, Math.min(bytesLeft, maxSlabBytes))];
            bytesAt = 0;
        }
        int at = bytesAt;
        b.get(bytes, at, n);
        bytesAt += n;
        bytesLeft -= n;
        return at;
    }

    /** The slab the last {@link #putBytes} copied into. */
    byte[] byteSlab() {
        return bytes;
    }

    /**
     * Copies the next {@code n} codes of {@code b} (4 B each, in its order) into a slab; returns where they start
     * in {@link #codeSlab()}, or -1 when they are more than the totals have left.
     */
    int putCodes(ByteBuffer b, int n) {
        if (n < 0 || n > codesLeft || (long) n * Integer.BYTES > b.remaining()) {
            return -1;
        }
        if (codes.length - codesAt < n) {
            codes = new int[(int) Math.max(n, Math.min(codesLeft, maxSlabBytes / Integer.BYTES))];
            codesAt = 0;
        }
        int at = codesAt;
        b.asIntBuffer().get(codes, at, n);
        b.position(b.position() + Integer.BYTES * n);
        codesAt += n;
        codesLeft -= n;
        return at;
    }

    /** The slab the last {@link #putCodes} copied into. */
    int[] codeSlab() {
        return codes;
    }

    /** True when the leaves put took exactly the totals. */
    public boolean filled() {
        return bytesLeft == 0 && codesLeft == 0;
    }
}
