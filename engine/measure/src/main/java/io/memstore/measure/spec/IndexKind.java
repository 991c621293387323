package io.memstore.measure.spec;

/** Which revision index a workload measures. */
public enum IndexKind {
    /** memstore's compact B-tree ({@code BTreeIndex}). */
    BTREE,
    /** The deliberately simple TreeMap-based index ({@code ReferenceIndex}), for side-by-side rows. */
    REFERENCE;

    public String specName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
