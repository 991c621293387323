package io.memstore.store.internal.index;

import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import java.util.Arrays;

/**
 * The encoding of one key's whole history (every generation, as in {@link KeyIndex}) as a run of {@code long}
 * words inside a leaf's word array, and the operations of {@link KeyIndex} on such a run.
 *
 * <p>Two kinds of word, told apart by the sign bit:
 * <pre>
 *   revision word  w &gt;= 0 : (rev &lt;&lt; 1) | tombstone     rev is a packed {@link Revision}, whose bits 63 and 62
 *                                                      are 0, so the shifted word stays non-negative
 *   header word    w &lt;  0 : ~x                          see below
 * </pre>
 * A generation is {@code [header] rev rev ... [tombstone]}: it ends at a tombstone word; the words after the last
 * tombstone are the current generation. When the run ends with a tombstone the current generation is empty and
 * implicit (KeyIndex's trailing empty {@link Generation}). An empty key has an empty run and is not stored.
 *
 * <p>A header gives what KeyIndex keeps in {@code created} and {@code ver} when the words do not already say it.
 * Without one, {@code created} is the generation's first revision and that revision is version 1: true of every
 * generation that nothing was compacted from and that was not restored, so the common key pays exactly one word
 * per revision. Otherwise the header gives {@code created} and the version of the first kept revision
 * ({@code base}; KeyIndex's {@code ver} is {@code base + size - 1}), and where it lives depends on the generation:
 * <ul>
 *   <li>The first generation of a run keeps its header in the leaf's {@link HeaderTable}, never in the run: a run
 *       always starts with a revision word. This is where compaction puts every header it makes (the generation
 *       it trims, or the one it lets begin the run, is first: every generation before it goes), and where a
 *       restore of a key the leaf does not hold puts its record's created revision and version.</li>
 *   <li>A later generation carries its header in the run, as two words {@code ~created, ~base} just after the
 *       previous tombstone. Only a restore of a deleted key whose record is not the first of its generation makes
 *       one, which {@code IndexLoader} never does for a consistent file (the record after a tombstone starts a
 *       generation at version 1, created at itself): odd input pays 2 words, the store's own files nothing.</li>
 * </ul>
 * Header words are negative and revision words are not, and in-run headers sit only just after a tombstone, so a
 * run can be read backwards too (reads look at the newest generation first, as KeyIndex does). The functions that
 * need the first generation's header take the leaf's table and the key's index in it.
 */
final class RevisionRun {
    private static final int MAIN_SHIFT = 1 + Revision.SUB_BITS;

    /** Longest in-run header, in words: what a restore may add to a run in front of its revision word. */
    static final int MAX_HEADER_WORDS = 2;

    private RevisionRun() {
    }

    static long word(long rev, boolean tombstone) {
        return (rev << 1) | (tombstone ? 1 : 0);
    }

    static boolean isTombstone(long word) {
        return (word & 1) != 0;
    }

    /** The packed revision of a revision word. */
    static long revision(long word) {
        return word >>> 1;
    }

    /** The main revision of a revision word. */
    static long main(long word) {
        return word >>> MAIN_SHIFT;
    }

    /** The packed revision of the key's last change: the last word of a run is always a revision word. */
    static long modified(long[] w, int to) {
        return w[to - 1] >>> 1;
    }

    /** True when the key's current generation is not empty: the run does not end with a tombstone. */
    static boolean isLive(long[] w, int from, int to) {
        return to > from && (w[to - 1] & 1) == 0;
    }

