package io.memstore.store;

import io.memstore.store.internal.sqlite.Change;
import io.memstore.store.internal.sqlite.StoredRecord;
import java.util.Arrays;
import java.util.List;

/**
 * The records of {@link Durability#DEFERRED} commits that are not in SQLite yet (etcd's txReadBuffer): readers
 * look a revision up here before asking SQLite, because SQLite's read connections cannot see them.
 *
 * <p>Records arrive in ascending revision order (commits in main revision order, a transaction's changes in sub
 * order), so the buffer is two parallel append-only arrays, the packed revisions and the {@link Change}s (each
 * with its kv_key entry and kv_value record already encoded, as the flush binds them), searched by
 * binary search: no boxed key or map node per record. Only the writer adds, while the buffer is pending; the flush
 * reads the records once the buffer has been handed over (see {@link DeferredWriter}). A buffer is never emptied:
 * after its SQLite commit it is dropped whole, so a reader still holding it finds its records there, and one that
 * no longer sees it finds them in SQLite.
 *
 * <p>Publication to readers on other threads: the writer stores a record, then raises the volatile {@link #count}.
 * A reader reads {@code count} first, then the (volatile) array fields: whatever arrays it sees are the ones
 * current when that count was published or later copies, and every one of them holds the first {@code count}
 * records, so it never looks at a slot not yet written.
 */
final class PendingRecords {
    private volatile long[] revs;
    private volatile Change[] records;
    /** Records readers may look at; written only by the writer, after the record itself. */
    private volatile int count;
    private int revisions;
    private long bytes;
    private long lastMain;

    /** A buffer sized for about {@code expectedRecords} records, so that filling it does not grow it. */
    PendingRecords(int expectedRecords) {
        int n = Math.max(16, Math.min(expectedRecords, 1 << 16));
        revs = new long[n];
        records = new Change[n];
    }

    /** Adds the records of one committed write transaction (writer lock held, buffer pending). */
    void add(long main, List<Change> changes) {
        int n = count;
        long[] rv = revs;
        Change[] rs = records;
        if (n + changes.size() > rv.length) {
            int capacity = Math.max(rv.length * 2, n + changes.size());
            rv = Arrays.copyOf(rv, capacity);
            rs = Arrays.copyOf(rs, capacity);
            revs = rv; // published before any record beyond the old arrays
            records = rs;
        }
        long added = 0;
        for (Change r : changes) {
            if (n > 0 && r.rev() <= rv[n - 1]) {
                throw new IllegalStateException("deferred rows out of order: " + Revision.toString(r.rev())
                        + " after " + Revision.toString(rv[n - 1]));
            }
            rv[n] = r.rev();
            rs[n] = r;
            n++;
            added += r.sizeBytes();
        }
        count = n;
        bytes += added;
        revisions++;
        lastMain = main;
    }

    /**
     * The record at packed revision {@code rev}, its value copied out of the buffered value record, or null (any
     * thread).
     */
    StoredRecord get(long rev) {
        int n = count; // first: see the class comment
        int i = Arrays.binarySearch(revs, 0, n, rev);
        return i < 0 ? null : records[i].toStoredRecord();
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

    /** The changes in revision order (for the flush, once the writer no longer adds). */
    List<Change> records() {
        return Arrays.asList(records).subList(0, count);
    }
}
