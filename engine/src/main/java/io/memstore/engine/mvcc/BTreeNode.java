package io.memstore.engine.mvcc;

import java.util.Arrays;

/**
 * A node of {@link BTreeIndex}'s B+tree: a {@link BTreeLeaf} holding keys and their revision runs, or a
 * {@link BTreeInner} routing searches to its children.
 */
abstract sealed class BTreeNode permits BTreeLeaf, BTreeInner {

    /**
     * Compares {@code a[aFrom, aTo)} with {@code b[bFrom, bTo)}, unsigned; only the sign means anything. The
     * first bytes decide most comparisons of a descent (separators are a byte or two long, and the keys of a leaf
     * usually differ in the first byte after its prefix), so they are compared here before paying for
     * {@link Arrays#compareUnsigned}'s range checks and vectorised mismatch.
     */
    static int compare(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        if (aFrom < aTo && bFrom < bTo) {
            int x = a[aFrom] & 0xff;
            int y = b[bFrom] & 0xff;
            if (x != y) {
                return x - y;
            }
        }
        return Arrays.compareUnsigned(a, aFrom, aTo, b, bFrom, bTo);
    }
}
