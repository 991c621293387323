package io.memstore.store.internal.index;

import java.util.List;

/**
 * A node of {@link BTreeIndex}'s B+tree: a {@link BTreeLeaf} holding keys and their revision runs, or a
 * {@link BTreeInner} routing searches to its children.
 */
abstract sealed class BTreeNode permits BTreeLeaf, BTreeInner {
    /** Appends every leaf under {@code node} to {@code out}, in key order. */
    static void collectLeaves(BTreeNode node, List<BTreeLeaf> out) {
        if (node instanceof BTreeInner inner) {
            for (int j = 0; j < inner.childCount(); j++) {
                collectLeaves(inner.children[j], out);
            }
        } else {
            out.add((BTreeLeaf) node);
        }
    }

    /** The number of leaves under {@code node}; adds its inner nodes (itself included) to {@code inner[0]}. */
    static int countNodes(BTreeNode node, int[] inner) {
        if (node instanceof BTreeInner in) {
            inner[0]++;
            int n = 0;
            for (int j = 0; j < in.childCount(); j++) {
                n += countNodes(in.children[j], inner);
            }
            return n;
        }
        return 1;
    }
}
