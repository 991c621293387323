package io.memstore.store.internal.index;

import java.util.Arrays;
import java.util.List;

/**
 * An inner node of {@link BTreeIndex}: {@code n} children and {@code n - 1} separators, packed like a leaf's keys
 * (all separator bytes in one array with offsets). Child {@code j} holds the keys {@code k} with
 * {@code separator(j - 1) <= k < separator(j)}. A separator is the shortest prefix of the right child's first key
 * that is greater than the left child's last key, so random keys need only a byte or two per separator.
 * Inner nodes are about one in forty nodes and change only when a child splits: an insert shifts the tails of
 * their arrays in place, growing an array by half when it is full, and a split leaves the left half its arrays.
 * Beside the separators the node keeps their {@link KeyHead heads}, one {@code long} each: a search
 * ({@link #childIndex}) compares the heads and reads a separator's bytes only where its head equals the key's, so
 * on a large index each step reads one array instead of an offset and then the bytes it points to, two cache
 * lines apart.
 */
final class BTreeInner extends BTreeNode {
    /** Separators from which {@link #childIndex} starts from an interpolated guess. */
    private static final int INTERPOLATE_FROM = 8;
    /** The separators' bytes; those in use end at {@code offsets[count - 1]}. */
    private byte[] separators;
    /** Where separator j starts, and at {@code count - 1} where the last one ends. */
    private int[] offsets;
    /** The head of every separator ({@link KeyHead}), which {@link #childIndex} compares first. */
    private long[] heads;
    /** The children in use are {@code [0, count)}; slots past them are null. */
    BTreeNode[] children;
    private int count;

    BTreeInner(byte[] separators, int[] offsets, BTreeNode[] children) {
        this(separators, offsets, heads(separators, offsets, children.length - 1), children);
    }

    private BTreeInner(byte[] separators, int[] offsets, long[] heads, BTreeNode[] children) {
        this.separators = separators;
        this.offsets = offsets;
        this.heads = heads;
        this.children = children;
        this.count = children.length;
    }

    private static long[] heads(byte[] separators, int[] offsets, int n) {
        long[] heads = new long[n];
        for (int j = 0; j < n; j++) {
            heads[j] = KeyHead.of(separators, offsets[j], offsets[j + 1]);
        }
        return heads;
    }

    /** True when {@link #heads} are those of the separators and no slot past the children holds a node. */
    boolean headsAgree() {
        for (int j = count; j < children.length; j++) {
            if (children[j] != null) {
                return false;
            }
        }
        return Arrays.equals(heads, 0, count - 1, heads(separators, offsets, count - 1), 0, count - 1);
    }

    /** A node over {@code children} with {@code separators.get(j)} between children j and j + 1. */
    static BTreeInner of(List<byte[]> separators, List<? extends BTreeNode> children) {
        int[] offsets = new int[separators.size() + 1];
        for (int j = 0; j < separators.size(); j++) {
            offsets[j + 1] = offsets[j] + separators.get(j).length;
        }
        byte[] bytes = new byte[offsets[separators.size()]];
        for (int j = 0; j < separators.size(); j++) {
            System.arraycopy(separators.get(j), 0, bytes, offsets[j], separators.get(j).length);
        }
        return new BTreeInner(bytes, offsets, children.toArray(new BTreeNode[0]));
    }

    /** The shortest key {@code s} with {@code left < s <= right}, for {@code left < right}. */
    static byte[] separator(byte[] left, byte[] right) {
        int m = Arrays.mismatch(left, right);
        return Arrays.copyOf(right, m + 1);
    }

    int childCount() {
        return count;
    }

