package io.memstore.systems;

import io.memstore.measure.probe.LoadTarget;
import io.memstore.measure.probe.TargetProvider;
import io.memstore.measure.spec.RowParams;

import java.nio.file.Path;
import java.util.Set;

/**
 * The targets of this module's systems, found by the probe through {@link java.util.ServiceLoader}:
 * {@value #ETCD} (one etcd member), {@value #ETCD_CLUSTER} (three members), {@value #H2} (H2's MVStore) and
 * {@value #ROCKSDB}.
 */
public final class SystemTargets implements TargetProvider {
    public static final String ETCD = "etcd";
    public static final String ETCD_CLUSTER = "etcd-cluster";
    public static final String H2 = "h2";
    public static final String ROCKSDB = "rocksdb";
    /** Members of an {@value #ETCD_CLUSTER} row. */
    public static final int CLUSTER_SIZE = 3;

    @Override
    public Set<String> systems() {
        return Set.of(ETCD, ETCD_CLUSTER, H2, ROCKSDB);
    }

    @Override
    public LoadTarget open(String system, RowParams row, Path dataDir) {
        return switch (system) {
            case ETCD -> EtcdTarget.open(1, dataDir);
            case ETCD_CLUSTER -> EtcdTarget.open(CLUSTER_SIZE, dataDir);
            case H2 -> H2Target.open(dataDir);
            case ROCKSDB -> RocksDbTarget.open(dataDir);
            default -> throw new IllegalArgumentException("system '" + system + "' is not one of " + systems());
        };
    }
}
