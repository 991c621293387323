package io.memstore.store.internal.index;

import io.memstore.store.KeyState;
import io.memstore.store.Revision;

/**
 * A settled leaf's revision words in 4 B each instead of 8: frame-of-reference coding against the smallest main
 * revision of the leaf.
 *
 * <p>The revisions of one key, and of the keys of one leaf, are close to each other: a key written in every one of
 * 5 round-robin passes over 1M keys has revisions 1M apart, and a leaf's keys span the passes, 5M main revisions,
 * 23 bits. So when every word of a leaf is a revision word ({@link RevisionRun}) of a whole transaction's only
 * change (sub revision 0) and the leaf's main revisions span less than 2^30, each word is stored as
 * <pre>
 *   code = ((main - base) &lt;&lt; 1) | tombstone      base = the leaf's smallest main revision
 * </pre>
 * in an {@code int[]}, and read back exactly: {@code word = ((base + (code >>> 1)) << (1 + SUB_BITS)) | (code & 1)}.
 * A leaf with any other word (a sub revision above 0, an in-run generation header, a wider span) keeps its
 * {@code long[]}. Only settled leaves are coded: a write to a coded leaf decodes it into a loose {@code long[]}
 * first, which costs nothing extra, as the settled leaf has no room and is copied by the write anyway.
 */
final class CodedWords {
    private static final int MAIN_SHIFT = 1 + Revision.SUB_BITS;
    /** Bits 1..22 of a revision word: the sub revision. */
    private static final long SUB_IN_WORD = Revision.MAX_SUB << 1;
    private static final long MAX_SPAN = 1L << 30;

    private CodedWords() {
    }

    /** The base main revision to code {@code words[0, n)} against, or -1 when they cannot be coded. */
    static long base(long[] words, int n) {
        if (n == 0) {
            return -1;
        }
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int j = 0; j < n; j++) {
            long w = words[j];
            if (w < 0 || (w & SUB_IN_WORD) != 0) {
                return -1;
            }
            long main = w >>> MAIN_SHIFT;
            min = Math.min(min, main);
            max = Math.max(max, main);
        }
        return max - min < MAX_SPAN ? min : -1;
    }

    /** The codes of {@code words[0, n)} against {@code base}, which {@link #base} gave for them. */
    static int[] encode(long[] words, int n, long base) {
        int[] codes = new int[n];
        for (int j = 0; j < n; j++) {
            long w = words[j];
            codes[j] = (int) ((((w >>> MAIN_SHIFT) - base) << 1) | (w & 1));
        }
        return codes;
    }

    /** The revision word of {@code code}. */
    static long word(int code, long base) {
        return ((base + (code >>> 1)) << MAIN_SHIFT) | (code & 1);
    }

    /**
     * {@link RevisionRun#get} on the run {@code codes[from, to)} of a coded leaf, read in place: the same answer as
     * on the decoded words, without decoding them into a new array. The rule is RevisionRun's, simplified by what
     * a coded run cannot hold: an in-run header. Every generation after the first is therefore created at its first
     * revision with that revision as version 1, and the first finds both in the leaf's {@code headers} at
     * {@code key}. A code's main revision is {@code base + (code >>> 1)}, compared here as {@code code >>> 1}
     * against {@code atRev - base}.
     */
    static KeyState get(int[] codes, int from, int to, long base, long atRev, long[] headers, int key) {
        long at = atRev - base;
        int e = to;
        while (e > from) {
            int last = codes[e - 1];
            int f = generationStart(codes, from, e - 1);
            if ((codes[f] >>> 1) <= at) {
                if ((last & 1) != 0 && (last >>> 1) <= at) {
                    return null;
                }
                int n = e - 1;
                while ((codes[n] >>> 1) > at) {
                    n--;
                }
                long first = revision(codes[f], base);
                long created = f == from ? HeaderTable.created(headers, key, first) : first;
                long version = (f == from ? HeaderTable.base(headers, key) : 1) + (n - f);
                return new KeyState(revision(codes[n], base), created, version);
            }
            e = f;
        }
        return null;
    }

    /** {@link RevisionRun#modRevisionAt} on the run {@code codes[from, to)} of a coded leaf, read in place. */
    static long modRevisionAt(int[] codes, int from, int to, long base, long atRev) {
        long at = atRev - base;
        int e = to;
        while (e > from) {
            int last = codes[e - 1];
            int f = generationStart(codes, from, e - 1);
            if ((codes[f] >>> 1) <= at) {
                if ((last & 1) != 0 && (last >>> 1) <= at) {
                    return -1;
                }
                int n = e - 1;
                while ((codes[n] >>> 1) > at) {
                    n--;
                }
                return revision(codes[n], base);
            }
            e = f;
        }
        return -1;
    }

    /** The packed revision of {@code code}: its main revision with sub revision 0. */
    private static long revision(int code, long base) {
        return (base + (code >>> 1)) << Revision.SUB_BITS;
    }

    /** Index of the first code of the generation whose last code is {@code codes[last]}: just after a tombstone. */
    private static int generationStart(int[] codes, int from, int last) {
        int f = last;
        while (f > from && (codes[f - 1] & 1) == 0) {
            f--;
        }
        return f;
    }

    /** Decodes {@code codes[from, to)} into {@code out} at {@code pos}. */
    static void decode(int[] codes, int from, int to, long base, long[] out, int pos) {
        for (int j = from; j < to; j++) {
            out[pos++] = word(codes[j], base);
        }
    }
}
