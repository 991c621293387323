package io.memstore.measure.spec;

/** What holds the values of a workload. */
public enum StoreKind {
    /** The full store: index over an SQLite value file. */
    SQLITE,
    /** The index alone, no values (the first table of etcd's benchmark). */
    NONE;

    public String specName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
