package io.memstore.store;

import io.memstore.store.internal.index.ReferenceIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The oracle of the store differential test: etcd's store semantics written the plain way, on a
 * {@link ReferenceIndex} and a map from packed revision to the key-value a read returns. Unlike the store it
 * applies each operation of a transaction to its index at once (as etcd did before v3.5), so the transaction
 * sees its own writes through the index instead of through an overlay; no SQLite, no buffers, no locks.
 */
final class StoreModel {
    /** One operation of a transaction: a put when {@code value != null}, else a range delete. */
    record Op(byte[] key, byte[] end, byte[] value) {
        static Op put(byte[] key, byte[] value) {
            return new Op(key, null, value);
        }

        static Op delete(byte[] key, byte[] end) {
            return new Op(key, end, null);
        }

        @Override
        public String toString() {
            return value != null ? "put(" + KeyValue.printable(key) + ", " + value.length + " B)"
                    : "deleteRange(" + KeyValue.printable(key) + ", " + (end == null ? "null" : KeyValue.printable(end)) + ")";
        }
    }

    private final ReferenceIndex index = new ReferenceIndex();
    private final Map<Long, KeyValue> records = new HashMap<>();
    private long current;
    private long compacted;

    /** The model's index, for comparing a store's rebuilt index with it; callers must not change it. */
    ReferenceIndex index() {
        return index;
    }

    /**
     * Whether the transaction would create a revision: it puts something, or one of its range deletes finds a
     * live key (an earlier delete of the same transaction only removes keys, so the state before it suffices).
     */
    boolean changes(List<Op> ops) {
        for (Op op : ops) {
            if (op.value() != null || index.count(op.key(), op.end(), current) > 0) {
                return true;
            }
        }
        return false;
    }

    long currentRevision() {
        return current;
    }

    long compactedRevision() {
        return compacted;
    }

    /** Applies a committed transaction; returns the per-operation results (main revision or keys deleted). */
    List<Long> apply(List<Op> ops) {
        long main = current + 1;
        long sub = 0;
        List<Long> results = new ArrayList<>();
        for (Op op : ops) {
            if (op.value() != null) {
                KeyState live = index.get(op.key(), main); // includes this transaction's earlier subs
                long create = live == null ? main : Revision.main(live.createRevision());
                long version = live == null ? 1 : live.version() + 1;
                long rev = Revision.pack(main, sub++);
                index.put(op.key().clone(), rev);
                records.put(rev, new KeyValue(op.key().clone(), op.value().clone(), create, main, version));
                results.add(main);
            } else {
                List<byte[]> doomed = index.range(op.key(), op.end(), main, 0, false).keys();
                for (byte[] k : doomed) {
                    index.tombstone(k, Revision.pack(main, sub++));
                }
                results.add((long) doomed.size());
            }
        }
        if (sub > 0) {
            current = main;
        }
        return results;
    }

    RangeResult range(byte[] key, byte[] end, RangeOptions options) {
        long rev = options.isLatest() ? current : options.revision();
        if (rev > current) {
            throw new FutureRevisionException(rev, current);
        }
        if (rev < compacted) {
            throw new CompactedRevisionException(rev, compacted);
        }
        IndexRange found = index.range(key, end, rev, options.limit(), options.countsTotal());
        List<KeyValue> kvs = new ArrayList<>();
        for (long r : found.revisions()) {
            KeyValue kv = records.get(r);
            if (kv == null) {
                throw new IllegalStateException("model lost row " + Revision.toString(r));
            }
            kvs.add(kv);
        }
        return new RangeResult(kvs, options.countsTotal() ? found.total() : kvs.size(), current, found.more());
    }

    void compact(long rev) {
        if (rev > current) {
            throw new FutureRevisionException(rev, current);
        }
        if (rev <= compacted) {
            throw new CompactedRevisionException(rev, compacted);
        }
        compacted = rev;
        Set<Long> kept = new HashSet<>();
        for (long r : index.compact(rev)) {
            kept.add(r);
        }
        Iterator<Long> it = records.keySet().iterator();
        while (it.hasNext()) {
            long r = it.next();
            if (Revision.main(r) <= rev && !kept.contains(r)) {
                it.remove();
            }
        }
    }
}
