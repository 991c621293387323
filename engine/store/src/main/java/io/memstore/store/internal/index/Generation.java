package io.memstore.store.internal.index;

import io.memstore.store.Revision;
import java.util.Arrays;

/**
 * One lifetime of a key (etcd's generation): the puts from its creation up to and including the tombstone
 * that ended it. {@code ver} counts every change of the generation, including any that compaction has since
 * dropped, so the version of the i-th kept revision is {@code ver - (size - 1 - i)}.
 *
 * <p>The revisions live in a {@code long[]} that doubles as it grows, as a Go slice does: this is the
 * straightforward layout that {@link ReferenceIndex} measures against.
 */
final class Generation {
    long ver;
    long created;
    long[] revs = EMPTY;
    int size;

    private static final long[] EMPTY = new long[0];

    boolean isEmpty() {
        return size == 0;
    }

    long first() {
        return revs[0];
    }

    long last() {
        return revs[size - 1];
    }

    void append(long rev) {
        if (size == revs.length) {
            revs = Arrays.copyOf(revs, Math.max(1, size * 2));
        }
        revs[size++] = rev;
    }

    /** Index of the newest revision whose main revision is at most {@code atRev}, or -1. */
    int newestAtOrBelow(long atRev) {
        for (int i = size - 1; i >= 0; i--) {
            if (Revision.main(revs[i]) <= atRev) {
                return i;
            }
        }
        return -1;
    }

    /** Drops the revisions before {@code from} into a right-sized array, so their memory is released. */
    void dropBefore(int from) {
        revs = Arrays.copyOfRange(revs, from, size);
        size = revs.length;
    }
}
