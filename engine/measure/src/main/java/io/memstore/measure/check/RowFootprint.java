package io.memstore.measure.check;

import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;

/**
 * What one run of a row needs before it may start: memory for its probe JVM, disk for its store file.
 * Estimates, generous on purpose (a row refused here could not have run; one let through may still fail and is
 * then reported by the runner), computed in floating point so that absurd rows do not overflow.
 *
 * <p>Memory: {@link ProbeJvm#rowHeap} (the index, the store's write buffers and the values in flight) plus
 * {@link #JVM_BASE} for the JVM itself (code, metaspace, threads, the young generation, SQLite's page cache).
 *
 * <p>Disk (SQLite rows only): every put is one row of key + value + {@link #ROW_OVERHEAD}, every deleted key one
 * tombstone row of key + overhead; times {@link #PAGE_SLACK} for partly filled and overflow pages, plus
 * {@link #WAL_ALLOWANCE} for the write-ahead log. The slack is set a little above what this store's 16 KiB pages
 * waste with values of a few KiB, the worst case (small values pack densely, large ones fill overflow pages).
 *
 * @param memoryBytes    estimated bytes of memory the probe JVM needs
 * @param storeFileBytes estimated bytes of disk for the store file and its log; 0 for rows without a store
 * @param storeRows      rows written to the store (puts and tombstones); 0 without a store
 */
public record RowFootprint(Row row, double memoryBytes, double storeFileBytes, double storeRows) {
    /** Memory of the JVM beside the heap the index needs (B). */
    public static final long JVM_BASE = 128L << 20;
    /** Bytes per SQLite row beside key and value: the revision key, three integers, record header, cell pointer. */
    public static final int ROW_OVERHEAD = 32;
    public static final double PAGE_SLACK = 1.35;
    /** Bytes the write-ahead log may take beside the database file. */
    public static final long WAL_ALLOWANCE = 64L << 20;

    public static RowFootprint of(Row row) {
        RowParams p = row.params();
        double memory = (double) ProbeJvm.rowHeap(p) + JVM_BASE;
        if (p.store() != StoreKind.SQLITE) {
            return new RowFootprint(row, memory, 0, 0);
        }
        double puts = (double) p.keys() * p.versions();
        double tombstones = Math.rint(p.keys() * p.deletes());
        double bytes = puts * ((double) p.keySize() + p.valueSize() + ROW_OVERHEAD)
                + tombstones * ((double) p.keySize() + ROW_OVERHEAD);
        return new RowFootprint(row, memory, bytes * PAGE_SLACK + WAL_ALLOWANCE, puts + tombstones);
    }

    /** How {@link #storeFileBytes} was reached, for messages. */
    String storeFormula() {
        RowParams p = row.params();
        StringBuilder sb = new StringBuilder("(");
        sb.append(p.keys()).append(" keys x ").append(p.versions()).append(" versions x (").append(p.keySize())
                .append(" B key + ").append(p.valueSize()).append(" B value + ").append(ROW_OVERHEAD).append(" B)");
        if (p.deletes() > 0) {
            sb.append(" + ").append((long) Math.rint(p.keys() * p.deletes())).append(" tombstones x (")
                    .append(p.keySize()).append(" B key + ").append(ROW_OVERHEAD).append(" B)");
        }
        sb.append(") x ").append(PAGE_SLACK).append(" page slack + 64 MiB write-ahead log");
        return sb.toString();
    }
}