    /** The number of revision words (tombstones included, headers not) in {@code w[from, to)}. */
    static int revisionCount(long[] w, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (w[i] >= 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * Writes the in-run header of a later generation (one after a tombstone) created at {@code created} whose first
     * revision {@code firstRev} is version {@code base}; returns the number of words written (0 when the defaults
     * hold). A run's first generation keeps its header in the leaf's {@link HeaderTable} instead.
     */
    static int writeHeader(long[] out, int pos, long created, long base, long firstRev) {
        if (created == firstRev && base == 1) {
            return 0;
        }
        out[pos] = ~created;
        out[pos + 1] = ~base;
        return 2;
    }

    /**
     * The created revision of the generation whose header is {@code w[h, f)} and first revision word w[f]; the
     * run's first generation ({@code f == from}) finds it in {@code headers} at {@code key}.
     */
    private static long created(long[] w, int from, int h, int f, long[] headers, int key) {
        if (f == from) {
            return HeaderTable.created(headers, key, revision(w[f]));
        }
        return h == f ? revision(w[f]) : ~w[h];
    }

    /** The version of the first revision word w[f] of the generation whose header is {@code w[h, f)}. */
    private static long base(long[] w, int from, int h, int f, long[] headers, int key) {
        if (f == from) {
            return HeaderTable.base(headers, key);
        }
        return h == f ? 1 : ~w[h + 1];
    }

    /** Index of the first revision word of the generation whose last word is {@code w[last]}. */
    private static int generationStart(long[] w, int from, int last) {
        int f = last;
        while (f > from) {
            long p = w[f - 1];
            if (p < 0 || (p & 1) != 0) {
                break; // a header of this generation, or the tombstone of the previous one
            }
            f--;
        }
        return f;
    }

    /** Index of the first header word before the revision words starting at {@code f} (f itself if none). */
    private static int headerStart(long[] w, int from, int f) {
        int h = f;
        while (h > from && w[h - 1] < 0) {
            h--;
        }
        return h;
    }

    /**
     * The key's state at main revision {@code atRev} (KeyIndex#get), or null. The generation that holds atRev is
     * the newest one whose first revision is at or below atRev, unless its tombstone is at or below atRev too.
     * {@code headers} is the leaf's header table, {@code key} the key's index in the leaf.
     */
    static KeyState get(long[] w, int from, int to, long atRev, long[] headers, int key) {
        int e = to;
        while (e > from) {
            long last = w[e - 1];
            int f = generationStart(w, from, e - 1);
            int h = headerStart(w, from, f);
            if (main(w[f]) <= atRev) {
                if (isTombstone(last) && main(last) <= atRev) {
                    return null;
                }
                int n = e - 1;
                while (main(w[n]) > atRev) {
                    n--;
                }
                return new KeyState(revision(w[n]), created(w, from, h, f, headers, key),
                        base(w, from, h, f, headers, key) + (n - f));
            }
            e = h;
        }
        return null;
    }

    /** The packed revision of the key's last change at or before {@code atRev}, or -1 when it was not live then. */
    static long modRevisionAt(long[] w, int from, int to, long atRev) {
        int e = to;
        while (e > from) {
            long last = w[e - 1];
            int f = generationStart(w, from, e - 1);
            if (main(w[f]) <= atRev) {
                if (isTombstone(last) && main(last) <= atRev) {
                    return -1;
                }
                int n = e - 1;
                while (main(w[n]) > atRev) {
                    n--;
                }
                return revision(w[n]);
            }
            e = headerStart(w, from, f);
        }
        return -1;
    }

    /** See {@link KeyIndex#since}: revisions with main &gt;= atRev, only the last of each main revision. */
    static long[] since(long[] w, int from, int to, long atRev) {
        long[] out = new long[to - from];
        int n = 0;
        long lastMain = -1;
        for (int i = from; i < to; i++) {
            long x = w[i];
            if (x < 0) {
                continue;
            }
            long main = main(x);
            if (main < atRev) {
                continue;
            }
            if (main == lastMain) {
                out[n - 1] = revision(x);
            } else {
                out[n++] = revision(x);
                lastMain = main;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Index of the newest revision word in {@code w[f, e)} whose main revision is at most atRev, or -1. */
    private static int newestAtOrBelow(long[] w, int f, int e, long atRev) {
        for (int i = e - 1; i >= f; i--) {
            if (main(w[i]) <= atRev) {
                return i;
            }
        }
        return -1;
    }

    /** End (exclusive) of the generation whose revision words start at {@code f}: after its tombstone, or to. */
    private static int generationEnd(long[] w, int f, int to) {
        int e = f;
        while (e < to) {
            if (isTombstone(w[e++])) {
                break;
            }
        }
        return e;
    }

    /** Start of the header (or first revision word) of the generation KeyIndex's compaction works on, or to. */
    private static int compactionGeneration(long[] w, int from, int to, long atRev) {
        int h = from;
        while (h < to) {
            int f = h;
            while (w[f] < 0) {
                f++;
            }
            int e = generationEnd(w, f, to);
            long last = w[e - 1];
            if (!isTombstone(last) || main(last) >= atRev) {
                return h; // the current generation, or the first whose tombstone is at or after atRev
            }
            h = e;
        }
        return to; // every generation ended before atRev: KeyIndex's empty current generation
    }

    /**
     * See {@link KeyIndex#keep}: the packed revision compaction at {@code atRev} would keep, or -1.
     */
    static long keep(long[] w, int from, int to, long atRev) {
        for (int h = compactionGeneration(w, from, to, atRev); h < to; ) {
            int f = firstRevision(w, h);
            int e = generationEnd(w, f, to);
            int n = newestAtOrBelow(w, f, e, atRev);
            if (n == -1) {
                return -1; // nothing at or below atRev
            }
            if (n == e - 1 && isTombstone(w[n])) {
                h = e; // a tombstone at atRev goes; a put again in that transaction began the next generation
                continue;
            }
            return revision(w[n]);
        }
        return -1;
    }

    /**
     * See {@link KeyIndex#compact}: writes the compacted run of {@code w[from, to)} (key {@code key} of the leaf
     * whose header table is {@code headers}) to {@code out} at {@code pos}, where room for {@code to - from} words
     * is needed, and returns its length, 0 when the key has nothing left. The header of its first generation goes
     * to {@code header[0]} (created) and {@code header[1]} (base), the kept revision, if any, to {@code kept}.
     */
    static int compact(long[] w, int from, int to, long atRev, long[] headers, int key, LongArrayBuilder kept,
                       long[] out, int pos, long[] header) {
        for (int h = compactionGeneration(w, from, to, atRev); h < to; ) {
            int f = firstRevision(w, h);
            int e = generationEnd(w, f, to);
            int n = newestAtOrBelow(w, f, e, atRev);
            if (n == -1) {
                n = f; // begun after atRev: nothing to trim or keep, but it may become the first generation
            } else if (n == e - 1 && isTombstone(w[n])) {
                h = e; // only the tombstone would be left: the whole generation goes, and the next is looked at
                continue;
            } else {
                kept.add(revision(w[n]));
            }
            // KeyIndex drops the revisions before the kept one; the header keeps created and the version base.
            // Every generation before this one goes, so the header is the first generation's: in the table.
            header[0] = created(w, from, h, f, headers, key);
            header[1] = base(w, from, h, f, headers, key) + (n - f);
            System.arraycopy(w, n, out, pos, to - n);
            return to - n;
        }
        return 0;
    }

    /** Index of the first revision word of the generation whose header (if any) starts at {@code h}. */
    private static int firstRevision(long[] w, int h) {
        int f = h;
        while (w[f] < 0) {
            f++;
        }
        return f;
    }

    /** The history in {@link KeyIndex#toString()}'s format, so tests can compare the two layouts directly. */
    static String describe(long[] w, int from, int to, long[] headers, int key) {
        StringBuilder sb = new StringBuilder("KeyIndex{modified=").append(Revision.toString(modified(w, to)));
        int h = from;
        while (h < to) {
            int f = h;
            while (w[f] < 0) {
                f++;
            }
            int e = generationEnd(w, f, to);
            long ver = base(w, from, h, f, headers, key) + (e - f - 1);
            sb.append(", {created=").append(Revision.toString(created(w, from, h, f, headers, key))).append(", ver=").append(ver)
                    .append(", revs=[");
            for (int i = f; i < e; i++) {
                sb.append(i == f ? "" : " ").append(Revision.toString(revision(w[i])));
            }
            sb.append("]}");
            h = e;
        }
        if (isTombstone(w[to - 1])) {
            sb.append(", {created=0.0, ver=0, revs=[]}");
        }
        return sb.append('}').toString();
    }
}
