package io.memstore.store.internal.index;

import io.memstore.store.IndexRange;
import io.memstore.store.KeyNotFoundException;
import io.memstore.store.KeyState;
import io.memstore.store.RevisionIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The obvious index: a {@link TreeMap} from key to {@link KeyIndex}, etcd's layout object for object.
 *
 * <p>Kept deliberately simple: it is the oracle of the differential tests and the naive side of the
 * side-by-side measurements. Do not optimise it; make the B-tree index fast instead.
 */
public final class ReferenceIndex implements RevisionIndex {
    private final TreeMap<byte[], KeyIndex> keys = new TreeMap<>(Arrays::compareUnsigned);
    private final ReadWriteLock lock = new ReentrantReadWriteLock();

    @Override
    public void put(byte[] key, long rev) {
        KeyRange.check(key, null);
        lock.writeLock().lock();
        try {
            keys.computeIfAbsent(key, KeyIndex::new).put(rev);
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public void restore(byte[] key, long createRev, long rev, long version) {
        KeyRange.check(key, null);
        lock.writeLock().lock();
        try {
            keys.computeIfAbsent(key, KeyIndex::new).restore(createRev, rev, version);
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public void tombstone(byte[] key, long rev) {
        KeyRange.check(key, null);
        lock.writeLock().lock();
        try {
            KeyIndex ki = keys.get(key);
            if (ki == null) {
                throw new KeyNotFoundException("cannot delete a key that is not in the index");
            }
            ki.tombstone(rev);
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public KeyState get(byte[] key, long atRev) {
        KeyRange.check(key, null);
        lock.readLock().lock();
        try {
            KeyIndex ki = keys.get(key);
            return ki == null ? null : ki.get(atRev);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public IndexRange range(byte[] key, byte[] end, long atRev, int limit, boolean countTotal) {
        KeyRange.check(key, end);
        lock.readLock().lock();
        try {
            List<byte[]> found = new ArrayList<>();
            List<Long> revs = new ArrayList<>();
            long total = 0;
            boolean more = false;
            for (KeyIndex ki : slice(key, end).values()) {
                KeyState state = ki.get(atRev);
                if (state == null) {
                    continue;
                }
                if (limit <= 0 || found.size() < limit) {
                    found.add(ki.key());
                    revs.add(state.modRevision());
                } else {
                    more = true;
                    if (!countTotal) {
                        break;
                    }
                }
                total++;
            }
            return new IndexRange(found, revs.stream().mapToLong(Long::longValue).toArray(),
                    countTotal ? total : -1, more);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public long count(byte[] key, byte[] end, long atRev) {
        return range(key, end, atRev, 0, true).total();
    }

    @Override
    public long[] since(byte[] key, long atRev) {
        KeyRange.check(key, null);
        lock.readLock().lock();
        try {
            KeyIndex ki = keys.get(key);
            return ki == null ? new long[0] : ki.since(atRev);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public long[] compact(long atRev) {
        lock.writeLock().lock();
        try {
            List<Long> kept = new ArrayList<>();
            Iterator<KeyIndex> it = keys.values().iterator();
            while (it.hasNext()) {
                KeyIndex ki = it.next();
                ki.compact(atRev, kept::add);
                if (ki.isEmpty()) {
                    it.remove();
                }
            }
            return sorted(kept);
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public long[] keep(long atRev) {
        lock.readLock().lock();
        try {
            List<Long> kept = new ArrayList<>();
            for (KeyIndex ki : keys.values()) {
                ki.keep(atRev, kept::add);
            }
            return sorted(kept);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public long keyCount() {
        lock.readLock().lock();
        try {
            return keys.size();
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public long revisionCount() {
        lock.readLock().lock();
        try {
            long n = 0;
            for (KeyIndex ki : keys.values()) {
                n += ki.revisionCount();
            }
            return n;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The history of one key, for tests and diagnostics; null when the index does not hold the key. */
    public String describe(byte[] key) {
        lock.readLock().lock();
        try {
            KeyIndex ki = keys.get(key);
            return ki == null ? null : ki.toString();
        } finally {
            lock.readLock().unlock();
        }
    }

    private NavigableMap<byte[], KeyIndex> slice(byte[] key, byte[] end) {
        if (KeyRange.isSingleKey(end)) {
            return keys.subMap(key, true, key, true);
        }
        if (KeyRange.isToEnd(end)) {
            return keys.tailMap(key, true);
        }
        if (Arrays.compareUnsigned(key, end) >= 0) {
            return new TreeMap<>(keys.comparator());
        }
        return keys.subMap(key, true, end, false);
    }

    private static long[] sorted(List<Long> revs) {
        long[] out = revs.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(out);
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<byte[], KeyIndex> e : keys.entrySet()) {
            sb.append(new String(e.getKey(), java.nio.charset.StandardCharsets.ISO_8859_1)).append(" -> ")
                    .append(e.getValue()).append('\n');
        }
        return sb.toString();
    }
}
