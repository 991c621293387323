package io.memstore.measure.plan;

import io.memstore.measure.spec.RowParams;

/**
 * The revisions an etcd member (or memstore's store) keeps in its MVCC history after a row's writes, from the
 * row's writes and its compaction alone. Writes go round-robin over the keys, {@code T = keys x versions} of
 * them; a compaction at revision {@code K} keeps, of each key that existed at {@code K}, its revision at
 * {@code K}, and every revision after it:
 * <pre>
 *   kept = min(N, K) + (T - K)
 *   K    = 0 without compaction; T for compact latest; (floor(T / C) - 1) * C for compact every C (the last
 *          compaction came after the floor(T / C)-th window, at the revision one window back; none below 2C)
 * </pre>
 * Without compaction that is every write ({@code N x versions}), after {@code compact: latest} one per key.
 */
public final class EtcdHistory {
    /**
     * Compaction periods of revisions the db holds beyond each key's latest ({@link #compactionReads}): the count
     * whose fit predicted the Kubernetes-shaped calibration rows left out best, of 3 to 6 (the etcd planning page).
     */
    static final long PAGE_REUSE_PERIODS = 4;

    private EtcdHistory() {
    }

    /** Writes of the row that make revisions: its puts. */
    static long writes(RowParams p) {
        return p.keys() * p.versions();
    }

    /** The revision the row's history was last compacted at, 0 for none. */
    public static long compactedAt(RowParams p) {
        long t = writes(p);
        if (p.compact()) {
            return t;
        }
        long c = p.compactEvery();
        if (c <= 0 || t / c < 2) {
            return 0;
        }
        return (t / c - 1) * c;
    }

    /**
     * Revisions whose pages the row's compactions read through the memory-mapped db: every revision up to the last
     * compaction ({@link #compactedAt}), but under {@code compact: every C} at most {@code N + }{@value
     * #PAGE_REUSE_PERIODS}{@code  x C}. A compaction frees the pages of the revisions it removes and the writes after
     * it reuse them, so the db's pages, and those the compactions touch, stop growing at what the db holds at most:
     * each key's latest revision, the revisions written since the last compactions and the freed pages not yet
     * reused.
     */
    public static long compactionReads(RowParams p) {
        long k = compactedAt(p);
        long c = p.compactEvery();
        return c > 0 && !p.compact() ? Math.min(k, p.keys() + PAGE_REUSE_PERIODS * c) : k;
    }

    /** Compactions the row makes on its period ({@code compact: every}). */
    public static long periodicCompactions(RowParams p) {
        long c = p.compactEvery();
        return c <= 0 ? 0 : Math.max(0, writes(p) / c - 1);
    }

    /** Revisions kept in the history after the row's writes. */
    public static long retainedRevisions(RowParams p) {
        long k = compactedAt(p);
        return Math.min(p.keys(), k) + writes(p) - k;
    }
}
