package io.memstore.store;

/**
 * A node of {@link BTreeIndex}'s B+tree: a {@link BTreeLeaf} holding keys and their revision runs, or a
 * {@link BTreeInner} routing searches to its children.
 */
abstract sealed class BTreeNode permits BTreeLeaf, BTreeInner {
}