    /**
     * The child whose key range holds {@code key}: the number of separators at or below it.
     *
     * <p>Where the key's head lies between the first and the last separator's, their heads interpolated give a
     * first guess at the answer ({@link BTreeLeaf#guess}, as a leaf's search does). A node's separators split
     * evenly spread keys about evenly, so the answer is usually a few separators from the guess: the search
     * gallops from it (1, 2, 4, ... separators) to bracket the answer and bisects the bracket, reading heads of
     * one or two cache lines around the guess. Bisecting the whole node instead reads heads from several lines one
     * after the other and mispredicts about every other branch; both cost the most on the lower levels of a large
     * index, which the processor's caches do not hold. However the separators are spread, the search compares at
     * most about twice as many heads as a bisection.
     */
    int childIndex(byte[] key) {
        long k = KeyHead.of(key, 0, key.length);
        long[] heads = this.heads;
        int lo = 0;
        int hi = count - 1;
        if (hi >= INTERPOLATE_FROM) {
            long first = heads[0];
            long last = heads[hi - 1];
            if (Long.compareUnsigned(k, first) > 0 && Long.compareUnsigned(k, last) < 0) {
                int g = BTreeLeaf.guess(k, first, last, hi);
                if (atOrBelow(g, k, key)) {
                    lo = g + 1;
                    for (int step = 1; lo < hi; step <<= 1) {
                        int j = Math.min(g + step, hi - 1);
                        if (!atOrBelow(j, k, key)) {
                            hi = j;
                            break;
                        }
                        lo = j + 1;
                    }
                } else {
                    hi = g;
                    for (int step = 1; lo < hi; step <<= 1) {
                        int j = Math.max(g - step, 0);
                        if (atOrBelow(j, k, key)) {
                            lo = j + 1;
                            break;
                        }
                        hi = j;
                    }
                }
            }
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (atOrBelow(mid, k, key)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** True when separator {@code j} is at or below {@code key}, whose head is {@code k}. */
    private boolean atOrBelow(int j, long k, byte[] key) {
        long h = heads[j];
        return h != k ? Long.compareUnsigned(k, h) > 0
                : Arrays.compareUnsigned(key, 0, key.length, separators, offsets[j], offsets[j + 1]) >= 0;
    }

    /** Compares separator {@code j} with {@code key}, unsigned. */
    int compareSeparatorTo(int j, byte[] key) {
        return Arrays.compareUnsigned(separators, offsets[j], offsets[j + 1], key, 0, key.length);
    }

    byte[] separator(int j) {
        return Arrays.copyOfRange(separators, offsets[j], offsets[j + 1]);
    }

    /**
     * Inserts {@code child} at index {@code at} (at &gt;= 1), with {@code separator} before it, shifting the
     * arrays' tails in place; an array without room is replaced by one half as large again.
     */
    void insertChild(int at, byte[] separator, BTreeNode child) {
        int n = count;
        if (n == children.length) {
            int room = n + Math.max(1, n >> 1);
            children = Arrays.copyOf(children, room);
            offsets = Arrays.copyOf(offsets, room);
            heads = Arrays.copyOf(heads, room - 1);
        }
        System.arraycopy(children, at, children, at + 1, n - at);
        children[at] = child;

        int sepIndex = at - 1;
        int pos = offsets[sepIndex];
        int used = offsets[n - 1];
        int len = separator.length;
        if (used + len > separators.length) {
            separators = Arrays.copyOf(separators, Math.max(used + len, used + (used >> 1)));
        }
        System.arraycopy(separators, pos, separators, pos + len, used - pos);
        System.arraycopy(separator, 0, separators, pos, len);
        for (int j = n; j > sepIndex; j--) {
            offsets[j] = offsets[j - 1] + len;
        }
        System.arraycopy(heads, sepIndex, heads, sepIndex + 1, n - 1 - sepIndex);
        heads[sepIndex] = KeyHead.of(separator, 0, len);
        count = n + 1;
    }

    /**
     * Moves children {@code [m, n)} to a new right sibling and returns it; separator {@code m - 1}, which the
     * caller must read before, goes up to the parent. This node keeps its arrays, and their room.
     */
    BTreeInner splitOff(int m) {
        int n = count;
        int rightFrom = offsets[m];
        int[] ro = new int[n - m];
        for (int j = 0; j < ro.length; j++) {
            ro[j] = offsets[m + j] - rightFrom;
        }
        BTreeInner right = new BTreeInner(Arrays.copyOfRange(separators, rightFrom, offsets[n - 1]), ro,
                Arrays.copyOfRange(heads, m, n - 1), Arrays.copyOfRange(children, m, n));
        Arrays.fill(children, m, n, null);
        count = m;
        return right;
    }
}
