package io.memstore.store.internal.index;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link BTreeIndex}'s tree built anew over its leaves, after a bulk load or a compaction that left leaves empty
 * or underfull: empty leaves dropped, underfull ones merged into a neighbour, then the inner levels built
 * bottom-up with fresh shortest separators, each level's nodes evenly filled. Cheaper than a descent per key, and
 * the result is as compact as the leaves allow.
 */
final class BTreeRebuild {
    /** The new tree: its root, and the number of inner levels above the leaves. */
    record Tree(BTreeNode root, int height) {
    }

    private BTreeRebuild() {
    }

    /**
     * The tree over {@code leaves} (in key order): a leaf under {@code minLeafSize} keys is merged with its left
     * neighbour when both fit in one leaf ({@code leafCapacity} keys, {@link BTreeIndex#MAX_LEAF_BYTES}), using
     * {@code builder}; inner nodes hold up to {@code innerCapacity} children.
     */
    static Tree rebuild(List<BTreeLeaf> leaves, LeafBuilder builder, int leafCapacity, int innerCapacity,
                        int minLeafSize) {
        List<BTreeLeaf> merged = new ArrayList<>();
        for (BTreeLeaf leaf : leaves) {
            if (leaf.size() == 0) {
                continue;
            }
            if (!merged.isEmpty()) {
                BTreeLeaf last = merged.get(merged.size() - 1);
                if ((last.size() < minLeafSize || leaf.size() < minLeafSize)
                        && last.size() + leaf.size() <= leafCapacity
                        && last.usedBytes() + leaf.usedBytes() <= BTreeIndex.MAX_LEAF_BYTES) {
                    builder.addEntries(last, 0, last.size());
                    builder.addEntries(leaf, 0, leaf.size());
                    builder.build(last);
                    continue;
                }
            }
            merged.add(leaf);
        }
        if (merged.isEmpty()) {
            return new Tree(new BTreeLeaf(), 0);
        }
        List<BTreeNode> level = new ArrayList<>(merged);
        List<byte[]> separators = new ArrayList<>();
        for (int j = 1; j < merged.size(); j++) {
            BTreeLeaf left = merged.get(j - 1);
            separators.add(BTreeInner.separator(left.key(left.size() - 1), merged.get(j).key(0)));
        }
        int h = 0;
        while (level.size() > 1) {
            int groups = (level.size() + innerCapacity - 1) / innerCapacity;
            List<BTreeNode> parents = new ArrayList<>(groups);
            List<byte[]> up = new ArrayList<>(groups - 1);
            int from = 0;
            for (int g = 0; g < groups; g++) {
                int to = (int) ((long) level.size() * (g + 1) / groups);
                parents.add(BTreeInner.of(separators.subList(from, to - 1), level.subList(from, to)));
                if (to < level.size()) {
                    up.add(separators.get(to - 1));
                }
                from = to;
            }
            level = parents;
            separators = up;
            h++;
        }
        return new Tree(level.get(0), h);
    }
}
