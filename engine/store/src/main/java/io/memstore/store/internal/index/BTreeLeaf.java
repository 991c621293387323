package io.memstore.store.internal.index;

import io.memstore.store.KeyState;
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
 *   codes     int[]   in a settled leaf whose words allow it, the words in 4 B each ({@link CodedWords}, against
 *                     codeBase), and words is empty; else null
 *   headers   long[]  the header of every run's first generation ({@link HeaderTable}); null when no key needs one
 * </pre>
 * The offset arrays are left out in the common uniform cases (keys of one length; keys with the same number of
 * revisions, such as every key after a compaction to the latest revision), which saves 4 B per key each.
 *
 * <p>A search ({@link #find}) on a large index misses the cache at every array it reads, one after the other. So
 * the leaf also keeps, in its own fields, the prefix's length and {@link KeyHead head} and the heads of its first
 * and last suffix (28 B per leaf, under 1 B per key): a search of a leaf whose prefix is at most 8 B reads the
 * leaf, then the suffixes near its guess, and no other array before the run it finds.
 *
 * <p>A leaf is either <em>settled</em>, every array exactly sized and the prefix the longest the keys share, or
 * <em>loose</em> ({@link #loose}): its arrays have spare room past the used part ({@link #usedBytes()},
 * {@link #usedWords()}, {@code size + 1} offsets), so an insert or an appended revision shifts the tail of the
 * arrays in place instead of copying the leaf, and its prefix is one the keys share, perhaps not the longest
 * (a split keeps it for the left half). A write that finds no room grows the array it needs with room for the
 * index's whole leaf capacity (keys) or half as much again (revision words); {@link LeafBuilder#build} settles a
 * leaf. Readers hold the index's read lock, as several arrays change together, and never look past the used
 * part. A leaf gets a header table only through compaction or restore; until then the field costs nothing but its
 * slot. The table is always exactly sized and replaced, never changed.
 *
 * <p>A settled leaf may also <em>view</em> its suffixes and codes in arrays it shares with its neighbours
 * ({@link #view}): an index loaded from its image ({@code IndexImage}) holds all its suffixes in a few large arrays
 * and all its codes in a few more, from {@link #suffixFrom} and {@link #codeFrom} on for each leaf, instead of two
 * small arrays per leaf. The collector then places those arrays in the old generation at once, where thousands
 * of small ones would each be copied out of the young generation and grow the old one a step at a time, a full
 * collection per step. A leaf that views shared arrays copies its part into arrays of its own before any change
 * ({@link #own}), so no write ever touches a neighbour's bytes; a shared array is freed when no leaf views it.
 */
public final class BTreeLeaf extends BTreeNode {
    static final byte[] NO_BYTES = new byte[0];
    static final long[] NO_WORDS = new long[0];
    /** Leaves of fewer keys are searched by bisection alone ({@link #find}). */
    private static final int INTERPOLATE_FROM = 8;
    /** Keys around {@link #find}'s guess whose heads it compares before any key's bytes. */
    private static final int WINDOW = 5;

    byte[] prefix = NO_BYTES;
    byte[] suffixes = NO_BYTES;
    int[] suffixOffsets;
    int suffixStride;
    long[] words = NO_WORDS;
    int[] runOffsets;
    int runStride;
    long[] headers;
    int size;
    /** True when the arrays have spare room or the prefix may be shorter than the keys share. */
    boolean loose;
    int[] codes;
    long codeBase;
    /** Where the leaf's suffixes start in {@link #suffixes}: 0 unless the array is shared ({@link #view}). */
    int suffixFrom;
    /** Where the leaf's codes start in {@link #codes}: 0 unless the array is shared ({@link #view}). */
    int codeFrom;
    /** The prefix's length and {@link KeyHead head}, so that {@link #find} reads a prefix of 8 B or less here. */
    private int prefixLength;
    private long prefixHead;
    /** The heads of the first and the last suffix, {@link #find}'s guess's ends. */
    private long firstHead;
    private long lastHead;

    void set(byte[] prefix, byte[] suffixes, int[] suffixOffsets, int suffixStride,
             long[] words, int[] runOffsets, int runStride, long[] headers, int size, boolean loose) {
        this.prefix = prefix;
        this.suffixes = suffixes;
        this.suffixOffsets = suffixOffsets;
        this.suffixStride = suffixStride;
        this.words = words;
        this.runOffsets = runOffsets;
        this.runStride = runStride;
        this.headers = headers;
        this.size = size;
        this.loose = loose;
        this.codes = null;
        this.suffixFrom = 0;
        this.codeFrom = 0;
        this.prefixLength = prefix.length;
        this.prefixHead = prefix.length <= Long.BYTES ? KeyHead.of(prefix, 0, prefix.length) : 0;
        rehead();
    }

    /** True when the prefix's length and head and the first and last suffix's heads are those of the arrays. */
    boolean headsAgree() {
        return prefixLength == prefix.length
                && (prefix.length > Long.BYTES || prefixHead == KeyHead.of(prefix, 0, prefix.length))
                && (size == 0 || firstHead == KeyHead.of(suffixes, suffixStart(0), suffixEnd(0))
                        && lastHead == KeyHead.of(suffixes, suffixStart(size - 1), suffixEnd(size - 1)));
    }

    /** Brings {@link #firstHead} and {@link #lastHead} up to date after the keys changed. */
    private void rehead() {
        if (size > 0) {
            firstHead = KeyHead.of(suffixes, suffixStart(0), suffixEnd(0));
            lastHead = KeyHead.of(suffixes, suffixStart(size - 1), suffixEnd(size - 1));
        }
    }

    /** Replaces the words, which must be settled, by their codes against {@code base} ({@link CodedWords}). */
    void code(int[] codes, long base) {
        this.codes = codes;
        this.codeBase = base;
        this.words = NO_WORDS;
        this.codeFrom = 0;
    }

    /**
     * Makes this settled leaf read its suffixes from {@code suffixFrom} on in {@link #suffixes} and its codes (if
     * coded) from {@code codeFrom} on in {@link #codes}, arrays other leaves may share: the offsets and strides
     * given to {@link #set} count from there.
     */
    void view(int suffixFrom, int codeFrom) {
        this.suffixFrom = suffixFrom;
        this.codeFrom = codes != null ? codeFrom : 0;
        rehead();
    }

    /**
     * True when the leaf's suffixes or codes are a part of a larger array, which other leaves may share
     * ({@link #view}). A leaf only views shared arrays while settled: every change first copies its part out
     * ({@link #own}).
     */
    public boolean shared() {
        return suffixFrom != 0 || codeFrom != 0 || !loose && (suffixes.length != usedBytes()
                || codes != null && codes.length != usedWords());
    }

    /** Copies the leaf's part of shared arrays into arrays of its own, exactly sized, before a change. */
    private void own() {
        if (!shared()) {
            return;
        }
        int bytes = usedBytes();
        int used = usedWords();
        suffixes = bytes == 0 ? NO_BYTES : Arrays.copyOfRange(suffixes, suffixFrom, suffixFrom + bytes);
        suffixFrom = 0;
        if (codes != null) {
            codes = Arrays.copyOfRange(codes, codeFrom, codeFrom + used);
            codeFrom = 0;
        }
    }

    /** Word {@code j} of the leaf's concatenated runs. */
    long word(int j) {
        return codes == null ? words[j] : CodedWords.word(codes[j], codeBase);
    }

    /**
     * The words of run {@code i}, to be read from {@link #runFrom} to {@link #runTo}: the leaf's own array, or a
     * decoded copy of the run in a coded leaf.
     */
    long[] runWords(int i) {
        if (codes == null) {
            return words;
        }
        int s = runStart(i);
        long[] out = new long[runEnd(i) - s];
        CodedWords.decode(codes, s, runEnd(i), codeBase, out, 0);
        return out;
    }

    /** Key {@code i}'s state at main revision {@code atRev} ({@link RevisionRun#get}), read in place. */
    KeyState stateAt(int i, long atRev) {
        return codes == null ? RevisionRun.get(words, runStart(i), runEnd(i), atRev, headers, i)
                : CodedWords.get(codes, runStart(i), runEnd(i), codeBase, atRev, headers, i);
    }

    /** Key {@code i}'s last change at or before {@code atRev} ({@link RevisionRun#modRevisionAt}), read in place. */
    long modRevisionAt(int i, long atRev) {
        return codes == null ? RevisionRun.modRevisionAt(words, runStart(i), runEnd(i), atRev)
                : CodedWords.modRevisionAt(codes, runStart(i), runEnd(i), codeBase, atRev);
    }

    int runFrom(int i) {
        return codes == null ? runStart(i) : 0;
    }

    int runTo(int i) {
        return codes == null ? runEnd(i) : runEnd(i) - runStart(i);
    }

    /** Copies run {@code i}'s words, decoded, to {@code out} at {@code pos}. */
    void copyRun(int i, long[] out, int pos) {
        if (codes == null) {
            System.arraycopy(words, runStart(i), out, pos, runEnd(i) - runStart(i));
        } else {
            CodedWords.decode(codes, runStart(i), runEnd(i), codeBase, out, pos);
        }
    }

    /** The packed revision of key {@code i}'s last change (a run ends with a revision word). */
    long modified(int i) {
        return RevisionRun.revision(word(runEnd(i) - 1));
    }

    /** True when key {@code i}'s current generation is not empty: its run does not end with a tombstone. */
    boolean isLive(int i) {
        return runEnd(i) > runStart(i) && !RevisionRun.isTombstone(word(runEnd(i) - 1));
    }

    /** Decodes a coded leaf into a loose {@code long[]} of {@code capacity} words at least, before a write. */
    private void uncode(int capacity) {
        int used = usedWords();
        long[] out = new long[Math.max(used, capacity)];
        CodedWords.decode(codes, codeFrom, codeFrom + used, codeBase, out, 0);
        codes = null;
        codeFrom = 0;
        words = out;
        loose = true;
    }

    public int size() {
        return size;
    }

    /** The bytes of {@link #suffixes} in use. */
    int usedBytes() {
        return size == 0 ? 0 : suffixEnd(size - 1) - suffixFrom;
    }

    /** The words of {@link #words} in use. */
    int usedWords() {
        return size == 0 ? 0 : runEnd(size - 1) - codeFrom;
    }

    int suffixStart(int i) {
        return suffixFrom + (suffixOffsets == null ? i * suffixStride : suffixOffsets[i]);
    }

    int suffixEnd(int i) {
        return suffixFrom + (suffixOffsets == null ? (i + 1) * suffixStride : suffixOffsets[i + 1]);
    }

    int runStart(int i) {
        return codeFrom + (runOffsets == null ? i * runStride : runOffsets[i]);
    }

    int runEnd(int i) {
        return codeFrom + (runOffsets == null ? (i + 1) * runStride : runOffsets[i + 1]);
    }

    int keyLength(int i) {
        return prefix.length + suffixEnd(i) - suffixStart(i);
    }

    /**
     * The index of {@code key}, or {@code -(insertion point) - 1} when the leaf does not hold it.
     *
     * <p>An interpolation search: the key's {@link KeyHead head} after the prefix, placed between the heads of the
     * leaf's first and last key, gives a first guess at its index. Where the keys are spread evenly, as random or
     * numbered keys are, the guess is a few keys off (for random keys, within two keys about three times in four), so
     * the search first reads the heads of the {@link #WINDOW} keys around it: their loads do not depend on each
     * other, so they wait for memory once, together, where a search comparing one key after the other waits once
     * per key. Where exactly one head of the window equals the key's and that key's bytes do too, that is the key;
     * where none does, the heads place the key between two keys of the window, or before or after it. Otherwise,
     * and from the window's edge when the key lies beyond it, the search gallops outwards (1, 2, 4, ... keys) to
     * bracket the key and bisects the bracket. However the keys are spread, it compares at most about twice as
     * many keys as a bisection of the leaf, plus the window's heads.
     */
    public int find(byte[] key) {
        int p = prefixLength;
        if (p > 0) {
            int c = p <= Long.BYTES && key.length >= Long.BYTES ? KeyHead.comparePrefix(key, prefixHead, p)
                    : Arrays.compareUnsigned(key, 0, Math.min(p, key.length), prefix, 0, p);
            if (c != 0) {
                return c < 0 ? -1 : -size - 1; // outside the prefix: before or after every key of the leaf
            }
        }
        int n = size;
        if (n < INTERPOLATE_FROM) {
            return bisect(key, p, 0, n - 1);
        }
        long k = KeyHead.of(key, p, key.length);
        int g = guess(k, firstHead, lastHead, n);
        // the window of keys around the guess, whose heads are read together (n >= INTERPOLATE_FROM > WINDOW)
        int w = Math.min(Math.max(g - WINDOW / 2, 0), n - WINDOW);
        int below = 0;
        int ties = 0;
        int tie = -1;
        for (int j = w; j < w + WINDOW; j++) {
            long h = KeyHead.of(suffixes, suffixStart(j), suffixEnd(j));
            below += Long.compareUnsigned(h, k) < 0 ? 1 : 0;
            if (h == k) {
                ties++;
                tie = j;
            }
        }
        if (ties == 1 && compareWith(tie, key, p) == 0) {
            return tie;
        }
        if (ties == 0) {
            if (below == 0 && w > 0) {
                return gallop(key, p, w, -1);
            }
            if (below == WINDOW && w + WINDOW < n) {
                return gallop(key, p, w + WINDOW - 1, 1);
            }
            return -(w + below + 1); // between two keys of the window, or past an end of the leaf
        }
        return gallop(key, p, g, compareWith(g, key, p));
    }

    /**
     * {@link #find} from key {@code g}, which compares with the key as {@code c} does: 0, or the sign of the
     * key's difference to it.
     */
    private int gallop(byte[] key, int p, int g, int c) {
        if (c == 0) {
            return g;
        }
        int n = size;
        int lo;
        int hi;
        if (c > 0) {
            lo = g + 1;
            hi = n - 1;
            for (int step = 1; g + step < n; step <<= 1) {
                int j = g + step;
                int cj = compareWith(j, key, p);
                if (cj == 0) {
                    return j;
                }
                if (cj < 0) {
                    hi = j - 1;
                    break;
                }
                lo = j + 1;
            }
        } else {
            lo = 0;
            hi = g - 1;
            for (int step = 1; g - step >= 0; step <<= 1) {
                int j = g - step;
                int cj = compareWith(j, key, p);
                if (cj == 0) {
                    return j;
                }
                if (cj > 0) {
                    lo = j + 1;
                    break;
                }
                hi = j - 1;
            }
        }
        return bisect(key, p, lo, hi);
    }

    /** {@link #find} among the keys {@code [lo, hi]}, which the key is known not to lie outside of. */
    private int bisect(byte[] key, int p, int lo, int hi) {
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = compareWith(mid, key, p);
            if (c > 0) {
                lo = mid + 1;
            } else if (c < 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    /** {@code key}, whose first {@code p} bytes are the prefix, compared with key {@code i}, unsigned. */
    private int compareWith(int i, byte[] key, int p) {
        return Arrays.compareUnsigned(key, p, key.length, suffixes, suffixStart(i), suffixEnd(i));
    }


    /** The index in {@code [0, n)} that {@code k} takes between {@code first} (index 0) and {@code last}. */
    static int guess(long k, long first, long last, int n) {
        if (Long.compareUnsigned(k, first) <= 0) {
            return 0;
        }
        if (Long.compareUnsigned(k, last) >= 0) {
            return n - 1;
        }
        // first < k < last: both differences are positive as unsigned numbers, and the span is the larger
        return (int) (unsigned(k - first) / unsigned(last - first) * (n - 1));
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (v >>> 1) * 2.0;
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
     * version {@code base} (a new key's first revision and 1 when it needs no header). An array without room for
     * it is replaced by one with room for {@code roomKeys} keys like the average one.
     */
    void insert(int at, byte[] key, long[] run, int runLength, long created, long base, int roomKeys) {
        // first: the only step that can refuse (a header out of range), before anything has changed
        headers = HeaderTable.inserted(headers, size, at, created, base, RevisionRun.revision(run[0]));
        own();
        int p = prefix.length;
        int len = key.length - p;
        int ks = suffixStart(at);
        int usedBytes = usedBytes();
        byte[] ns = suffixes;
        if (usedBytes + len > ns.length) {
            ns = new byte[room(usedBytes + len, roomKeys, BTreeIndex.MAX_LEAF_BYTES)];
            System.arraycopy(suffixes, 0, ns, 0, ks);
        }
        System.arraycopy(suffixes, ks, ns, ks + len, usedBytes - ks);
        System.arraycopy(key, p, ns, ks, len);
        if (suffixOffsets != null || len != suffixStride) {
            suffixOffsets = withInserted(suffixOffsets, suffixStride, size, at, len, roomKeys);
        }

        int ws = runStart(at);
        int usedWords = usedWords();
        if (codes != null) {
            uncode(room(usedWords + runLength, roomKeys, Integer.MAX_VALUE));
        }
        long[] nw = words;
        if (usedWords + runLength > nw.length) {
            nw = new long[room(usedWords + runLength, roomKeys, Integer.MAX_VALUE)];
            System.arraycopy(words, 0, nw, 0, ws);
        }
        System.arraycopy(words, ws, nw, ws + runLength, usedWords - ws);
        System.arraycopy(run, 0, nw, ws, runLength);
        if (runOffsets != null || runLength != runStride) {
            runOffsets = withInserted(runOffsets, runStride, size, at, runLength, roomKeys);
        }
        loose |= ns.length != usedBytes + len || nw.length != usedWords + runLength
                || suffixOffsets != null && suffixOffsets.length != size + 2
                || runOffsets != null && runOffsets.length != size + 2;
        suffixes = ns;
        words = nw;
        size++;
        rehead();
    }

    /** A capacity for {@code needed} units of a leaf that will hold {@code size + 1} keys: room for roomKeys. */
    private int room(int needed, int roomKeys, int limit) {
        long scaled = (long) needed * roomKeys / (size + 1);
        return (int) Math.max(needed, Math.min(scaled, limit));
    }

    /** Appends {@code run[0, n)} to the run of key {@code i}, growing the words by half when they have no room. */
    void appendToRun(int i, long[] run, int n) {
        own();
        int e = runEnd(i);
        int used = usedWords();
        if (codes != null) {
            uncode(Math.max(used + n, used + (used >> 1)));
        }
        long[] nw = words;
        if (used + n > nw.length) {
            nw = new long[Math.max(used + n, used + (used >> 1))];
            System.arraycopy(words, 0, nw, 0, e);
        }
        System.arraycopy(words, e, nw, e + n, used - e);
        System.arraycopy(run, 0, nw, e, n);
        if (runOffsets == null && size == 1) {
            runStride += n;
        } else {
            int[] offsets = runOffsets;
            if (offsets == null) {
                offsets = new int[size + 1];
                for (int j = 0; j <= size; j++) {
                    offsets[j] = j * runStride;
                }
            }
            for (int j = i + 1; j <= size; j++) {
                offsets[j] += n;
            }
            int stride = uniformStride(offsets, size);
            runOffsets = stride < 0 ? offsets : null;
            runStride = Math.max(stride, 0);
        }
        loose |= nw.length != used + n || runOffsets != null && runOffsets.length != size + 1;
        words = nw;
    }

    /**
     * Keeps keys {@code [0, n)} only, in place: the arrays keep their room (the leaf becomes loose) and the prefix
     * its length; offsets and header table are made canonical for the keys left.
     */
    void truncate(int n) {
        own();
        if (codes != null) {
            uncode(usedWords()); // a loose leaf is never coded
        }
        if (headers != null) {
            long[] deltas = new long[n];
            long[] subs = new long[n];
            long[] bases = new long[n];
            HeaderTable.decode(headers, 0, n, deltas, subs, bases, 0);
            headers = HeaderTable.encode(deltas, subs, bases, n);
        }
        size = n;
        if (suffixOffsets != null && uniformStride(suffixOffsets, n) >= 0) {
            suffixStride = uniformStride(suffixOffsets, n);
            suffixOffsets = null;
        }
        if (runOffsets != null && uniformStride(runOffsets, n) >= 0) {
            runStride = uniformStride(runOffsets, n);
            runOffsets = null;
        }
        loose = true;
        rehead();
    }

    /**
     * The offsets of a sequence of {@code size} elements after inserting one of length {@code len} at {@code at}:
     * in place when {@code offsets} has room, else in a new array with room for {@code roomKeys} elements.
     */
    private static int[] withInserted(int[] offsets, int stride, int size, int at, int len, int roomKeys) {
        int[] out = offsets != null && offsets.length >= size + 2 ? offsets : new int[Math.max(size + 2, roomKeys + 1)];
        for (int j = size + 1; j > at; j--) {
            out[j] = (offsets == null ? (j - 1) * stride : offsets[j - 1]) + len;
        }
        if (out != offsets) {
            for (int j = 0; j <= at; j++) {
                out[j] = offsets == null ? j * stride : offsets[j];
            }
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
    public long revisionCount() {
        return codes != null ? usedWords() : RevisionRun.revisionCount(words, 0, usedWords());
    }
}
