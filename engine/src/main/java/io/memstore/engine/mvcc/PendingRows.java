package io.memstore.engine.mvcc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rows of {@link Durability#DEFERRED} commits that are not in SQLite yet (etcd's txReadBuffer): readers
 * look a revision up here before asking SQLite, because SQLite's read connections cannot see them.
 *
 * <p>Two views of the same rows: a concurrent map by (mixed) revision for readers, and a list in revision
 * order for the flush. Only the writer adds, while the buffer is pending; the flush reads the list once the
 * buffer has been handed over (see {@link DeferredWriter}). A buffer is never emptied: after its SQLite commit
 * it is dropped whole, so a reader still holding it finds its rows there, and one that no longer sees it finds
 * them in SQLite.
 */
final class PendingRows {
    private final ConcurrentHashMap<Long, StoredRow> byRevision;
    private final ArrayList<StoredRow> inOrder;
    private int revisions;
    private long bytes;
    private long lastMain;

    /** A buffer sized for about {@code expectedRows} rows, so that filling it does not rehash. */
    PendingRows(int expectedRows) {
        int n = Math.max(16, Math.min(expectedRows, 1 << 16));
        byRevision = new ConcurrentHashMap<>(n);
        inOrder = new ArrayList<>(n);
    }

    /** Adds the rows of one committed write transaction (writer lock held, buffer pending). */
    void add(long main, List<StoredRow> rows) {
        for (StoredRow r : rows) {
            inOrder.add(r);
            byRevision.put(mix(r.rev()), r);
            bytes += r.sizeBytes();
        }
        revisions++;
        lastMain = main;
    }

    /** The row at packed revision {@code rev}, or null (any thread). */
    StoredRow get(long rev) {
        return byRevision.get(mix(rev));
    }

    /**
     * Packed revisions of single-change transactions end in 22 zero bits (the sub), which Long.hashCode keeps
     * and ConcurrentHashMap's bins collide on; multiplying by an odd constant is a bijection that spreads them.
     */
    private static long mix(long rev) {
        return rev * 0x9E3779B97F4A7C15L;
    }

    boolean isEmpty() {
        return revisions == 0;
    }

    /** Write transactions held. */
    int revisions() {
        return revisions;
    }

    /** Approximate heap bytes held. */
    long bytes() {
        return bytes;
    }

    /** Main revision of the newest transaction held. */
    long lastMain() {
        return lastMain;
    }

    /** The rows in revision order (for the flush). */
    List<StoredRow> rows() {
        return inOrder;
    }
}
