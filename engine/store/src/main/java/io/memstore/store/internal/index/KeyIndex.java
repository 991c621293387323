package io.memstore.store.internal.index;

import io.memstore.store.KeyNotFoundException;
import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;
import java.util.ArrayList;
import java.util.function.LongConsumer;

/**
 * The history of one key (etcd's keyIndex): its generations, oldest first. The last generation is the
 * current one; it is empty when the key's last change was a tombstone, so a key always has at least one
 * generation and a deleted key's next put starts a new one.
 *
 * <p>For example, a key put at 1 and 2, deleted at 3, put again at 5 holds
 * {@code [{created 1, ver 3, revs [1 2 3t]}, {created 5, ver 1, revs [5]}]}. Reads at revision 4 find
 * nothing: the key was deleted then.
 *
 * <p>This is the object-for-object layout of etcd, used by {@link ReferenceIndex}; {@link BTreeIndex}
 * encodes the same history into packed arrays. Not thread-safe: the owning index locks.
 */
final class KeyIndex {
    private final byte[] key;
    private long modified;
    private final ArrayList<Generation> generations = new ArrayList<>(1);

    KeyIndex(byte[] key) {
        this.key = key;
        generations.add(new Generation());
    }

    byte[] key() {
        return key;
    }

    /** The packed revision of the key's last change. */
    long modified() {
        return modified;
    }

    /** True when the key has no history left (only an empty current generation). */
    boolean isEmpty() {
        return generations.size() == 1 && generations.get(0).isEmpty();
    }

    /** True when the key's current generation has not ended. */
    boolean isLive() {
        return !current().isEmpty();
    }

    private Generation current() {
        return generations.get(generations.size() - 1);
    }

    int revisionCount() {
        int n = 0;
        for (Generation g : generations) {
            n += g.size;
        }
        return n;
    }

    void put(long rev) {
        if (rev <= modified) {
            throw new IllegalArgumentException("revision " + Revision.toString(rev)
                    + " is not after the key's last change " + Revision.toString(modified));
        }
        Generation g = current();
        if (g.isEmpty()) {
            g.created = rev;
        }
        g.append(rev);
        g.ver++;
        modified = rev;
    }

    /** See {@link RevisionIndex#restore}. */
    void restore(long createRev, long rev, long version) {
        Generation g = current();
        if (!g.isEmpty()) {
            put(rev);
            return;
        }
        if (rev <= modified) {
            throw new IllegalArgumentException("revision " + Revision.toString(rev)
                    + " is not after the key's last change " + Revision.toString(modified));
        }
        if (version < 1 || createRev > rev) {
            throw new IllegalArgumentException("inconsistent row at " + Revision.toString(rev)
                    + ": created " + Revision.toString(createRev) + ", version " + version);
        }
        g.created = createRev;
        g.ver = version;
        g.append(rev);
        modified = rev;
    }

    void tombstone(long rev) {
        if (!isLive()) {
            throw new KeyNotFoundException("cannot delete a key that is not live (at " + Revision.toString(rev) + ")");
        }
        put(rev);
        generations.add(new Generation());
    }

    /** The key's state at main revision {@code atRev}, or null. */
    KeyState get(long atRev) {
        Generation g = findGeneration(atRev);
        if (g == null) {
            return null;
        }
        int n = g.newestAtOrBelow(atRev);
        if (n < 0) {
            return null;
        }
        return new KeyState(g.revs[n], g.created, g.ver - (g.size - n - 1));
    }

    /** The generation that holds the key at {@code atRev}, or null when the key was absent or deleted then. */
    private Generation findGeneration(long atRev) {
        int lastIndex = generations.size() - 1;
        for (int i = lastIndex; i >= 0; i--) {
            Generation g = generations.get(i);
            if (g.isEmpty()) {
                continue;
            }
            if (i != lastIndex && Revision.main(g.last()) <= atRev) {
                return null; // its tombstone is at or before atRev
            }
            if (Revision.main(g.first()) <= atRev) {
                return g;
            }
        }
        return null;
    }

    /** See {@link RevisionIndex#since}. */
    long[] since(long atRev) {
        long[] out = new long[revisionCount()];
        int n = 0;
        long lastMain = -1;
        for (Generation g : generations) {
            for (int i = 0; i < g.size; i++) {
                long r = g.revs[i];
                long main = Revision.main(r);
                if (main < atRev) {
                    continue;
                }
                if (main == lastMain) {
                    out[n - 1] = r; // several changes in one transaction: only the last is seen
                } else {
                    out[n++] = r;
                    lastMain = main;
                }
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /**
     * Compacts at main revision {@code atRev} and hands the revision that must stay, if any, to {@code keep}.
     * Afterwards {@link #isEmpty()} tells whether the key can be dropped.
     */
    void compact(long atRev, LongConsumer keep) {
        if (isEmpty()) {
            return;
        }
        int genIndex = generationForCompaction(atRev);
        while (true) {
            Generation g = generations.get(genIndex);
            int revIndex = g.newestAtOrBelow(atRev);
            if (revIndex == -1) {
                break; // empty, or begun after atRev: nothing to trim or keep
            }
            if (revIndex > 0) {
                g.dropBefore(revIndex);
            }
            if (g.size == 1 && genIndex != generations.size() - 1) {
                // only the tombstone is left: the whole generation goes. A transaction that deleted the key
                // and put it again began the next generation at atRev itself: look there.
                genIndex++;
                continue;
            }
            keep.accept(g.first());
            break;
        }
        if (genIndex > 0) {
            generations.subList(0, genIndex).clear();
            generations.trimToSize();
        }
    }

    /** Hands to {@code keep} what {@link #compact} would keep at {@code atRev}, changing nothing. */
    void keep(long atRev, LongConsumer keep) {
        if (isEmpty()) {
            return;
        }
        for (int genIndex = generationForCompaction(atRev); genIndex < generations.size(); genIndex++) {
            Generation g = generations.get(genIndex);
            int revIndex = g.newestAtOrBelow(atRev);
            if (revIndex == -1) {
                return;
            }
            if (revIndex == g.size - 1 && genIndex != generations.size() - 1) {
                continue; // a tombstone at atRev: compaction drops it; a re-put in that transaction may follow
            }
            keep.accept(g.revs[revIndex]);
            return;
        }
    }

    /** The first generation whose tombstone is at or after {@code atRev}, or the current one. */
    private int generationForCompaction(long atRev) {
        int i = 0;
        while (i < generations.size() - 1 && Revision.main(generations.get(i).last()) < atRev) {
            i++;
        }
        return i;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("KeyIndex{modified=").append(Revision.toString(modified));
        for (Generation g : generations) {
            sb.append(", {created=").append(Revision.toString(g.created)).append(", ver=").append(g.ver).append(", revs=[");
            for (int i = 0; i < g.size; i++) {
                sb.append(i == 0 ? "" : " ").append(Revision.toString(g.revs[i]));
            }
            sb.append("]}");
        }
        return sb.append('}').toString();
    }
}
