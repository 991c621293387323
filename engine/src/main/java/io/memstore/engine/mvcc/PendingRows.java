package io.memstore.engine.mvcc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rows of {@link Durability#DEFERRED} commits that are not in SQLite yet (etcd's txReadBuffer): readers
 * look a revision up here before asking SQLite, because SQLite's read connections cannot see them.
 *
 * <p>Two views of the same rows: a concurrent map by revision for readers, and a list in revision order that
 * only the writer touches, for the flush. After a flush committed, the store replaces the whole buffer with
 * an empty one; a reader still holding the old buffer finds its rows either there or, having missed them, in
 * SQLite (a row leaves the buffer only after its SQLite commit).
 */
final class PendingRows {
    private final ConcurrentHashMap<Long, StoredRow> byRevision = new ConcurrentHashMap<>();
    private final ArrayList<StoredRow> inOrder = new ArrayList<>();
    private int revisions;
    private long bytes;
    private long lastMain;

    /** Adds the rows of one committed write transaction (writer only). */
    void add(long main, List<StoredRow> rows) {
        for (StoredRow r : rows) {
            inOrder.add(r);
            byRevision.put(r.rev(), r);
            bytes += r.sizeBytes();
        }
        revisions++;
        lastMain = main;
    }

    /** The row at packed revision {@code rev}, or null (any thread). */
    StoredRow get(long rev) {
        return byRevision.get(rev);
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

    /** The rows in revision order (writer only). */
    List<StoredRow> rows() {
        return inOrder;
    }
}
