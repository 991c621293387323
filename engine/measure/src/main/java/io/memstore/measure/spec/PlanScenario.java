package io.memstore.measure.spec;

import java.util.Objects;

/**
 * One capacity-planning question of a spec's {@code plan:} section (or of {@code -Dmemstore.keys=...}): how much
 * heap and RSS would this many keys take? It is a row that is predicted rather than measured: {@code params}
 * holds the scenario's fields, defaults applied, with one run, no deletes and no compaction at the end (a plan sizes
 * a loaded index; a compaction period, leases and watchers are part of the load it sizes).
 *
 * @param name          unique among the spec's scenarios; {@code params().workload()} is the same name
 * @param params        keys, versions, keySize, valueSize, keyPattern, store, index, system, snapshotCount,
 *                      compact (a period only), leases, leasedKeys and watchers of the scenario
 * @param machineMemory the memory of the machine or container it must fit into (bytes), or null when not given
 * @param origin        where it is written, {@code file:line:column}, or the properties it came from
 */
public record PlanScenario(String name, RowParams params, Long machineMemory, String origin) {
    /** The fields a scenario may set besides its name. */
    public static final java.util.List<RowField> FIELDS = java.util.List.of(RowField.KEYS, RowField.VERSIONS,
            RowField.KEY_SIZE, RowField.VALUE_SIZE, RowField.KEY_PATTERN, RowField.STORE, RowField.INDEX, RowField.SYSTEM,
            RowField.SNAPSHOT_COUNT, RowField.COMPACT, RowField.LEASES, RowField.LEASED_KEYS, RowField.WATCHERS);
    /** The field for the machine's memory, a size. */
    public static final String MACHINE_MEMORY = "machineMemory";

    public PlanScenario {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(origin, "origin");
        if (machineMemory != null && machineMemory <= 0) {
            throw new IllegalArgumentException("machineMemory must be positive, was " + machineMemory);
        }
    }

    /** The same scenario as a row, named {@code plan/<name>}, for calibration and reports. */
    public Row row() {
        return new Row("plan/" + name, params);
    }
}
