package io.memstore.measure.spec;

/**
 * One row of a spec: a workload with every list-valued field expanded to one value.
 *
 * @param name unique within the spec: the workload name, then the fields that vary within that workload,
 *             for example {@code index/keys=1M,versions=5,keySize=64B}
 */
public record Row(String name, RowParams params) {
}
