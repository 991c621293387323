package io.memstore.store.internal.index;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * {@link BTreeIndex#checkInvariants}: every structural invariant of a {@link BTreeIndex}'s tree, checked in one walk,
 * the first violation thrown as an {@link IllegalStateException} naming it. Kept apart from the index so that the
 * index reads as what it does and this as what must hold after each of its operations; tests call it after every
 * change they make.
 */
final class BTreeInvariants {
    private final int height;
    private final int leafCapacity;
    private final int innerCapacity;
    private long keys;
    private long revisions;
    private byte[] previous;

    private BTreeInvariants(int height, int leafCapacity, int innerCapacity) {
        this.height = height;
        this.leafCapacity = leafCapacity;
        this.innerCapacity = innerCapacity;
    }

    /**
     * Checks key order across the whole tree, separators bounding their children, leaf prefixes shared by their
     * keys and, in settled leaves, the longest shared prefix, settled leaves' arrays exactly sized, every loose leaf
     * listed in {@code looseLeaves}, canonical uniform offsets and header tables, equal leaf depth, and the counters.
     */
    static void check(BTreeNode root, int height, int leafCapacity, int innerCapacity, List<BTreeLeaf> leaves,
                      Collection<BTreeLeaf> looseLeaves, long keyCount, long revisionCount) {
        Set<BTreeLeaf> listed = Collections.newSetFromMap(new IdentityHashMap<>());
        listed.addAll(looseLeaves);
        for (BTreeLeaf leaf : leaves) {
            if (leaf.loose && !listed.contains(leaf)) {
                throw new IllegalStateException("a loose leaf that settle would not find");
            }
        }
        BTreeInvariants walk = new BTreeInvariants(height, leafCapacity, innerCapacity);
        walk.checkNode(root, 0, null, null);
        if (walk.keys != keyCount || walk.revisions != revisionCount) {
            throw new IllegalStateException("counters say " + keyCount + " keys, " + revisionCount
                    + " revisions; the tree holds " + walk.keys + ", " + walk.revisions);
        }
    }

    /** The leaf's header table must be the canonical encoding of its fields, and null when all are 0. */
    private static void checkHeaders(BTreeLeaf leaf) {
        int n = leaf.size();
        long[] deltas = new long[n];
        long[] subs = new long[n];
        long[] bases = new long[n];
        HeaderTable.decode(leaf.headers, 0, n, deltas, subs, bases, 0);
        for (int i = 0; i < n; i++) {
            if (deltas[i] != HeaderTable.field(leaf.headers, i, HeaderTable.DELTA)
                    || subs[i] != HeaderTable.field(leaf.headers, i, HeaderTable.SUB)
                    || bases[i] != HeaderTable.field(leaf.headers, i, HeaderTable.BASE)) {
                throw new IllegalStateException("header table decodes key " + i + " two ways");
            }
        }
        long[] canonical = HeaderTable.encode(deltas, subs, bases, n);
        if (!Arrays.equals(leaf.headers, canonical)) {
            throw new IllegalStateException("leaf header table " + Arrays.toString(leaf.headers)
                    + " is not the canonical " + Arrays.toString(canonical));
        }
        for (int i = 0; i < n; i++) {
            if (HeaderTable.created(leaf.headers, i, RevisionRun.revision(leaf.word(leaf.runStart(i)))) < 0) {
                throw new IllegalStateException("header of key " + i + " gives a negative created revision");
            }
        }
    }

    private void checkNode(BTreeNode node, int depth, byte[] low, byte[] high) {
        if (node instanceof BTreeInner inner) {
            if (depth >= height) {
                throw new IllegalStateException("inner node at depth " + depth + " of a tree of height " + height);
            }
            if (inner.childCount() < 2 || inner.childCount() > innerCapacity) {
                throw new IllegalStateException("inner node with " + inner.childCount() + " children");
            }
            if (!inner.headsAgree()) {
                throw new IllegalStateException("inner node's heads are not those of its separators, or it holds"
                        + " a node past its children, at depth " + depth);
            }
            for (int j = 0; j < inner.childCount(); j++) {
                byte[] lo = j == 0 ? low : inner.separator(j - 1);
                byte[] hi = j == inner.childCount() - 1 ? high : inner.separator(j);
                if (lo != null && hi != null && Arrays.compareUnsigned(lo, hi) >= 0) {
                    throw new IllegalStateException("separators out of order at depth " + depth);
                }
                checkNode(inner.children[j], depth + 1, lo, hi);
            }
            return;
        }
        BTreeLeaf leaf = (BTreeLeaf) node;
        if (depth != height) {
            throw new IllegalStateException("leaf at depth " + depth + " of a tree of height " + height);
        }
        int n = leaf.size();
        if (n == 0 && height > 0) {
            throw new IllegalStateException("empty leaf in a tree of height " + height);
        }
        if (n > leafCapacity) {
            throw new IllegalStateException("leaf with " + n + " keys, capacity " + leafCapacity);
        }
        checkArrays(leaf, n);
        if (n > 1) {
            byte[] first = leaf.key(0);
            byte[] last = leaf.key(n - 1);
            int m = Arrays.mismatch(first, last);
            if (leaf.loose ? m < leaf.prefix.length : m != leaf.prefix.length) {
                throw new IllegalStateException("leaf prefix of " + leaf.prefix.length + " B, keys share " + m + " B");
            }
        }
        for (int i = 0; i < n; i++) {
            byte[] k = leaf.key(i);
            if (previous != null && Arrays.compareUnsigned(previous, k) >= 0) {
                throw new IllegalStateException("keys out of order");
            }
            if (low != null && Arrays.compareUnsigned(k, low) < 0 || high != null && Arrays.compareUnsigned(k, high) >= 0) {
                throw new IllegalStateException("key outside its separators");
            }
            int s = leaf.runStart(i);
            int e = leaf.runEnd(i);
            if (e <= s || leaf.word(e - 1) < 0) {
                throw new IllegalStateException("empty or malformed run");
            }
            if (leaf.word(s) < 0) {
                throw new IllegalStateException("a run starts with a header word: first generations keep theirs"
                        + " in the leaf's header table");
            }
            previous = k;
            revisions += RevisionRun.revisionCount(leaf.runWords(i), leaf.runFrom(i), leaf.runTo(i));
        }
        checkHeaders(leaf);
        if (!leaf.headsAgree()) {
            throw new IllegalStateException("leaf's heads are not those of its prefix and first and last key");
        }
        keys += n;
    }

    /**
     * A leaf's arrays: coded only when settled, within their room, exactly sized when settled (or a part of arrays
     * shared with other leaves, {@link BTreeLeaf#view}), offsets canonical.
     */
    private static void checkArrays(BTreeLeaf leaf, int n) {
        int bytes = leaf.usedBytes();
        int words = leaf.usedWords();
        int wordRoom = leaf.codes != null ? leaf.codes.length : leaf.words.length;
        if (leaf.codes != null && (leaf.loose || leaf.words.length != 0)) {
            throw new IllegalStateException("a coded leaf must be settled, without long words");
        }
        if (leaf.codes == null && !leaf.loose && CodedWords.base(leaf.words, words) >= 0) {
            throw new IllegalStateException("a settled leaf whose words could be coded is not");
        }
        if (leaf.loose && (leaf.suffixFrom != 0 || leaf.codeFrom != 0)) {
            throw new IllegalStateException("a leaf that views shared arrays must be settled");
        }
        if (leaf.suffixFrom + bytes > leaf.suffixes.length || leaf.codeFrom + words > wordRoom
                || leaf.suffixOffsets != null && leaf.suffixOffsets.length < n + 1
                || leaf.runOffsets != null && leaf.runOffsets.length < n + 1) {
            throw new IllegalStateException("leaf uses more than its arrays hold");
        }
        if (!leaf.loose && !leaf.shared() && (bytes != leaf.suffixes.length || words != wordRoom
                || leaf.suffixOffsets != null && leaf.suffixOffsets.length != n + 1
                || leaf.runOffsets != null && leaf.runOffsets.length != n + 1)) {
            throw new IllegalStateException("settled leaf arrays not exactly sized");
        }
        if (leaf.suffixOffsets != null && BTreeLeaf.uniformStride(leaf.suffixOffsets, n) >= 0
                || leaf.runOffsets != null && BTreeLeaf.uniformStride(leaf.runOffsets, n) >= 0) {
            throw new IllegalStateException("uniform leaf keeps an offset array");
        }
    }
}
