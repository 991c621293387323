package io.memstore.measure.spec;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which key-value system a row measures: one of the built-in ones, or a class of the project under build that
 * implements {@code io.memstore.target.KeyValueTarget}, named by its fully qualified name. {@link #MEMSTORE} is
 * memstore's own store or index, built in the probe JVM as the row's {@code index} and {@code store} say; the others
 * are measured the same way (RSS after the load and its peak, puts/s, gets/s, file size) by the probe, with their
 * classes loaded only for their rows:
 * <ul>
 *   <li>{@link #ETCD}: a real etcd member, started for the row from an etcd program and loaded through its Java
 *       client; the RSS is the member's;</li>
 *   <li>{@link #ETCD_CLUSTER}: three members on loopback, each measured, the largest giving the row's RSS;</li>
 *   <li>{@link #H2}: H2's MVStore, embedded in the probe JVM;</li>
 *   <li>{@link #ROCKSDB}: RocksDB through its JNI artifact, embedded in the probe JVM;</li>
 *   <li>a class ({@link #isClass}): created in the probe JVM from the project's test classpath, embedded as H2 and
 *       RocksDB are.</li>
 * </ul>
 * Rows of the other systems always store their values, and ignore the fields that only memstore has
 * ({@link #MEMSTORE_ONLY}); rows of systems other than etcd ignore the etcd member's ({@link #ETCD_ONLY}). The
 * built-in kinds are single instances ({@link #of} returns them), so they compare with {@code ==}; equality is by
 * spec name.
 *
 * @param specName the name the spec wrote: a built-in name, or the class name as written
 */
public record SystemKind(String specName) {
    public static final SystemKind MEMSTORE = new SystemKind("memstore");
    public static final SystemKind ETCD = new SystemKind("etcd");
    public static final SystemKind ETCD_CLUSTER = new SystemKind("etcd-cluster");
    public static final SystemKind H2 = new SystemKind("h2");
    public static final SystemKind ROCKSDB = new SystemKind("rocksdb");

    /** The fields that configure memstore's store or index, and mean nothing to another system. */
    public static final List<RowField> MEMSTORE_ONLY = List.of(RowField.STORE, RowField.INDEX,
            RowField.LEAF_CAPACITY, RowField.DURABILITY, RowField.SQLITE_CACHE, RowField.READ_CONNECTIONS,
            RowField.BATCH_LIMIT, RowField.BATCH_BYTES, RowField.BATCH_INTERVAL);
    /** The fields that configure an etcd member, and mean nothing to another system. */
    public static final List<RowField> ETCD_ONLY = List.of(RowField.SNAPSHOT_COUNT);
    /** The interface a target class implements, by name: it is looked up in the project's classpath. */
    public static final String TARGET_INTERFACE = "io.memstore.target.KeyValueTarget";
    /** What a valid value looks like, for messages and docs. */
    public static final String FORMS = "one of memstore, etcd, etcd-cluster, h2, rocksdb, or the fully qualified name"
            + " of a class on the project's test classpath that implements " + TARGET_INTERFACE
            + ", like com.example.MyTarget";

    public SystemKind {
        Objects.requireNonNull(specName, "specName");
    }

    /** The built-in systems, in the order docs list them. */
    public static List<SystemKind> builtIns() {
        return List.of(MEMSTORE, ETCD, ETCD_CLUSTER, H2, ROCKSDB);
    }

    /**
     * The system a spec, a result file or the probe's arguments name: a built-in one (its single instance), or a
     * class name.
     *
     * @throws IllegalArgumentException when the text is neither a built-in name nor a qualified class name
     */
    public static SystemKind of(String text) {
        String t = text.strip();
        Optional<SystemKind> builtIn = bySpecName(t);
        if (builtIn.isPresent()) {
            return builtIn.get();
        }
        if (!IndexKind.isClassName(t)) {
            throw new IllegalArgumentException("unknown system '" + t + "'"
                    + Suggestions.didYouMean(t, builtIns().stream().map(SystemKind::specName).toList()));
        }
        return new SystemKind(t);
    }

    /** True for a class of the project's, false for the built-in systems. */
    public boolean isClass() {
        return !builtIns().contains(this);
    }

    /** True for a real etcd, one member or a cluster: a server process the probe starts and loads. */
    public boolean isEtcd() {
        return this.equals(ETCD) || this.equals(ETCD_CLUSTER);
    }

    /**
     * True when this system's rows ignore the field: the memstore-only fields for the other systems, the
     * etcd-only fields for all but etcd.
     */
    public boolean ignores(RowField field) {
        return !equals(MEMSTORE) && MEMSTORE_ONLY.contains(field) || !isEtcd() && ETCD_ONLY.contains(field);
    }

    /** The built-in system with this spec name, if any. */
    public static Optional<SystemKind> bySpecName(String name) {
        return builtIns().stream().filter(s -> s.specName.equals(name)).findFirst();
    }

    @Override
    public String toString() {
        return specName;
    }
}
