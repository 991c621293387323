package io.memstore.store.internal.index;

import io.memstore.store.IndexRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The range reads of a {@link BTreeIndex}: an in-order walk of the tree from the range's first key to its end,
 * handing each key live at the read revision to a {@link Visitor}, which decides when to stop. One walk serves
 * {@link BTreeIndex#range}, {@link BTreeIndex#revisions} and {@link BTreeIndex#count}; a subtree wholly past the
 * end is never entered (its separator says so), and a single key is one descent.
 */
final class BTreeRangeScan {
    /** Receives the keys live at the scanned revision, in order; returns false to stop the scan. */
    interface Visitor {
        boolean visit(BTreeLeaf leaf, int i, long modRevision);
    }

    /** Collects a range answer with {@link ReferenceIndex#range}'s limit, total and more rules. */
    static final class Collector implements Visitor {
        private final int limit;
        private final boolean countTotal;
        private final boolean withKeys;
        private final List<byte[]> keys = new ArrayList<>();
        private final LongArrayBuilder revisions = new LongArrayBuilder();
        private long total;
        private boolean more;

        Collector(int limit, boolean countTotal, boolean withKeys) {
            this.limit = limit;
            this.countTotal = countTotal;
            this.withKeys = withKeys;
        }

        @Override
        public boolean visit(BTreeLeaf leaf, int i, long modRevision) {
            if (limit <= 0 || revisions.size() < limit) {
                if (withKeys) {
                    keys.add(leaf.key(i));
                }
                revisions.add(modRevision);
            } else {
                more = true;
                if (!countTotal) {
                    return false;
                }
            }
            total++;
            return true;
        }

        IndexRange result() {
            return new IndexRange(keys, revisions.toArray(), countTotal ? total : -1, more);
        }
    }

    private BTreeRangeScan() {
    }

    /**
     * Hands every key of the range [{@code key}, {@code end}) of the tree under {@code root} live at {@code atRev}
     * to the visitor ({@link KeyRange}'s single-key and to-the-end forms of {@code end} included). The caller holds
     * the index's read lock.
     */
    static void scan(BTreeNode root, byte[] key, byte[] end, long atRev, Visitor visitor) {
        if (KeyRange.isSingleKey(end)) {
            BTreeLeaf leaf = BTreeIndex.descend(root, key);
            int i = leaf.find(key);
            if (i >= 0) {
                long mod = leaf.modRevisionAt(i, atRev);
                if (mod >= 0) {
                    visitor.visit(leaf, i, mod);
                }
            }
        } else if (KeyRange.isToEnd(end)) {
            scan(root, key, true, null, atRev, visitor);
        } else if (Arrays.compareUnsigned(key, end) < 0) {
            scan(root, key, true, end, atRev, visitor);
        }
    }

    /**
     * In-order scan of {@code node} from {@code key} (when {@code bounded}; else from its first key) up to
     * {@code end} exclusive (null: no end). Returns false once the scan must stop.
     */
    private static boolean scan(BTreeNode node, byte[] key, boolean bounded, byte[] end, long atRev,
                                Visitor visitor) {
        if (node instanceof BTreeInner inner) {
            int c = bounded ? inner.childIndex(key) : 0;
            for (int j = c; j < inner.childCount(); j++) {
                if (j > c && end != null && inner.compareSeparatorTo(j - 1, end) >= 0) {
                    return false; // child j and the rest start at or after end
                }
                if (!scan(inner.children[j], key, bounded && j == c, end, atRev, visitor)) {
                    return false;
                }
            }
            return true;
        }
        BTreeLeaf leaf = (BTreeLeaf) node;
        for (int i = bounded ? leaf.lowerBound(key) : 0; i < leaf.size(); i++) {
            if (end != null && leaf.compareKeyTo(i, end) >= 0) {
                return false;
            }
            long mod = leaf.modRevisionAt(i, atRev);
            if (mod >= 0 && !visitor.visit(leaf, i, mod)) {
                return false;
            }
        }
        return true;
    }
}
