package io.memstore.measure.plan;

import io.memstore.measure.spec.RowParams;

/**
 * How many raft entries an etcd member (3.4) holds in memory after a row's writes, from the row's puts and the
 * member's snapshot count alone.
 *
 * <p>Every write is one raft entry, and the member keeps each entry, with its key and value, in its in-memory raft
 * log ({@code raft.MemoryStorage}). After each batch it applies, it takes a snapshot when more than
 * {@code --snapshot-count} entries were applied since the last one, and then drops the log up to
 * {@value #CATCH_UP_ENTRIES} entries before the snapshot ({@code SnapshotCatchUpEntries}, kept for followers
 * that fall behind). So below the snapshot count the log grows with every put; past it, it drops and grows again:
 * <pre>
 *   E entries written, S snapshot count:   snapshots at about k * (S + 1), k = 1 .. floor(E / (S + 1))
 *   in memory = E                          when no snapshot was taken
 *             = E - (last - 5,000)         after the snapshot at {@code last} (all when last is below 5,000)
 * </pre>
 * The member applies entries in batches, so its snapshots come up to a batch late (a few dozen entries at 64
 * writes in flight); the handful of entries the member writes for itself at start (membership, leader, version)
 * are left out. Both are tiny beside the catch-up entries.
 */
public final class EtcdRaftLog {
    /** etcd 3.4's {@code SnapshotCatchUpEntries}: entries kept in memory before the last snapshot. */
    public static final long CATCH_UP_ENTRIES = 5_000;

    private EtcdRaftLog() {
    }

    /**
     * Raft entries written by a row: one per put and per deleted key, per lease granted and per compaction, none
     * for the row's reads or watches.
     */
    public static long entriesWritten(RowParams p) {
        return p.keys() * p.versions() + Math.round(p.keys() * p.deletes()) + (p.compact() ? 1 : 0) + p.leases()
                + EtcdHistory.periodicCompactions(p);
    }

    /**
     * Raft entries in memory right after a restart: the member loads its last snapshot and replays the entries
     * its write-ahead log holds after it into the in-memory log; the catch-up entries before the snapshot are
     * not read back. Without a snapshot that is every entry written.
     */
    public static long entriesAfterRestart(long written, long snapshotCount) {
        long snapshots = written / (snapshotCount + 1);
        return written - snapshots * (snapshotCount + 1);
    }

    /** The raft entries in memory right after the row's member restarted. */
    public static long entriesAfterRestart(RowParams p) {
        return entriesAfterRestart(entriesWritten(p), p.snapshotCount());
    }

    /** Raft entries in memory after {@code written} entries at this snapshot count. */
    public static long entriesInMemory(long written, long snapshotCount) {
        if (written < 0 || snapshotCount < 1) {
            throw new IllegalArgumentException("written " + written + " and snapshot count " + snapshotCount
                    + ": expected written >= 0 and a snapshot count of at least 1");
        }
        long snapshots = written / (snapshotCount + 1);
        if (snapshots == 0) {
            return written;
        }
        long last = snapshots * (snapshotCount + 1);
        return last > CATCH_UP_ENTRIES ? written - (last - CATCH_UP_ENTRIES) : written;
    }

    /**
     * The most raft entries in memory at any time during {@code written} entries: all of them before the first
     * snapshot; just before a later one the snapshot count plus the catch-up entries at most.
     */
    public static long peakEntriesInMemory(long written, long snapshotCount) {
        long snapshots = written / (snapshotCount + 1);
        if (snapshots == 0) {
            return written;
        }
        // just before the k-th snapshot the log holds min(k * (S + 1), S + 1 + 5,000) entries
        long beforeLast = Math.min(snapshots * (snapshotCount + 1), snapshotCount + 1 + CATCH_UP_ENTRIES);
        return Math.max(entriesInMemory(written, snapshotCount), beforeLast);
    }

    /** The most raft entries in memory during the row's writes. */
    public static long peakEntriesInMemory(RowParams p) {
        return peakEntriesInMemory(entriesWritten(p), p.snapshotCount());
    }

    /** The raft entries in memory after the row's writes. */
    public static long entriesInMemory(RowParams p) {
        return entriesInMemory(entriesWritten(p), p.snapshotCount());
    }
}
