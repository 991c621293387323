package io.memstore.store;

import java.util.Arrays;
import java.util.List;

/**
 * An inner node of {@link BTreeIndex}: {@code n} children and {@code n - 1} separators, packed like a leaf's keys
 * (all separator bytes in one array with offsets). Child {@code j} holds the keys {@code k} with
 * {@code separator(j - 1) <= k < separator(j)}. A separator is the shortest prefix of the right child's first key
 * that is greater than the left child's last key, so random keys need only a byte or two per separator.
 * Inner nodes are about one in forty nodes and change only when a child splits, so they are rebuilt whole.
 * Beside the separators the node keeps their {@link KeyHead heads}, one {@code long} each: a search bisects the
 * heads and reads a separator's bytes only where its head equals the key's, so on a large index each step reads
 * one array instead of an offset and then the bytes it points to, two cache lines apart.
 */
final class BTreeInner extends BTreeNode {
    private byte[] separators;
    private int[] offsets;
    /** The head of every separator ({@link KeyHead}), which {@link #childIndex} compares first. */
    private long[] heads;
    BTreeNode[] children;

    BTreeInner(byte[] separators, int[] offsets, BTreeNode[] children) {
        this.separators = separators;
        this.offsets = offsets;
        this.children = children;
        this.heads = heads(separators, offsets, children.length - 1);
    }

    private static long[] heads(byte[] separators, int[] offsets, int n) {
        long[] heads = new long[n];
        for (int j = 0; j < n; j++) {
            heads[j] = KeyHead.of(separators, offsets[j], offsets[j + 1]);
        }
        return heads;
    }


    /** True when {@link #heads} are those of the separators. */
    boolean headsAgree() {
        return Arrays.equals(heads, heads(separators, offsets, children.length - 1));
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
        return children.length;
    }

    /** The child whose key range holds {@code key}: the number of separators at or below it. */
    int childIndex(byte[] key) {
        long k = KeyHead.of(key, 0, key.length);
        long[] heads = this.heads;
        int lo = 0;
        int hi = children.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            long h = heads[mid];
            if (h != k ? Long.compareUnsigned(k, h) > 0
                    : Arrays.compareUnsigned(key, 0, key.length, separators, offsets[mid], offsets[mid + 1]) >= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Compares separator {@code j} with {@code key}, unsigned. */
    int compareSeparatorTo(int j, byte[] key) {
        return Arrays.compareUnsigned(separators, offsets[j], offsets[j + 1], key, 0, key.length);
    }

    byte[] separator(int j) {
        return Arrays.copyOfRange(separators, offsets[j], offsets[j + 1]);
    }

    /** Inserts {@code child} at index {@code at} (at &gt;= 1), with {@code separator} before it. */
    void insertChild(int at, byte[] separator, BTreeNode child) {
        int n = children.length;
        BTreeNode[] nc = new BTreeNode[n + 1];
        System.arraycopy(children, 0, nc, 0, at);
        nc[at] = child;
        System.arraycopy(children, at, nc, at + 1, n - at);

        int sepIndex = at - 1;
        int pos = offsets[sepIndex];
        byte[] ns = new byte[separators.length + separator.length];
        System.arraycopy(separators, 0, ns, 0, pos);
        System.arraycopy(separator, 0, ns, pos, separator.length);
        System.arraycopy(separators, pos, ns, pos + separator.length, separators.length - pos);
        int[] no = new int[n + 1];
        System.arraycopy(offsets, 0, no, 0, sepIndex + 1);
        for (int j = sepIndex + 1; j <= n; j++) {
            no[j] = offsets[j - 1] + separator.length;
        }
        children = nc;
        separators = ns;
        offsets = no;
        heads = heads(ns, no, n);
    }

    /**
     * Moves children {@code [m, n)} to a new right sibling and returns it; separator {@code m - 1}, which the
     * caller must read before, goes up to the parent.
     */
    BTreeInner splitOff(int m) {
        int n = children.length;
        int rightFrom = offsets[m];
        int[] ro = new int[n - m];
        for (int j = 0; j < ro.length; j++) {
            ro[j] = offsets[m + j] - rightFrom;
        }
        BTreeInner right = new BTreeInner(Arrays.copyOfRange(separators, rightFrom, offsets[n - 1]), ro,
                Arrays.copyOfRange(children, m, n));
        separators = Arrays.copyOf(separators, offsets[m - 1]);
        offsets = Arrays.copyOf(offsets, m);
        children = Arrays.copyOf(children, m);
        heads = Arrays.copyOf(heads, m - 1);
        return right;
    }
}
