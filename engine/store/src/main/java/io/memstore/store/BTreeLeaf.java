package io.memstore.store;

import java.util.Arrays;

/**
 * A leaf of {@link BTreeIndex}: a few dozen keys in ascending unsigned order with their revision runs
 * ({@link RevisionRun}), packed into a handful of exactly sized arrays instead of objects per key.
 *
 * <pre>
 *   prefix    byte[]  the bytes every key of the leaf starts with (the first and last key's common prefix)
 *   suffixes  byte[]  the rest of every key, concatenated in key order
 *   suffixOffsets     suffix i is suffixes[off[i], off[i + 1]); null when every suffix is suffixStride bytes long
 *   words     long[]  the revision run of every key, concatenated in key order
 *   runOffsets        run i is words[off[i], off[i + 1]); null when every run is runStride words long
 *   headers   long[]  the header of every run's first generation ({@link HeaderTable}); null when no key needs one
 * </pre>
 * The offset arrays are left out in the common uniform cases (keys of one length; keys with the same number of
 * revisions, such as every key after a compaction to the latest revision), which saves 4 B per key each. Every
 * change replaces the arrays it touches by new, exactly sized ones: nothing is over-allocated, and a reader never
 * sees an array change under it (readers still hold the index's read lock, as several arrays change together).
 * A leaf gets a header table only through compaction or restore; until then the field costs nothing but its slot.
 */
final class BTreeLeaf extends BTreeNode {
    static final byte[] NO_BYTES = new byte[0];
    static final long[] NO_WORDS = new long[0];

    byte[] prefix = NO_BYTES;
    byte[] suffixes = NO_BYTES;
    int[] suffixOffsets;
    int suffixStride;
    long[] words = NO_WORDS;
    int[] runOffsets;
    int runStride;
    long[] headers;
    int size;

    void set(byte[] prefix, byte[] suffixes, int[] suffixOffsets, int suffixStride,
             long[] words, int[] runOffsets, int runStride, long[] headers, int size) {
        this.prefix = prefix;
        this.suffixes = suffixes;
        this.suffixOffsets = suffixOffsets;
        this.suffixStride = suffixStride;
        this.words = words;
        this.runOffsets = runOffsets;
        this.runStride = runStride;
        this.headers = headers;
        this.size = size;
    }

    int size() {
        return size;
    }

    int suffixStart(int i) {
        return suffixOffsets == null ? i * suffixStride : suffixOffsets[i];
    }

    int suffixEnd(int i) {
        return suffixOffsets == null ? (i + 1) * suffixStride : suffixOffsets[i + 1];
    }

    int runStart(int i) {
        return runOffsets == null ? i * runStride : runOffsets[i];
    }

    int runEnd(int i) {
        return runOffsets == null ? (i + 1) * runStride : runOffsets[i + 1];
    }

    int keyLength(int i) {
        return prefix.length + suffixEnd(i) - suffixStart(i);
    }

