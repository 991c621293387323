package io.memstore.measure.spec;

/** How a workload's keys are generated. */
public enum KeyPattern {
    /** Uniformly random bytes from a seeded generator (etcd's benchmark). */
    RANDOM,
    /** Zero-padded decimal counters, in insertion order. */
    SEQUENTIAL,
    /** Kubernetes-like {@code /registry/<kind>/<namespace>/<name>}, padded to the key size. */
    HIERARCHICAL;

    public String specName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
