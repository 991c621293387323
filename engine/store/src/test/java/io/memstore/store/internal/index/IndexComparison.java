package io.memstore.store.internal.index;

import io.memstore.store.IndexRange;
import io.memstore.store.KeyValue;
import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Compares two revision indexes through their public contract: sizes, every key's history since a revision,
 * whole-keyspace ranges at chosen revisions, and what a compaction would keep. Returns a description of the
 * first difference, or null when none is found. Used to check that an index rebuilt from a file equals the
 * oracle's.
 */
public final class IndexComparison {
    private IndexComparison() {
    }

    public static String firstDifference(RevisionIndex actual, RevisionIndex expected, Collection<byte[]> keys,
                                  long compacted, long current, List<Long> revisions) {
        if (actual.keyCount() != expected.keyCount()) {
            return "keyCount " + actual.keyCount() + ", expected " + expected.keyCount();
        }
        if (actual.revisionCount() != expected.revisionCount()) {
            return "revisionCount " + actual.revisionCount() + ", expected " + expected.revisionCount();
        }
        for (byte[] k : keys) {
            long[] a = actual.since(k, compacted);
            long[] e = expected.since(k, compacted);
            if (!Arrays.equals(a, e)) {
                return "since(" + KeyValue.printable(k) + ", " + compacted + ") " + revs(a) + ", expected " + revs(e);
            }
        }
        for (long rev : revisions) {
            IndexRange a = actual.range(new byte[0], new byte[0], rev, 0, true);
            IndexRange e = expected.range(new byte[0], new byte[0], rev, 0, true);
            if (!sameKeys(a, e) || !Arrays.equals(a.revisions(), e.revisions()) || a.total() != e.total()) {
                return "range at " + rev + ": " + keys(a) + " " + revs(a.revisions()) + ", expected " + keys(e) + " "
                        + revs(e.revisions());
            }
        }
        long[] a = actual.keep(current);
        long[] e = expected.keep(current);
        if (!Arrays.equals(a, e)) {
            return "keep(" + current + ") " + revs(a) + ", expected " + revs(e);
        }
        return null;
    }

    /** The same keys in the same order, compared as bytes: printable names are made only for a difference. */
    private static boolean sameKeys(IndexRange a, IndexRange e) {
        List<byte[]> ak = a.keys();
        List<byte[]> ek = e.keys();
        if (ak.size() != ek.size()) {
            return false;
        }
        for (int i = 0; i < ak.size(); i++) {
            if (!Arrays.equals(ak.get(i), ek.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static List<String> keys(IndexRange r) {
        List<String> out = new ArrayList<>();
        r.keys().forEach(k -> out.add(KeyValue.printable(k)));
        return out;
    }

    private static String revs(long[] revs) {
        List<String> out = new ArrayList<>();
        for (long r : revs) {
            out.add(Revision.toString(r));
        }
        return out.toString();
    }
}
