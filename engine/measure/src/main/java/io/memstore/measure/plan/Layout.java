package io.memstore.measure.plan;

import io.memstore.measure.spec.IndexKind;

/**
 * How an index lays out its memory, as far as the prediction needs it: the bytes one key costs in the index
 * ({@link #keyBytes}) and how many revision slots a key of {@code versions} puts holds ({@link #revisionSlots}).
 * The heap model is then {@code c0 + N*(c1 + keyBytes(keySize)) + N*revisionSlots(versions)*c2}, with c0, c1, c2
 * fitted to measured rows.
 *
 * <p>Why per index: etcd's linear formula {@code N*(c1+keySize) + N*versions*(c2+pointer)} is right for a layout
 * whose per-revision cost is constant (memstore's B-tree packs revisions into shared arrays), and structurally
 * wrong for a layout that keeps one growable array per key, as etcd's Go slices and the reference index's
 * {@code long[]} do: the array doubles (capacity 1, 2, 4, 8, ...), so memory is a staircase in versions. The
 * reference index's bytes per key grow by 8 B per slot of capacity (1, 4 and 8 slots at 1, 3 and 5 versions), so a
 * line through versions 1 and 5 over-predicts 3 versions and under-predicts 8 (still 8 slots).
 */
public enum Layout {
    /**
     * memstore's B-tree: key bytes stored packed, revisions packed in runs: linear in keys and in revisions.
     */
    LINEAR("c0 + N*(c1 + keySize) + N*versions*c2") {
        @Override
        public double keyBytes(int keySize) {
            return keySize;
        }

        @Override
        public double revisionSlots(int versions) {
            return versions;
        }
    },
    /**
     * The reference index (etcd's object layout on the JVM): a {@code byte[]} per key (16-byte header, padded to
     * 8 bytes) and a doubling {@code long[]} of revisions per key.
     */
    DOUBLING_ARRAYS("c0 + N*(c1 + align8(16 + keySize)) + N*capacity(versions)*c2, capacity = next power of 2") {
        @Override
        public double keyBytes(int keySize) {
            return (16L + keySize + 7) & ~7L;
        }

        @Override
        public double revisionSlots(int versions) {
            return capacity(versions);
        }
    };

    private final String formula;

    Layout(String formula) {
        this.formula = formula;
    }

    /** The model for people. */
    public String formula() {
        return formula;
    }

    /** Bytes the key itself takes in the index. */
    public abstract double keyBytes(int keySize);

    /** Revision slots a key holds after {@code versions} puts. */
    public abstract double revisionSlots(int versions);

    public String specName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The layout of an index kind. */
    public static Layout of(IndexKind index) {
        return IndexKind.REFERENCE.equals(index) ? DOUBLING_ARRAYS : LINEAR;
    }

    /** The capacity of an array grown by doubling from 1 to hold {@code n} elements: 1, 2, 4, 4, 8, ... */
    static long capacity(int n) {
        return n <= 1 ? 1 : Long.highestOneBit((long) n - 1) << 1;
    }
}
