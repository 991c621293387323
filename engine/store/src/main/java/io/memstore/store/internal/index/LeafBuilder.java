package io.memstore.store.internal.index;

import java.util.Arrays;

/**
 * Collects the keys and revision runs of one leaf in key order, then packs them into a {@link BTreeLeaf}'s exactly
 * sized arrays with the longest shared prefix (settled), or into arrays with room for more keys (loose; see
 * {@link BTreeLeaf}). Used wherever a leaf changes shape (its prefix shrinks, it splits, it is compacted, merged
 * or settled), while the frequent small changes edit the leaf directly.
 *
 * <p>A key is given as a head and a tail (a leaf's prefix and one suffix, or a whole new key and no tail) and only
 * referenced until {@link #build}, so rebuilding a leaf copies each key once. Every key also has the header fields
 * of its run's first generation ({@link HeaderTable}; all 0 unless {@link #setHeader} or {@link #addEntries} gave
 * others), which become the leaf's header table. Reused by the index's single writer; it forgets every reference
 * after a build so it keeps no old array alive.
 */
final class LeafBuilder {
    private static final int KEEP_WORDS = 1 << 14;

    private byte[][] heads = new byte[80][];
    private int[] headLengths = new int[80];
    private byte[][] tails = new byte[80][];
    private int[] tailFroms = new int[80];
    private int[] tailLengths = new int[80];
    private int[] runEnds = new int[81];
    private int[] suffixEnds = new int[81];
    private long[] deltas = new long[80];
    private long[] subs = new long[80];
    private long[] bases = new long[80];
    private boolean anyHeader;
    private long[] words = new long[256];
    private int wordCount;
    private int count;
    private byte[] first = new byte[64];
    private byte[] last = new byte[64];

    int count() {
        return count;
    }

    /** Adds the key {@code head[0, headLength) + tail[tailFrom, tailFrom + tailLength)} with an empty run. */
    void addKey(byte[] head, int headLength, byte[] tail, int tailFrom, int tailLength) {
        if (count == heads.length) {
            int n = count * 2;
            heads = Arrays.copyOf(heads, n);
            headLengths = Arrays.copyOf(headLengths, n);
            tails = Arrays.copyOf(tails, n);
            tailFroms = Arrays.copyOf(tailFroms, n);
            tailLengths = Arrays.copyOf(tailLengths, n);
            runEnds = Arrays.copyOf(runEnds, n + 1);
            suffixEnds = Arrays.copyOf(suffixEnds, n + 1);
            deltas = Arrays.copyOf(deltas, n);
            subs = Arrays.copyOf(subs, n);
            bases = Arrays.copyOf(bases, n);
        }
        heads[count] = head;
        headLengths[count] = headLength;
        tails[count] = tail;
        tailFroms[count] = tailFrom;
        tailLengths[count] = tailLength;
        deltas[count] = 0;
        subs[count] = 0;
        bases[count] = 0;
        count++;
        runEnds[count] = wordCount;
    }

    void addKey(byte[] key) {
        addKey(key, key.length, null, 0, 0);
    }

    /** Appends {@code src[from, to)} to the run of the last key added. */
    void addRun(long[] src, int from, int to) {
        long[] buffer = reserveWords(to - from);
        System.arraycopy(src, from, buffer, wordCount, to - from);
        commitRun(to - from);
    }

    /**
     * Makes room for {@code n} more words and returns the buffer: the caller writes them at
     * {@link #wordCount()}, then adds the key and {@link #commitRun commits} them.
     */
    long[] reserveWords(int n) {
        if (wordCount + n > words.length) {
            words = Arrays.copyOf(words, Math.max(words.length * 2, wordCount + n));
        }
        return words;
    }

    int wordCount() {
        return wordCount;
    }

    /** Appends the {@code n} words written at {@link #wordCount()} to the run of the last key added. */
    void commitRun(int n) {
        wordCount += n;
        runEnds[count] = wordCount;
    }

    /**
     * Gives the last key added, whose run must be complete, the header of its first generation: created at
     * {@code created}, its first revision word being version {@code base}.
     */
    void setHeader(long created, long base) {
        int k = count - 1;
        assert runEnds[k + 1] > runEnds[k] && words[runEnds[k]] >= 0 : "a run starts with a revision word";
        long first = RevisionRun.revision(words[runEnds[k]]);
        deltas[k] = HeaderTable.delta(created, first);
        subs[k] = HeaderTable.sub(created, first);
        bases[k] = HeaderTable.base(base);
        anyHeader |= (deltas[k] | subs[k] | bases[k]) != 0;
    }

