package io.memstore.store.internal.sqlite;

/**
 * The {@code meta} table's counters: the current (main) revision, the last compaction that was scheduled and
 * the last one whose record deletions were committed, the number of records in kv_key (and so in kv_value) and
 * their digest ({@link KeyDigest}). {@code scheduled > finished} means a compaction was interrupted; it is finished
 * on open.
 */
public record StoreMeta(long currentRevision, long scheduledCompaction, long finishedCompaction, long recordCount,
                        long keyDigest) {
    static final StoreMeta EMPTY = new StoreMeta(0, 0, 0, 0, KeyDigest.EMPTY);
}
