package io.memstore.store.internal.index;

import java.util.Arrays;
import java.util.List;

/**
 * Compaction of a {@link BTreeIndex}'s leaves, one leaf at a time: every key's run is rewritten to its compacted
 * form ({@link RevisionRun#compact}) in right-sized arrays, so the memory of dropped revisions is released (etcd
 * re-slices and keeps it), and the created revision and version that a read must still answer go to the leaf's
 * header table. A leaf that changes, or was loose, is rebuilt settled; keys left empty are dropped. The index then
 * rebuilds its tree when leaves were left empty or underfull ({@link BTreeRebuild}).
 */
final class BTreeCompaction {
    private BTreeCompaction() {
    }

    /** The revisions at or below {@code atRev} that a compaction there would keep, ascending ({@code keep}). */
    static long[] keep(List<BTreeLeaf> leaves, long atRev) {
        LongArrayBuilder kept = new LongArrayBuilder();
        for (BTreeLeaf leaf : leaves) {
            for (int i = 0; i < leaf.size(); i++) {
                long rev = RevisionRun.keep(leaf.runWords(i), leaf.runFrom(i), leaf.runTo(i), atRev);
                if (rev >= 0) {
                    kept.add(rev);
                }
            }
        }
        return kept.toSortedArray();
    }

    /**
     * Compacts every run of the leaf at {@code atRev}, adding the revisions kept to {@code kept}, and rebuilds it
     * (settled) with {@code builder} when something changed or it was loose. A run that keeps its words keeps its
     * first generation, so its header too. {@code header} is 2 words of scratch.
     */
    static void compactLeaf(BTreeLeaf leaf, long atRev, LongArrayBuilder kept, LeafBuilder builder, long[] header) {
        boolean changed = false;
        for (int i = 0; i < leaf.size(); i++) {
            long[] words = leaf.runWords(i);
            int s = leaf.runFrom(i);
            int e = leaf.runTo(i);
            long[] out = builder.reserveWords(e - s);
            int pos = builder.wordCount();
            int n = RevisionRun.compact(words, s, e, atRev, leaf.headers, i, kept, out, pos, header);
            if (n == 0) {
                changed = true;
                continue;
            }
            if (!changed && (n != e - s || !Arrays.equals(out, pos, pos + n, words, s, e))) {
                changed = true;
            }
            int ks = leaf.suffixStart(i);
            builder.addKey(leaf.prefix, leaf.prefix.length, leaf.suffixes, ks, leaf.suffixEnd(i) - ks);
            builder.commitRun(n);
            builder.setHeader(header[0], header[1]);
        }
        if (changed || leaf.loose) {
            builder.build(leaf);
        } else {
            builder.clear();
        }
    }
}
