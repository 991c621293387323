package io.memstore.store.internal.sqlite;

import io.memstore.store.Durability;
import io.memstore.store.Revision;
import io.memstore.store.StoreException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The store's one writer connection and everything that writes through it: batches of records with the meta
 * counters, the durable record of a scheduled compaction, compaction's deletions, and the checkpoint that empties
 * the write-ahead log. Used only under the store's writer lock (or by the one background flush the lock allows).
 *
 * <p>Transactions are begun, committed and rolled back by explicit statements, with the driver in auto-commit
 * mode: after a failed commit (a full disk, an I/O error) SQLite may already have rolled the transaction back
 * itself, and the driver, which would otherwise begin its next transaction only after a successful rollback,
 * would leave the connection committing every later statement on its own. Here a failed write always ends with
 * no transaction open, so the next write starts clean (a failure that is not SQLite's, such as an {@link
 * OutOfMemoryError} while a batch is bound, too); the statements are prepared again before it, since the
 * driver may have closed them.
 *
 * <p>With {@link Durability#DEFERRED} a {@link WalCheckpointer} checkpoints the log in the background; a batch
 * waits for it only when the log has grown long.
 *
 * <p>SQLite starts the write-ahead log over only when a write begins with every frame copied into the database and
 * no reader's snapshot in the log. Reads beside a busy writer (each in a transaction of its own, one after the
 * other on several connections) nearly always leave one snapshot in the log that began before the last commit, so
 * the checkpoints, which copy only what no snapshot still needs, never copy everything, and the log never starts
 * over: it grew by every commit's pages, hundreds of MiB a minute. So a write that finds the {@code -wal} file at
 * {@link #LOG_LIMIT_BYTES} or longer first takes every read connection out of the pool as its read ends (new reads
 * wait), then checkpoints the log to the end and truncates it ({@link #limitLog}). Since the file is truncated to
 * 0 B each time, its length is the log's: the log exceeds the limit by at most one write transaction. Without such
 * reads, {@link Durability#FULL} and {@link Durability#NORMAL} logs start over on their own long before the limit
 * (SQLite's automatic checkpoint at 1,000 pages); a {@link Durability#DEFERRED} log reaches it without them too
 * ({@link WalCheckpointer#RESTART_FRAMES} and the batches written meanwhile), and is then truncated where it would
 * have started over in place.
 */
final class StoreWriter {
    /** Revisions fetched per page while compaction looks for records to delete. */
    private static final int COMPACT_PAGE_RECORDS = 10_000;
    /** The {@code -wal} file's length from which a write first checkpoints and truncates the log: 64 MiB. */
    static final long LOG_LIMIT_BYTES = 64L << 20;
    /** How long {@link #limitLog} waits for the reads in progress to hand their connections back. */
    static final long GATHER_MILLIS = 1_000;

    private final Path file;
    private final Path wal;
    /** {@link #LOG_LIMIT_BYTES}, unless a test set another ({@link #logLimit(long)}). */
    private long limitBytes = LOG_LIMIT_BYTES;
    /**
     * The {@code -wal} file's length from which the next write empties the log first: {@link #limitBytes}, or that
     * much beyond the length at which the last try left frames that a read still needed.
     */
    private long truncateAt = LOG_LIMIT_BYTES;
    private final Connection connection;
    /** Background checkpoints of the write-ahead log ({@link Durability#DEFERRED} only), or null. */
    private final WalCheckpointer checkpointer;
    /** The read connections, whose snapshots must see each commit and not hold the log back ({@link ReaderPool}). */
    private final ReaderPool readers;
    private Statement tx;
    private RecordWriter recordWriter;
    private PreparedStatement setMeta;
    private PreparedStatement commitMeta;
    private boolean prepareAgain;
    /** The {@link KeyDigest} of the records in kv_key, as the meta record key_digest holds it after the last commit. */
    private long keyDigest;

    StoreWriter(Path file, Connection connection, WalCheckpointer checkpointer, ReaderPool readers, long keyDigest)
            throws SQLException {
        this.file = file;
        this.wal = SqliteConnections.sideFile(file, "-wal");
        this.connection = connection;
        this.checkpointer = checkpointer;
        this.readers = readers;
        this.keyDigest = keyDigest;
        prepareStatements();
    }

    private void prepareStatements() throws SQLException {
        closeStatements();
        tx = connection.createStatement();
        recordWriter = new RecordWriter(connection);
        setMeta = connection.prepareStatement("UPDATE meta SET value = ? WHERE name = ?");
        commitMeta = connection.prepareStatement("UPDATE meta SET value = CASE name WHEN '"
                + StoreSchema.META_CURRENT + "' THEN ? WHEN '" + StoreSchema.META_KEY_DIGEST + "' THEN ? ELSE value + ?"
                + " END WHERE name IN ('" + StoreSchema.META_CURRENT + "', '" + StoreSchema.META_KEY_DIGEST + "', '"
                + StoreSchema.META_RECORD_COUNT + "')");
        prepareAgain = false;
    }

    /** Closes the statements; returns the first failure, or null. */
    private SQLException closeStatements() {
        SQLException failure = null;
        if (recordWriter != null) {
            try {
                recordWriter.close();
            } catch (SQLException e) {
                failure = e;
            }
            recordWriter = null;
        }
        for (Statement st : new Statement[] {setMeta, commitMeta, tx}) {
            if (st != null) {
                try {
                    st.close();
                } catch (SQLException e) {
                    failure = failure != null ? failure : e;
                }
            }
        }
        return failure;
    }

    /**
     * Writes {@code records} (ascending revisions), the new current revision, record count and key digest in one SQLite
     * transaction. On failure nothing of it is written and no transaction is left open.
     */
    void write(List<Change> records, long currentRevision) {
        try {
            if (prepareAgain) {
                prepareStatements();
            }
            awaitLogRestart();
            limitLog();
            begin();
            int n = records.size();
            long digest = keyDigest;
            for (int i = 0; i < n; i++) {
                Change c = records.get(i);
                digest ^= KeyDigest.ofEntry(c.rev(), c.entry());
            }
            recordWriter.insert(records);
            commitMeta.setLong(1, currentRevision);
            commitMeta.setLong(2, digest);
            commitMeta.setLong(3, n);
            if (commitMeta.executeUpdate() != 3) {
                throw new SQLException("meta rows " + StoreSchema.META_CURRENT + ", " + StoreSchema.META_KEY_DIGEST
                        + " and " + StoreSchema.META_RECORD_COUNT + " are missing");
            }
            commit();
            keyDigest = digest;
            if (checkpointer != null) {
                checkpointer.request();
            }
        } catch (RuntimeException | Error e) {
            rollbackAfter(e);
            throw e;
        } catch (SQLException e) {
            rollbackQuietly();
            String what = records.isEmpty() ? "revision " + currentRevision
                    : "revisions " + Revision.main(records.get(0).rev()) + ".." + currentRevision;
            throw SqliteErrors.translate(e, file, "writing " + what);
        }
    }

    /** Before a batch: lets the background checkpoints catch up when the log is long (see {@link WalCheckpointer}). */
    private void awaitLogRestart() {
        if (checkpointer != null) {
            try {
                checkpointer.awaitIfBehind();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the batch is written all the same; the log restarts later
            }
        }
    }

    /**
     * Before a write: when the {@code -wal} file has reached {@link #truncateAt}, copies every frame of the log into
     * the database file and truncates it, with every read connection taken out of the pool meanwhile ({@link
     * ReaderPool#withoutReads}), after the background checkpoint, if one runs. When a read does not hand its
     * connection back within {@link #GATHER_MILLIS}, or the checkpoint fails, the next try waits until the file has
     * grown by another limit's length, so that a long read holds the reads and the writes up for at most that long
     * per limit of log. A failed checkpoint leaves every commit in place and does not fail the write.
     */
    private void limitLog() {
        long size = SqliteConnections.sizeOf(wal);
        if (size < truncateAt) {
            return;
        }
        awaitCheckpointer();
        boolean emptied;
        try {
            emptied = readers.withoutReads(GATHER_MILLIS, this::truncateLog);
        } catch (StoreException e) {
            emptied = false;
        }
        truncateAt = emptied ? limitBytes : size + limitBytes;
    }

    /** Sets the log's limit ({@link #LOG_LIMIT_BYTES}) to {@code bytes}, before the first write. For tests. */
    void logLimit(long bytes) {
        limitBytes = bytes;
        truncateAt = bytes;
    }

    /**
     * Copies every frame of the write-ahead log into the database file and truncates the log to zero bytes
     * ({@code PRAGMA wal_checkpoint(TRUNCATE)}) on the writer's connection, once the background checkpoint, if one
     * runs, has ended. The caller holds the writer lock with nothing buffered, so no commit adds frames meanwhile.
     * Meanwhile the read connections keep no transaction from one read to the next ({@link
     * ReaderPool#withoutHeldSnapshots}); a read in progress whose snapshot still needs frames is waited for up to the
     * busy timeout.
     *
     * @return whether the log was emptied (false: a reader still needed frames when the wait ran out)
     */
    boolean checkpointLog() {
        awaitCheckpointer();
        return readers.withoutHeldSnapshots(this::truncateLog);
    }

    /** Waits until the background checkpoint, if any, is idle: SQLite refuses a second checkpoint while one runs. */
    private void awaitCheckpointer() {
        if (checkpointer != null) {
            try {
                checkpointer.awaitIdle();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // checkpoint all the same; a running one makes it report false
            }
        }
    }

    /** {@code PRAGMA wal_checkpoint(TRUNCATE)}; whether the log was emptied. */
    private boolean truncateLog() {
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
            return rs.next() && rs.getInt(1) == 0; // the columns: busy, frames in the log, frames checkpointed
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "checkpointing the write-ahead log");
        }
    }

    /**
     * Frees the pages the writer's connection caches ({@code PRAGMA shrink_memory}): the caller pauses the writes
     * (a flush), and the pages a load went through would otherwise stay in the process until writes replace them.
     * The next write reads the few pages it needs again, from the operating system's cache.
     */
    void releaseCache() {
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA shrink_memory");
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "releasing the writer's page cache");
        }
    }

    /**
     * Runs {@code write} in one transaction of its own (the writer's lock held by the caller, so no commit runs
     * meanwhile): a crash leaves all of it or none. On failure nothing of it is written and no transaction is left
     * open; the error says it happened while {@code what}.
     */
    <T> T inTransaction(String what, TableWrite<T> write) {
        try {
            if (prepareAgain) {
                prepareStatements();
            }
            begin();
            T result = write.write(connection);
            commit();
            return result;
        } catch (RuntimeException | Error e) {
            rollbackAfter(e);
            throw e;
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, what);
        }
    }

    /** Records, durably, that a compaction at {@code rev} has begun (etcd's scheduledCompactRev). */
    void scheduleCompaction(long rev) {
        try {
            if (prepareAgain) {
                prepareStatements();
            }
            begin();
            setMeta(StoreSchema.META_SCHEDULED, rev);
            commit();
        } catch (RuntimeException | Error e) {
            rollbackAfter(e);
            throw e;
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "scheduling a compaction at revision " + rev);
        }
    }

    /**
     * In one SQLite transaction, deletes every record (of kv_key and kv_value) at or below main revision {@code rev}
     * whose revision is not in {@code kept} (ascending), and records {@code rev} as finished, the record count and
     * key digest less the deleted records. kv_key's revisions (with the checksums, for the digest) are scanned in
     * pages and both tables' records deleted in runs of consecutive revisions, one range delete per run and table.
     * Returns the number of changes deleted (records of kv_key).
     */
    long compact(long rev, long[] kept) {
        long upper = Revision.last(rev);
        long deleted = 0;
        long digest = keyDigest;
        try (PreparedStatement page = connection.prepareStatement("SELECT rev, substr(entry, 1, "
                + RecordChecksum.BYTES + ") FROM kv_key WHERE rev > ? AND rev <= ? ORDER BY rev LIMIT "
                + COMPACT_PAGE_RECORDS);
             PreparedStatement delete = connection.prepareStatement("DELETE FROM kv_key WHERE rev >= ? AND rev <= ?");
             PreparedStatement deleteValues = connection.prepareStatement(
                     "DELETE FROM kv_value WHERE rev >= ? AND rev <= ?");
             PreparedStatement fewer = connection.prepareStatement("UPDATE meta SET value = value - ? WHERE name = '"
                     + StoreSchema.META_RECORD_COUNT + "'")) {
            if (prepareAgain) {
                prepareStatements();
            }
            begin();
            long after = -1;
            int k = 0;
            long[] revs = new long[COMPACT_PAGE_RECORDS];
            boolean[] keep = new boolean[COMPACT_PAGE_RECORDS];
            while (true) {
                int n = 0;
                page.setLong(1, after);
                page.setLong(2, upper);
                try (ResultSet rs = page.executeQuery()) {
                    while (rs.next()) {
                        long r = rs.getLong(1);
                        // merged against the sorted kept array; a deleted record's checksum is read for the digest
                        while (k < kept.length && kept[k] < r) {
                            k++;
                        }
                        keep[n] = k < kept.length && kept[k] == r;
                        if (!keep[n]) {
                            digest ^= KeyDigest.ofEntry(r, SqliteConnections.orEmpty(rs.getBytes(2)));
                        }
                        revs[n++] = r;
                    }
                }
                if (n == 0) {
                    break;
                }
                // runs of revisions not in kept
                long runStart = -1;
                long runEnd = -1;
                for (int i = 0; i < n; i++) {
                    long r = revs[i];
                    if (keep[i]) {
                        if (runStart >= 0) {
                            addRun(delete, deleteValues, runStart, runEnd);
                            runStart = -1;
                        }
                    } else {
                        if (runStart < 0) {
                            runStart = r;
                        }
                        runEnd = r;
                        deleted++;
                    }
                }
                if (runStart >= 0) {
                    addRun(delete, deleteValues, runStart, runEnd);
                }
                delete.executeBatch();
                deleteValues.executeBatch();
                after = revs[n - 1];
                if (n < COMPACT_PAGE_RECORDS) {
                    break;
                }
            }
            setMeta(StoreSchema.META_FINISHED, rev);
            setMeta(StoreSchema.META_KEY_DIGEST, digest);
            fewer.setLong(1, deleted);
            fewer.executeUpdate();
            commit();
            keyDigest = digest;
            return deleted;
        } catch (RuntimeException | Error e) {
            rollbackAfter(e);
            throw e;
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "compacting at revision " + rev);
        }
    }

    private static void addRun(PreparedStatement delete, PreparedStatement deleteValues, long from, long to)
            throws SQLException {
        for (PreparedStatement d : new PreparedStatement[] {delete, deleteValues}) {
            d.setLong(1, from);
            d.setLong(2, to);
            d.addBatch();
        }
    }

    private void setMeta(String name, long value) throws SQLException {
        setMeta.setLong(1, value);
        setMeta.setString(2, name);
        if (setMeta.executeUpdate() != 1) {
            throw new SQLException("meta row " + name + " is missing");
        }
    }

    /**
     * Begins a write, after the read connections were told to end their snapshots ({@link ReaderPool#endSnapshots}):
     * SQLite starts the log over at a write's first frame only if no reader's snapshot still uses it.
     */
    private void begin() throws SQLException {
        readers.endSnapshots();
        tx.execute("BEGIN IMMEDIATE");
    }

    /**
     * Commits, then has the read connections end their snapshots, whether or not the commit succeeded (a snapshot
     * ended for nothing costs a read one transaction's begin): a read from now on must see the commit.
     */
    private void commit() throws SQLException {
        try {
            tx.execute("COMMIT");
        } finally {
            readers.endSnapshots();
        }
    }

    /**
     * Ends the failed transaction. SQLite rolls some failures back by itself (a full disk, some I/O errors);
     * then ROLLBACK fails with "no transaction is active", which is the state wanted.
     */
    private void rollbackQuietly() {
        prepareAgain = true;
        try (Statement s = connection.createStatement()) {
            s.execute("ROLLBACK");
        } catch (SQLException ignored) {
            // the failure being reported is the original one
        }
    }

    /**
     * Ends the transaction a write left open when something other than SQLite failed in it: an {@link
     * OutOfMemoryError} while binding a batch, a bug in the caller's records. Without this, the records inserted
     * before the failure would stay in the open transaction, the retry of the same batch would fail on their
     * revisions, and a later commit would write them with whatever came after. A failure of the rollback itself
     * (another {@link OutOfMemoryError}) is added to {@code cause}, which the caller rethrows.
     */
    private void rollbackAfter(Throwable cause) {
        try {
            rollbackQuietly();
        } catch (RuntimeException | Error e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * Limits the database to {@code pages} pages of {@link StoreSchema#PAGE_SIZE} (SQLite's max_page_count, for
     * this connection only): a write that would grow it further fails as on a full disk. For tests.
     */
    void maxPageCount(long pages) {
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA max_page_count = " + pages);
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "setting max_page_count");
        }
    }

    /**
     * Stops the background checkpoints, then closes the statements and the connection, each even when another
     * failed; the last connection to close checkpoints the log into the file and removes it. Returns the first
     * failure, or null.
     */
    StoreException close() {
        StoreException failure = null;
        if (checkpointer != null) {
            checkpointer.close(); // before the writer's: the last connection checkpoints the rest and removes the log
        }
        SQLException statements = closeStatements();
        if (statements != null) {
            failure = SqliteErrors.translate(statements, file, "closing");
        }
        try {
            connection.close(); // the last connection checkpoints the WAL into the file and removes it
        } catch (SQLException e) {
            failure = failure != null ? failure : SqliteErrors.translate(e, file, "closing");
        }
        return failure;
    }
}