    /** Adds keys {@code [from, to)} of {@code leaf} with their runs and headers. */
    void addEntries(BTreeLeaf leaf, int from, int to) {
        int first = count;
        for (int i = from; i < to; i++) {
            int s = leaf.suffixStart(i);
            addKey(leaf.prefix, leaf.prefix.length, leaf.suffixes, s, leaf.suffixEnd(i) - s);
            int length = leaf.runEnd(i) - leaf.runStart(i);
            leaf.copyRun(i, reserveWords(length), wordCount);
            commitRun(length);
        }
        if (leaf.headers != null) {
            // the fields are relative to each key's own first revision, which the copy keeps
            HeaderTable.decode(leaf.headers, from, to, deltas, subs, bases, first);
            anyHeader = true;
        }
    }

    private int keyLength(int i) {
        return headLengths[i] + tailLengths[i];
    }

    /** Copies bytes {@code [from, length)} of key {@code i} to {@code out} at {@code pos}. */
    private void copyKey(int i, int from, byte[] out, int pos) {
        int hl = headLengths[i];
        if (from < hl) {
            System.arraycopy(heads[i], from, out, pos, hl - from);
            pos += hl - from;
            from = hl;
        }
        int tl = tailLengths[i];
        if (tl > 0) {
            System.arraycopy(tails[i], tailFroms[i] + from - hl, out, pos, tl - (from - hl));
        }
    }

    /** Replaces the contents of {@code leaf} by the collected keys and runs, settled, then starts over empty. */
    void build(BTreeLeaf leaf) {
        build(leaf, 0);
    }

    /**
     * Replaces the contents of {@code leaf} by the collected keys and runs, then starts over empty; with
     * {@code roomKeys} above the number of keys, the arrays get room for that many keys like the average one (the
     * key bytes at most {@link BTreeIndex#MAX_LEAF_BYTES}) and the leaf is loose.
     */
    void build(BTreeLeaf leaf, int roomKeys) {
        int n = count;
        if (n == 0) {
            leaf.set(BTreeLeaf.NO_BYTES, BTreeLeaf.NO_BYTES, null, 0, BTreeLeaf.NO_WORDS, null, 0, null, 0, false);
            clear();
            return;
        }
        int firstLength = keyLength(0);
        if (first.length < firstLength) {
            first = new byte[firstLength];
        }
        copyKey(0, 0, first, 0);
        int p = firstLength;
        if (n > 1) {
            int lastLength = keyLength(n - 1);
            if (last.length < lastLength) {
                last = new byte[lastLength];
            }
            copyKey(n - 1, 0, last, 0);
            int m = Arrays.mismatch(first, 0, firstLength, last, 0, lastLength);
            p = m < 0 ? firstLength : m;
        }
        byte[] prefix = leaf.prefix;
        if (prefix.length != p || !Arrays.equals(prefix, 0, p, first, 0, p)) {
            prefix = p == 0 ? BTreeLeaf.NO_BYTES : Arrays.copyOf(first, p);
        }

        int total = 0;
        for (int i = 0; i < n; i++) {
            total += keyLength(i) - p;
        }
        boolean loose = roomKeys > n;
        int roomBytes = loose ? (int) Math.max(total, Math.min((long) total * roomKeys / n, BTreeIndex.MAX_LEAF_BYTES)) : total;
        byte[] suffixes = roomBytes == 0 ? BTreeLeaf.NO_BYTES : new byte[roomBytes];
        int pos = 0;
        suffixEnds[0] = 0;
        for (int i = 0; i < n; i++) {
            copyKey(i, p, suffixes, pos);
            pos += keyLength(i) - p;
            suffixEnds[i + 1] = pos;
        }
        int offsetRoom = loose ? roomKeys + 1 : n + 1;
        int suffixStride = BTreeLeaf.uniformStride(suffixEnds, n);
        int[] suffixOffsets = suffixStride < 0 ? Arrays.copyOf(suffixEnds, offsetRoom) : null;

        long codeBase = loose ? -1 : CodedWords.base(words, wordCount);
        long[] leafWords = codeBase >= 0 ? BTreeLeaf.NO_WORDS
                : Arrays.copyOf(words, loose ? (int) ((long) wordCount * roomKeys / n) : wordCount);
        int runStride = BTreeLeaf.uniformStride(runEnds, n);
        int[] runOffsets = runStride < 0 ? Arrays.copyOf(runEnds, offsetRoom) : null;
        long[] headers = anyHeader ? HeaderTable.encode(deltas, subs, bases, n) : null;

        leaf.set(prefix, suffixes, suffixOffsets, Math.max(suffixStride, 0),
                leafWords, runOffsets, Math.max(runStride, 0), headers, n, loose);
        if (codeBase >= 0) {
            leaf.code(CodedWords.encode(words, wordCount, codeBase), codeBase);
        }
        clear();
    }

    /** Forgets every collected key and run (and drops buffers grown by an unusually large leaf). */
    void clear() {
        Arrays.fill(heads, 0, count, null);
        Arrays.fill(tails, 0, count, null);
        count = 0;
        anyHeader = false;
        wordCount = 0;
        runEnds[0] = 0;
        if (words.length > KEEP_WORDS) {
            words = new long[256];
        }
        if (first.length > 4096) {
            first = new byte[64];
            last = new byte[64];
        }
    }
}
