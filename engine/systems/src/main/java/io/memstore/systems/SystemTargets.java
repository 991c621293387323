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

    /** @param row the row, for its etcd snapshot count; null opens a target with every default */
    @Override
    public LoadTarget open(String system, RowParams row, Path dataDir) {
        long snapshotCount = row == null ? EtcdCluster.DEFAULT_SNAPSHOT_COUNT : row.snapshotCount();
        return switch (system) {
            case ETCD -> EtcdTarget.open(1, dataDir, snapshotCount);
            case ETCD_CLUSTER -> EtcdTarget.open(CLUSTER_SIZE, dataDir, snapshotCount);
            case H2 -> H2Target.open(dataDir);
            case ROCKSDB -> RocksDbTarget.open(dataDir);
            default -> throw new IllegalArgumentException("system '" + system + "' is not one of " + systems());
        };
    }
}
