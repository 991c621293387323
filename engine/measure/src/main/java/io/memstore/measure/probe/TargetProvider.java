package io.memstore.measure.probe;

import io.memstore.measure.spec.RowParams;

import java.nio.file.Path;
import java.util.Set;

/**
 * Opens the targets of systems other than memstore's own (a real etcd, other embedded stores). Implementations
 * live in a module of their own whose jars join a probe's classpath only for rows of their systems, found
 * through {@link java.util.ServiceLoader} ({@code META-INF/services/io.memstore.measure.probe.TargetProvider}),
 * so a probe of a memstore row never loads them.
 */
public interface TargetProvider {
    /** The spec names of the systems this provider opens. */
    Set<String> systems();

    /**
     * Opens a new, empty target for a row.
     *
     * @param system  one of {@link #systems()}
     * @param dataDir the directory for the target's files (created if missing; removed by the caller)
     * @throws IllegalArgumentException when the row's parameters do not suit the system
     */
    LoadTarget open(String system, RowParams row, Path dataDir);
}
