package io.memstore.store;

import io.memstore.store.internal.index.KeyRange;
import io.memstore.store.internal.sqlite.Change;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A write transaction: puts and deletes that commit as one main revision (current + 1), with sub revisions
 * 0, 1, ... in the order of the operations; a range delete deletes its keys in ascending key order.
 * Operations see the transaction's own earlier changes: a range delete after a put deletes the new key, a put
 * after a delete starts a new generation. A transaction without any effective change commits without
 * creating a revision.
 *
 * <p>Nothing reaches the store before {@link #commit()}; {@link #close()} without commit discards it. The
 * transaction holds the store's single writer lock from {@link MvccStore#write()} until commit or close, so
 * use it with try-with-resources, on the thread that opened it. The writer lock belongs to that thread: any
 * use of the transaction from another thread, {@code commit()} and {@code close()} included, throws an
 * {@link IllegalStateException} naming the owner and changes nothing, so the owner can still use it and its
 * close releases the lock.
 */
public final class WriteTxn implements AutoCloseable {
    /** Marks a key this transaction deleted, in {@link #overlay}. */
    private static final KeyState DELETED = new KeyState(-1, -1, -1);

    private final MvccStore store;
    private final long main;
    private final Thread owner = Thread.currentThread();
    private final ArrayList<Change> changes = new ArrayList<>(2);
    /**
     * The state of every key this transaction changed, after its changes so far (DELETED when deleted).
     * Built lazily: a one-operation transaction, the common case, never needs it.
     */
    private TreeMap<byte[], KeyState> overlay;
    private boolean finished;

    WriteTxn(MvccStore store, long main) {
        this.store = store;
        this.main = main;
    }

    /** The main revision this transaction commits at if it changes anything. */
    public long revision() {
        return main;
    }

    /**
     * Puts {@code value} at {@code key}. The store copies both arrays.
     *
     * @return the revision the transaction will commit at
     */
    public long put(byte[] key, byte[] value) {
        checkActive();
        byte[] k = store.checkedKey(key);
        store.checkValue(value);
        long rev = Revision.pack(main, changes.size());
        KeyState prior = liveState(k);
        long createRev = prior == null ? rev : prior.createRevision();
        long version = prior == null ? 1 : prior.version() + 1;
        changes.add(store.encoder().put(rev, k, value, createRev, version));
        if (overlay != null) {
            overlay.put(k, new KeyState(rev, createRev, version));
        }
        return main;
    }

    /**
     * Deletes the live keys of a range: {@code end == null} is the single key {@code key}; an empty {@code end}
     * runs from {@code key} to the end of the keyspace; otherwise [key, end).
     *
     * @return the number of keys deleted
     */
    public long deleteRange(byte[] key, byte[] end) {
        checkActive();
        MvccStore.checkRangeKeys(key, end);
        List<byte[]> live = store.liveKeys(key, end, main - 1);
        List<byte[]> doomed;
        if (changes.isEmpty()) {
            doomed = live;
        } else {
            // the index's live keys, corrected by what this transaction already did in the range
            TreeMap<byte[], Boolean> merged = new TreeMap<>(Arrays::compareUnsigned);
            for (byte[] k : live) {
                merged.put(k, Boolean.TRUE);
            }
            for (Map.Entry<byte[], KeyState> e : slice(overlay(), key, end).entrySet()) {
                if (e.getValue() == DELETED) {
                    merged.remove(e.getKey());
                } else {
                    merged.put(e.getKey(), Boolean.TRUE);
                }
            }
            doomed = new ArrayList<>(merged.keySet());
        }
        for (byte[] k : doomed) {
            changes.add(store.encoder().tombstone(Revision.pack(main, changes.size()), k));
            if (overlay != null) {
                overlay.put(k, DELETED);
            }
        }
        return doomed.size();
    }

    /**
     * Applies the transaction. Returns its revision, or the unchanged current revision when it changed
     * nothing. On failure nothing was applied; either way the transaction is over.
     */
    public long commit() {
        checkActive();
        finished = true; // whatever happens below, the lock is released and the transaction is over
        try {
            if (changes.isEmpty()) {
                return store.currentRevision();
            }
            store.commitLocked(main, changes);
            return main;
        } finally {
            store.releaseWriter();
        }
    }

    /**
     * Discards the transaction unless it was committed; releases the writer lock. Idempotent on the owner thread.
     *
     * @throws IllegalStateException on another thread than the owner, while the transaction is open
     */
    @Override
    public void close() {
        if (!finished) {
            checkOwner();
            finished = true;
            store.releaseWriter();
        }
    }

    /** The key's state as this transaction sees it, or null when not live. */
    private KeyState liveState(byte[] key) {
        if (changes.isEmpty()) {
            return store.liveState(key, main - 1);
        }
        KeyState s = overlay().get(key);
        if (s == null) {
            return store.liveState(key, main - 1);
        }
        return s == DELETED ? null : s;
    }

    private TreeMap<byte[], KeyState> overlay() {
        if (overlay == null) {
            overlay = new TreeMap<>(Arrays::compareUnsigned);
            for (Change r : changes) {
                overlay.put(r.key(), r.tombstone() ? DELETED : new KeyState(r.rev(), r.createRev(), r.version()));
            }
        }
        return overlay;
    }

    private static NavigableMap<byte[], KeyState> slice(TreeMap<byte[], KeyState> map, byte[] key, byte[] end) {
        if (KeyRange.isSingleKey(end)) {
            return map.subMap(key, true, key, true);
        }
        if (KeyRange.isToEnd(end)) {
            return map.tailMap(key, true);
        }
        if (Arrays.compareUnsigned(key, end) >= 0) {
            return new TreeMap<>(map.comparator());
        }
        return map.subMap(key, true, end, false);
    }

    private void checkActive() {
        checkOwner();
        if (finished) {
            throw new IllegalStateException("this WriteTxn (revision " + main + ") was already committed or closed");
        }
    }

    private void checkOwner() {
        Thread current = Thread.currentThread();
        if (current != owner) {
            throw new IllegalStateException("this WriteTxn (revision " + main + ") belongs to thread \"" + owner.getName()
                    + "\" (id " + owner.getId() + "), which opened it and holds the store's writer lock; it cannot be used"
                    + " or closed from thread \"" + current.getName() + "\" (id " + current.getId() + ")");
        }
    }
}
