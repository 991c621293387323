package io.memstore.store;

/**
 * The {@code meta} table's revisions: the current (main) revision, the last compaction that was scheduled and
 * the last one whose row deletions were committed. {@code scheduled > finished} means a compaction was
 * interrupted; it is finished on open.
 */
record StoreMeta(long currentRevision, long scheduledCompaction, long finishedCompaction) {
    static final StoreMeta EMPTY = new StoreMeta(0, 0, 0);
}
