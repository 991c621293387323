package io.memstore.store.internal.sqlite;

/**
 * The {@code meta} table's counters: the current (main) revision, the last compaction that was scheduled and
 * the last one whose row deletions were committed, and the number of rows in kv_key (and so in kv_value). {@code scheduled > finished}
 * means a compaction was interrupted; it is finished on open.
 */
public record StoreMeta(long currentRevision, long scheduledCompaction, long finishedCompaction, long rowCount) {
    static final StoreMeta EMPTY = new StoreMeta(0, 0, 0, 0);
}