    /** The index of {@code key}, or {@code -(insertion point) - 1} when the leaf does not hold it. */
    int find(byte[] key) {
        int p = prefix.length;
        if (p > 0) {
            int c = Arrays.compareUnsigned(key, 0, Math.min(p, key.length), prefix, 0, p);
            if (c != 0) {
                return c < 0 ? -1 : -size - 1; // outside the prefix: before or after every key of the leaf
            }
        }
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(suffixes, suffixStart(mid), suffixEnd(mid), key, p, key.length);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    /** The index of the first key at or after {@code key}. */
    int lowerBound(byte[] key) {
        int i = find(key);
        return i >= 0 ? i : -i - 1;
    }

    /** Compares key {@code i} with {@code other}, unsigned. */
    int compareKeyTo(int i, byte[] other) {
        int p = prefix.length;
        if (p > 0) {
            int c = Arrays.compareUnsigned(prefix, 0, p, other, 0, Math.min(p, other.length));
            if (c != 0) {
                return c;
            }
        }
        return Arrays.compareUnsigned(suffixes, suffixStart(i), suffixEnd(i), other, p, other.length);
    }

    /** A new array holding key {@code i}. */
    byte[] key(int i) {
        int p = prefix.length;
        int s = suffixStart(i);
        int len = suffixEnd(i) - s;
        byte[] out = new byte[p + len];
        System.arraycopy(prefix, 0, out, 0, p);
        System.arraycopy(suffixes, s, out, p, len);
        return out;
    }

    /** True when {@code key} starts with the leaf's prefix, so it can go in without re-encoding the other keys. */
    boolean sharesPrefix(byte[] key) {
        int p = prefix.length;
        return size > 0 && key.length >= p && Arrays.equals(key, 0, p, prefix, 0, p);
    }

    /**
     * Inserts {@code key}, which must share the leaf's prefix, at index {@code at} with the run
     * {@code run[0, runLength)}, whose first generation was created at {@code created} with its first revision as
     * version {@code base} (a new key's first revision and 1 when it needs no header).
     */
    void insert(int at, byte[] key, long[] run, int runLength, long created, long base) {
        // first: the only step that can refuse (a header out of range), before anything has changed
        headers = HeaderTable.inserted(headers, size, at, created, base, RevisionRun.revision(run[0]));
        int p = prefix.length;
        int len = key.length - p;
        int ks = suffixStart(at);
        byte[] ns = new byte[suffixes.length + len];
        System.arraycopy(suffixes, 0, ns, 0, ks);
        System.arraycopy(key, p, ns, ks, len);
        System.arraycopy(suffixes, ks, ns, ks + len, suffixes.length - ks);
        if (suffixOffsets != null || len != suffixStride) {
            suffixOffsets = withInserted(suffixOffsets, suffixStride, size, at, len);
        }

        int ws = runStart(at);
        long[] nw = new long[words.length + runLength];
        System.arraycopy(words, 0, nw, 0, ws);
        System.arraycopy(run, 0, nw, ws, runLength);
        System.arraycopy(words, ws, nw, ws + runLength, words.length - ws);
        if (runOffsets != null || runLength != runStride) {
            runOffsets = withInserted(runOffsets, runStride, size, at, runLength);
        }
        suffixes = ns;
        words = nw;
        size++;
    }

    /** Appends {@code run[0, n)} to the run of key {@code i}. */
    void appendToRun(int i, long[] run, int n) {
        int e = runEnd(i);
        long[] nw = new long[words.length + n];
        System.arraycopy(words, 0, nw, 0, e);
        System.arraycopy(run, 0, nw, e, n);
        System.arraycopy(words, e, nw, e + n, words.length - e);
        if (runOffsets == null && size == 1) {
            runStride += n;
        } else {
            int[] offsets = new int[size + 1];
            for (int j = 0; j <= size; j++) {
                int o = runOffsets == null ? j * runStride : runOffsets[j];
                offsets[j] = j > i ? o + n : o;
            }
            int stride = uniformStride(offsets, size);
            runOffsets = stride < 0 ? offsets : null;
            runStride = Math.max(stride, 0);
        }
        words = nw;
    }

    /** The offsets of a sequence of {@code size} elements after inserting one of length {@code len} at {@code at}. */
    private static int[] withInserted(int[] offsets, int stride, int size, int at, int len) {
        int[] out = new int[size + 2];
        for (int j = 0; j <= at; j++) {
            out[j] = offsets == null ? j * stride : offsets[j];
        }
        for (int j = at + 1; j <= size + 1; j++) {
            out[j] = (offsets == null ? (j - 1) * stride : offsets[j - 1]) + len;
        }
        return out;
    }

    /** The common length of all {@code size} elements described by {@code offsets}, or -1 if they differ. */
    static int uniformStride(int[] offsets, int size) {
        if (size == 0) {
            return 0;
        }
        int stride = offsets[1] - offsets[0];
        for (int j = 1; j < size; j++) {
            if (offsets[j + 1] - offsets[j] != stride) {
                return -1;
            }
        }
        return stride;
    }

    /** The number of revisions the leaf holds, tombstones included. */
    long revisionCount() {
        return RevisionRun.revisionCount(words, 0, words.length);
    }
}
