package io.memstore.measure.spec;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which key-value system a row measures. {@link #MEMSTORE} is memstore's own store or index, built in the probe
 * JVM as the row's {@code index} and {@code store} say; the others are measured the same way (RSS after the load
 * and its peak, puts/s, gets/s, file size) by the probe, with their classes loaded only for their rows:
 * <ul>
 *   <li>{@link #ETCD}: a real etcd member, started for the row from an etcd program and loaded through its Java
 *       client; the RSS is the member's;</li>
 *   <li>{@link #ETCD_CLUSTER}: three members on loopback, each measured, the largest giving the row's RSS;</li>
 *   <li>{@link #H2}: H2's MVStore, embedded in the probe JVM;</li>
 *   <li>{@link #ROCKSDB}: RocksDB through its JNI artifact, embedded in the probe JVM.</li>
 * </ul>
 * Rows of the other systems always store their values, and ignore the fields that only memstore has
 * ({@link #MEMSTORE_ONLY}); rows of systems other than etcd ignore the etcd member's ({@link #ETCD_ONLY}).
 */
public enum SystemKind {
    MEMSTORE("memstore"),
    ETCD("etcd"),
    ETCD_CLUSTER("etcd-cluster"),
    H2("h2"),
    ROCKSDB("rocksdb");

    /** The fields that configure memstore's store or index, and mean nothing to another system. */
    public static final List<RowField> MEMSTORE_ONLY = List.of(RowField.STORE, RowField.INDEX,
            RowField.LEAF_CAPACITY, RowField.DURABILITY, RowField.SQLITE_CACHE, RowField.READ_CONNECTIONS,
            RowField.BATCH_LIMIT, RowField.BATCH_BYTES, RowField.BATCH_INTERVAL);
    /** The fields that configure an etcd member, and mean nothing to another system. */
    public static final List<RowField> ETCD_ONLY = List.of(RowField.SNAPSHOT_COUNT);

    private final String specName;

    SystemKind(String specName) {
        this.specName = specName;
    }

    public String specName() {
        return specName;
    }

    /** True for a real etcd, one member or a cluster: a server process the probe starts and loads. */
    public boolean isEtcd() {
        return this == ETCD || this == ETCD_CLUSTER;
    }

    /**
     * True when this system's rows ignore the field: the memstore-only fields for the other systems, the
     * etcd-only fields for all but etcd.
     */
    public boolean ignores(RowField field) {
        return this != MEMSTORE && MEMSTORE_ONLY.contains(field) || !isEtcd() && ETCD_ONLY.contains(field);
    }

    /** The system with this spec name, if any. */
    public static Optional<SystemKind> bySpecName(String name) {
        return Arrays.stream(values()).filter(s -> s.specName.equals(name)).findFirst();
    }
}
