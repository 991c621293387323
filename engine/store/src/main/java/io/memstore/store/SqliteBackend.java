package io.memstore.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.sqlite.SQLiteConfig;

/**
 * Everything the store does with SQLite, in the format of {@link StoreSchema}: opening (validating an
 * existing file read-only first), writing batches of rows, reading rows by revision on a pool of read
 * connections, and compaction's deletions. It knows nothing of the index or of MVCC rules.
 *
 * <p>One writer connection, used only under the store's writer lock. Read connections are read-only and
 * pooled; in WAL mode they read a committed snapshot while the writer writes. Every row read is checked against
 * its {@link RowChecksum}.
 *
 * <p>The writer's transactions are begun, committed and rolled back by explicit statements, with the driver in
 * auto-commit mode: after a failed commit (a full disk, an I/O error) SQLite may already have rolled the
 * transaction back itself, and the driver, which would otherwise begin its next transaction only after a
 * successful rollback, would leave the connection committing every later statement on its own. Here a failed
 * write always ends with no transaction open, so the next write starts clean.
 *
 * <p>The file is held by a {@link StoreLock} from before the first byte is read until every connection is
 * closed.
 */
final class SqliteBackend implements AutoCloseable {
    /** Revisions fetched per page while compaction looks for rows to delete. */
    private static final int COMPACT_PAGE_ROWS = 10_000;
    private static final int BUSY_TIMEOUT_MS = 5_000;
    private static final long CLOSE_WAIT_SECONDS = 30;

    /**
     * Receives every kv_key row of an existing file in revision order while it is opened, after its checksum
     * passed.
     */
    interface RowSink {
        /**
         * A row whose checksum passed: a tombstone when {@code version} is 0 ({@link StoreSchema}). Its key is
         * {@code bytes[keyFrom, bytes.length)}: the row's {@link KeyEntry}, which the sink may keep (nothing else
         * writes to it), so that a key seen before costs no copy.
         */
        void accept(long rev, byte[] bytes, int keyFrom, long createRev, long version);

        /** Called once before the scan with the rows to expect, a hint that may be wrong. */
        default void begin(long expectedRows) {
        }

        /** Called once after the last row of a scan without damage, before the file's counts are compared. */
        default void end() {
        }
    }

    /** Receives every row of the scan whose checksum fails. */
    private interface DamageSink {
        void damaged(long rev, byte[] key, String problem);
    }

    record Scan(long rows, long lastMain) {
    }

    private final Path file;
    private final Path wal;
    private final StoreLock lock;
    private final Connection writer;
    // the writer's statements: prepared again after a failed write, since the driver may have closed them
    private Statement tx;
    private RowWriter rowWriter;
    private PreparedStatement setMeta;
    private PreparedStatement commitMeta;
    private boolean prepareAgain;
    private final List<ReadConnection> readers = new ArrayList<>();
    private final ArrayBlockingQueue<ReadConnection> idleReaders;
    private final StoreMeta metaAtOpen;
    private volatile boolean closed;
    /** Background checkpoints of the write-ahead log ({@link Durability#DEFERRED} only), or null. */
    private final WalCheckpointer checkpointer;

    private SqliteBackend(Path file, StoreLock lock, Connection writer, StoreOptions options, StoreMeta metaAtOpen)
            throws SQLException {
        this.file = file;
        this.wal = sideFile(file, "-wal");
        this.lock = lock;
        this.writer = writer;
        this.metaAtOpen = metaAtOpen;
        prepareWriterStatements();
        this.idleReaders = new ArrayBlockingQueue<>(options.readConnections());
        try {
            for (int i = 0; i < options.readConnections(); i++) {
                ReadConnection rc = new ReadConnection(file, readConnection(file, options));
                readers.add(rc);
                idleReaders.add(rc);
            }
            checkpointer = options.durability() == Durability.DEFERRED
                    ? new WalCheckpointer(checkpointConnection(file, options), file.getFileName().toString()) : null;
        } catch (SQLException | RuntimeException e) {
            for (ReadConnection rc : readers) {
                try {
                    rc.close();
                } catch (RuntimeException ignored) {
                    // reporting the original failure
                }
            }
            throw e;
        }
    }

    /**
     * Opens {@code file}, creating it when it does not exist (or is empty). The file is locked first
     * ({@link StoreLock}: refused at once when another store has it open). An existing file is then checked and
     * scanned read-only: the header's application_id and format version, the write-ahead log's frames
     * ({@link WalCheck}), the tables, the meta rows, every kv_key row (its checksum verified, then handed to
     * {@code sink} in revision order) and the number of kv_value rows, so that a foreign, damaged or inconsistent
     * file, or one of another format version, fails here without having been modified. Only then is it opened for
     * writing.
     *
     * <p>The read-only connection stays open until the writer's is: SQLite closes its last descriptor of the
     * file when its last connection to it closes, and that would drop the lock (see {@link StoreLock}).
     */
    static SqliteBackend open(Path file, StoreOptions options, RowSink sink) {
        checkLocation(file);
        if (sizeOf(file) == 0 && Files.exists(sideFile(file, "-wal"))) {
            throw new StoreFormatException("found " + sideFile(file, "-wal") + " but no database " + file
                    + ": a write-ahead log without its database; restore the database or remove the log");
        }
        StoreLock lock = StoreLock.acquire(file);
        Path wal = sideFile(file, "-wal");
        Path shm = sideFile(file, "-shm");
        boolean hadWal = Files.exists(wal);
        boolean hadShm = Files.exists(shm);
        Connection ro = null;
        Connection w = null;
        boolean existing = false;
        SqliteBackend backend;
        try {
            existing = sizeOf(file) > 0;
            StoreMeta meta = StoreMeta.EMPTY;
            if (existing) {
                ro = validate(file, lock);
                meta = checkContents(ro, file, sink);
            }
            w = connect(file, false);
            if (!existing) {
                createSchema(w);
            }
            configureWriter(w, options);
            closeQuietly(ro);
            ro = null;
            backend = new SqliteBackend(file, lock, w, options, meta);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(ro);
            closeQuietly(w);
            if (lock.created()) {
                removeIfCreated(wal, false, false);
                removeIfCreated(shm, false, false);
                removeIfCreated(file, false, false);
            } else {
                // side files that only the read-only check created: an empty -wal, the -shm
                removeIfCreated(wal, hadWal, true);
                removeIfCreated(shm, hadShm, false);
            }
            lock.close();
            if (e instanceof SQLException se) {
                throw SqliteErrors.translate(se, file, existing ? "opening it for writing" : "creating the store");
            }
            throw (RuntimeException) e;
        }
        try {
            lock.relock(); // SQLite in rollback mode (creating the file) may have released it (see StoreLock)
        } catch (StoreException e) {
            try {
                backend.close(); // the file is the other process's now: nothing of it is removed
            } catch (StoreException ignored) {
                // reporting why the open failed
            }
            throw e;
        }
        return backend;
    }

    /**
     * Checks {@code file} without writing to it ({@link MvccStore#verify}): it must not be open in any store,
     * and is locked while it is read. Reports every row whose checksum fails and every other problem found.
     */
    static VerifyReport verify(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new StoreException("cannot verify " + file + ": no such file");
        }
        List<VerifyReport.DamagedRow> damaged = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        long[] rows = {0};
        Path walFile = sideFile(file, "-wal");
        Path shm = sideFile(file, "-shm");
        boolean hadWal = Files.exists(walFile);
        boolean hadShm = Files.exists(shm);
        try (StoreLock lock = StoreLock.acquire(file)) {
            Connection ro = null;
            try {
                ro = validate(file, lock);
            } catch (StoreFormatException e) {
                problems.add(e.getMessage());
            }
            if (ro != null) {
                try (Statement s = ro.createStatement()) {
                    try (ResultSet rs = s.executeQuery("PRAGMA integrity_check(100)")) {
                        while (rs.next()) {
                            String line = rs.getString(1);
                            if (!"ok".equals(line)) {
                                problems.add("SQLite's integrity_check: " + line);
                            }
                        }
                    }
                    StoreMeta meta = checkTables(s, file);
                    Scan scan;
                    DamageSink sink = (rev, key, problem) -> damaged.add(new VerifyReport.DamagedRow(rev, key, problem));
                    try {
                        scan = scanJoined(s, rows, sink);
                    } catch (SQLException e) {
                        problems.add("SQLite stopped the scan of the rows after " + rows[0] + " rows: " + e.getMessage());
                        scan = null;
                    }
                    if (scan != null) {
                        String p = metaProblem(meta, scan);
                        if (p != null) {
                            problems.add(p);
                        }
                    }
                    long orphans = queryLong(s, "SELECT count(*) FROM kv_value WHERE rev NOT IN"
                            + " (SELECT rev FROM kv_key)");
                    if (orphans > 0) {
                        problems.add(orphans + " kv_value rows have no kv_key row");
                    }
                } catch (StoreFormatException e) {
                    problems.add(e.getMessage());
                } catch (SQLException e) {
                    problems.add(SqliteErrors.translate(e, file, "verifying it").getMessage());
                } finally {
                    closeQuietly(ro);
                }
            }
        } finally {
            removeIfCreated(walFile, hadWal, true);
            removeIfCreated(shm, hadShm, false);
        }
        return new VerifyReport(file, rows[0], damaged, problems);
    }

    private void prepareWriterStatements() throws SQLException {
        closeWriterStatements();
        tx = writer.createStatement();
        rowWriter = new RowWriter(writer);
        setMeta = writer.prepareStatement("UPDATE meta SET value = ? WHERE name = ?");
        commitMeta = writer.prepareStatement("UPDATE meta SET value = CASE name WHEN '"
                + StoreSchema.META_CURRENT + "' THEN ? ELSE value + ? END WHERE name IN ('" + StoreSchema.META_CURRENT
                + "', '" + StoreSchema.META_ROW_COUNT + "')");
        prepareAgain = false;
    }

    /** Closes the writer's statements; returns the first failure, or null. */
    private SQLException closeWriterStatements() {
        SQLException failure = null;
        if (rowWriter != null) {
            try {
                rowWriter.close();
            } catch (SQLException e) {
                failure = e;
            }
            rowWriter = null;
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

    /** The meta row values found when the file was opened. */
    StoreMeta metaAtOpen() {
        return metaAtOpen;
    }

    Path file() {
        return file;
    }

    /** Bytes of the database file and its write-ahead log. */
    long fileSize() {
        return sizeOf(file) + sizeOf(wal);
    }

    // ---- writing (writer lock held by the caller) ----

    /**
     * Writes {@code rows} (ascending revisions), the new current revision and row count in one SQLite
     * transaction. On failure nothing of it is written and no transaction is left open.
     */
    void write(List<StoredRow> rows, long currentRevision) {
        try {
            if (prepareAgain) {
                prepareWriterStatements();
            }
            awaitLogRestart();
            begin();
            int n = rows.size();
            rowWriter.insert(rows);
            commitMeta.setLong(1, currentRevision);
            commitMeta.setLong(2, n);
            if (commitMeta.executeUpdate() != 2) {
                throw new SQLException("meta rows " + StoreSchema.META_CURRENT + " and " + StoreSchema.META_ROW_COUNT
                        + " are missing");
            }
            commit();
            if (checkpointer != null) {
                checkpointer.request();
            }
        } catch (SQLException e) {
            rollbackQuietly();
            String what = rows.isEmpty() ? "revision " + currentRevision
                    : "revisions " + Revision.main(rows.get(0).rev()) + ".." + currentRevision;
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
     * Copies every frame of the write-ahead log into the database file and truncates the log to zero bytes
     * ({@code PRAGMA wal_checkpoint(TRUNCATE)}) on the writer's connection, once the background checkpoint, if one
     * runs, has ended. The caller holds the writer lock with nothing buffered, so no commit adds frames meanwhile;
     * a read's snapshot that still needs frames is waited for up to the busy timeout.
     *
     * @return whether the log was emptied (false: a reader still needed frames when the wait ran out)
     */
    boolean checkpointLog() {
        if (checkpointer != null) {
            try {
                checkpointer.awaitIdle();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // checkpoint all the same; a running one makes it report false
            }
        }
        try (Statement s = writer.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
            return rs.next() && rs.getInt(1) == 0; // the columns: busy, frames in the log, frames checkpointed
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "checkpointing the write-ahead log");
        }
    }

    /** Records, durably, that a compaction at {@code rev} has begun (etcd's scheduledCompactRev). */
    void scheduleCompaction(long rev) {
        try {
            if (prepareAgain) {
                prepareWriterStatements();
            }
            begin();
            setMeta(StoreSchema.META_SCHEDULED, rev);
            commit();
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "scheduling a compaction at revision " + rev);
        }
    }

    /**
     * In one SQLite transaction, deletes every row (of kv_key and kv_value) at or below main revision {@code rev}
     * whose revision is not in {@code kept} (ascending), and records {@code rev} as finished. kv_key's revisions
     * are scanned in pages and both tables' rows deleted in runs of consecutive revisions, one range delete per
     * run and table. Returns the number of changes deleted (rows of kv_key).
     */
    long compact(long rev, long[] kept) {
        long upper = Revision.last(rev);
        long deleted = 0;
        try (PreparedStatement page = writer.prepareStatement(
                "SELECT rev FROM kv_key WHERE rev > ? AND rev <= ? ORDER BY rev LIMIT " + COMPACT_PAGE_ROWS);
             PreparedStatement delete = writer.prepareStatement("DELETE FROM kv_key WHERE rev >= ? AND rev <= ?");
             PreparedStatement deleteValues = writer.prepareStatement(
                     "DELETE FROM kv_value WHERE rev >= ? AND rev <= ?");
             PreparedStatement fewer = writer.prepareStatement("UPDATE meta SET value = value - ? WHERE name = '"
                     + StoreSchema.META_ROW_COUNT + "'")) {
            if (prepareAgain) {
                prepareWriterStatements();
            }
            begin();
            long after = -1;
            int k = 0;
            while (true) {
                long[] revs = new long[COMPACT_PAGE_ROWS];
                int n = 0;
                page.setLong(1, after);
                page.setLong(2, upper);
                try (ResultSet rs = page.executeQuery()) {
                    while (rs.next()) {
                        revs[n++] = rs.getLong(1);
                    }
                }
                if (n == 0) {
                    break;
                }
                // runs of revisions not in kept, merged against the sorted kept array
                long runStart = -1;
                long runEnd = -1;
                for (int i = 0; i < n; i++) {
                    long r = revs[i];
                    while (k < kept.length && kept[k] < r) {
                        k++;
                    }
                    if (k < kept.length && kept[k] == r) {
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
                if (n < COMPACT_PAGE_ROWS) {
                    break;
                }
            }
            setMeta(StoreSchema.META_FINISHED, rev);
            fewer.setLong(1, deleted);
            fewer.executeUpdate();
            commit();
            return deleted;
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

    private void begin() throws SQLException {
        tx.execute("BEGIN IMMEDIATE");
    }

    private void commit() throws SQLException {
        tx.execute("COMMIT");
    }

    /**
     * Ends the failed transaction. SQLite rolls some failures back by itself (a full disk, some I/O errors);
     * then ROLLBACK fails with "no transaction is active", which is the state wanted.
     */
    private void rollbackQuietly() {
        prepareAgain = true;
        try (Statement s = writer.createStatement()) {
            s.execute("ROLLBACK");
        } catch (SQLException ignored) {
            // the failure being reported is the original one
        }
    }

    /**
     * Limits the database to {@code pages} pages of {@link StoreSchema#PAGE_SIZE} (SQLite's max_page_count, for
     * this connection only): a write that would grow it further fails as on a full disk. For tests.
     */
    void maxPageCount(long pages) {
        try (Statement s = writer.createStatement()) {
            s.execute("PRAGMA max_page_count = " + pages);
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "setting max_page_count");
        }
    }

    // ---- reading (any thread) ----

    /** The rows at {@code revs}, aligned with it; null where no row has that revision (compacted away). */
    StoredRow[] read(long[] revs) {
        ReadConnection rc = acquire();
        try {
            return rc.read(revs);
        } finally {
            idleReaders.offer(rc);
        }
    }

    private ReadConnection acquire() {
        try {
            while (true) {
                if (closed) {
                    throw new StoreClosedException("store " + file + " is closed");
                }
                ReadConnection rc = idleReaders.poll(50, TimeUnit.MILLISECONDS);
                if (rc != null) {
                    if (closed) {
                        idleReaders.offer(rc);
                        throw new StoreClosedException("store " + file + " is closed");
                    }
                    return rc;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a read connection to " + file, e);
        }
    }

    /**
     * Closes every connection, each even when closing another failed, then releases the lock; waits for reads
     * in progress to hand their connection back. A read that does not finish within the wait keeps its
     * connection, and the file stays locked until this JVM ends.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        StoreException failure = null;
        boolean allClosed = true;
        for (int i = 0; i < readers.size(); i++) {
            ReadConnection rc;
            try {
                rc = idleReaders.poll(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                rc = null;
            }
            if (rc == null) {
                failure = failure != null ? failure : new StoreException("closing " + file + ": a read did not finish"
                        + " within " + CLOSE_WAIT_SECONDS + " s (or the wait was interrupted); its connection is left"
                        + " open and the file locked");
                allClosed = false;
                continue;
            }
            try {
                rc.close();
            } catch (StoreException e) {
                failure = failure != null ? failure : e;
            }
        }
        if (checkpointer != null) {
            checkpointer.close(); // before the writer's: the last connection checkpoints the rest and removes the log
        }
        SQLException statements = closeWriterStatements();
        if (statements != null && failure == null) {
            failure = SqliteErrors.translate(statements, file, "closing");
        }
        try {
            writer.close(); // the last connection checkpoints the WAL into the file and removes it
        } catch (SQLException e) {
            failure = failure != null ? failure : SqliteErrors.translate(e, file, "closing");
        }
        if (allClosed) {
            lock.close();
        }
        if (failure != null) {
            throw failure;
        }
    }

    // ---- opening ----

    private static void checkLocation(Path file) {
        if (Files.isDirectory(file)) {
            throw new StoreException(file + " is a directory; the store needs a file path");
        }
        Path dir = file.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new StoreException("cannot open " + file + ": directory " + dir + " does not exist");
        }
        if (!Files.isWritable(dir)) {
            throw new StoreException("cannot open " + file + ": directory " + dir + " is not writable; the store"
                    + " needs to create the file and its -wal and -shm files there");
        }
        if (Files.exists(file) && (!Files.isReadable(file) || !Files.isWritable(file))) {
            throw new StoreException("cannot open " + file + ": the file is not readable and writable by this process");
        }
    }

    /**
     * The read-only phase of opening an existing file: header, format version and write-ahead log, then a
     * read-only connection for {@link #checkContents}. Side files that only this check created (an empty -wal,
     * the -shm) are removed again when it fails.
     */
    private static Connection validate(Path file, StoreLock lock) {
        SqliteHeader header = SqliteHeader.read(file, lock);
        if (header.applicationId() != StoreSchema.APPLICATION_ID) {
            throw new StoreFormatException(String.format("%s is not a memstore file: it is an SQLite database with"
                            + " application_id 0x%08x, memstore files have 0x%08x; the file was not modified",
                    file, header.applicationId(), StoreSchema.APPLICATION_ID));
        }
        checkVersion(file, header.userVersion(), "");
        Path wal = sideFile(file, "-wal");
        try {
            String damage = WalCheck.damage(wal, header.pageSize());
            if (damage != null) {
                throw new StoreFormatException(file + " cannot be opened safely: its write-ahead log " + wal + " is"
                        + " damaged: " + damage + "; the files were not modified");
            }
        } catch (IOException e) {
            throw new StoreException("cannot read " + wal + ": " + e.getMessage(), e);
        }
        Path shm = sideFile(file, "-shm");
        boolean hadWal = Files.exists(wal);
        boolean hadShm = Files.exists(shm);
        Connection ro = null;
        try {
            ro = connect(file, true);
            try (Statement s = ro.createStatement()) {
                // the header in the file may predate what the WAL holds: check SQLite's view as well
                int appId = queryInt(s, "PRAGMA application_id");
                if (appId != StoreSchema.APPLICATION_ID) {
                    throw new StoreFormatException(String.format("%s is not a memstore file: its write-ahead log sets"
                            + " application_id 0x%08x; the file was not modified", file, appId));
                }
                checkVersion(file, queryInt(s, "PRAGMA user_version"), " (in its write-ahead log)");
            }
            return ro;
        } catch (SQLException | RuntimeException e) {
            closeQuietly(ro);
            removeIfCreated(wal, hadWal, true);
            removeIfCreated(shm, hadShm, false);
            if (e instanceof SQLException se) {
                throw SqliteErrors.translate(se, file, "checking it read-only");
            }
            throw (RuntimeException) e;
        }
    }

    private static void checkVersion(Path file, long version, String where) {
        String why = StoreSchema.versionProblem(version);
        if (why != null) {
            throw new StoreFormatException(file + " has format version " + version + where + why
                    + "; the file was not modified");
        }
    }

    /**
     * The tables, the meta rows, every kv_key row (checksums verified, handed to {@code sink}) and the number of
     * kv_value rows; throws on a problem.
     */
    private static StoreMeta checkContents(Connection ro, Path file, RowSink sink) throws SQLException {
        try (Statement s = ro.createStatement()) {
            StoreMeta meta = checkTables(s, file);
            long expected = expectedRows(file, meta);
            sink.begin(expected);
            Scan scan = scanKeys(ro, s, file, expected, sink, (rev, key, problem) -> {
                throw new StoreCorruptionException(file, rev, file + " is damaged: the row of key "
                        + KeyValue.printable(key) + " at revision " + Revision.toString(rev) + " " + problem
                        + "; the file was not modified (MvccStore.verify lists every damaged row)");
            });
            sink.end();
            String problem = metaProblem(meta, scan);
            if (problem == null) {
                long values = countValues(s, file);
                if (values != meta.rowCount()) {
                    problem = "kv_value holds " + values + " rows where " + meta.rowCount() + " were written";
                }
            }
            if (problem != null) {
                throw new StoreFormatException(file + " is inconsistent: " + problem + "; the file was not modified");
            }
            return meta;
        }
    }

    /**
     * kv_value's row count. {@code count(*)} reads every page of the table (for the number of rows on each), so it
     * reads them through a memory map of the file, which spares a system call and a copy of each page; the
     * connection's map is set back to none right after. While the map is on, the store holds its lock and SQLite
     * a read transaction on the file. An I/O error on a mapped page reaches the process as a signal that SQLite
     * cannot turn into an error (https://www.sqlite.org/mmap.html), so no other statement of the store reads
     * through a map.
     */
    private static long countValues(Statement s, Path file) throws SQLException {
        s.execute("PRAGMA mmap_size = " + Math.max(0, sizeOf(file)));
        try {
            return queryLong(s, "SELECT count(*) FROM kv_value");
        } finally {
            s.execute("PRAGMA mmap_size = 0");
        }
    }

    /**
     * The rows to expect in kv_key: the meta row's count, but no more than the file and its write-ahead log could
     * hold (a row with its value takes more than 16 B), since the count only sizes the scan and must not be trusted
     * before it.
     */
    private static long expectedRows(Path file, StoreMeta meta) {
        long bytes = sizeOf(file) + sizeOf(sideFile(file, "-wal"));
        return Math.max(0, Math.min(meta.rowCount(), bytes / 16));
    }

    /** The tables and the meta rows; throws when they are not as {@link StoreSchema} has them. */
    private static StoreMeta checkTables(Statement s, Path file) throws SQLException {
        checkColumns(s, file, "kv_key", StoreSchema.KEY_COLUMNS);
        checkColumns(s, file, "kv_value", StoreSchema.VALUE_COLUMNS);
        checkColumns(s, file, "meta", StoreSchema.META_COLUMNS);
        return readMeta(s, file);
    }

    /**
     * Every kv_key row in revision order, read by threads of their own ({@link KeyScan}): by a second read-only
     * connection as well as {@code ro} when the file is in WAL mode (where SQLite keeps every connection's lock
     * on the file while it is open, so closing the second one does not drop the store's lock, see
     * {@link StoreLock}), there are two cores, and {@code expectedRows} fills at least two intervals per reader. A
     * row whose checksum fails goes to {@code damage}, the others to {@code sink}, on the caller's thread.
     */
    private static Scan scanKeys(Connection ro, Statement s, Path file, long expectedRows, RowSink sink,
            DamageSink damage) throws SQLException {
        long rows = 0;
        long lastMain = 0;
        long from;
        long to;
        // one aggregate per query: SQLite reads a min() or max() alone from the end of the table's B-tree, but
        // both in one SELECT from every row
        try (ResultSet rs = s.executeQuery("SELECT (SELECT min(rev) FROM kv_key), (SELECT max(rev) FROM kv_key)")) {
            rs.next();
            from = rs.getLong(1);
            to = rs.getLong(2);
        }
        List<Connection> connections = new ArrayList<>(List.of(ro));
        Connection second = null;
        if (Runtime.getRuntime().availableProcessors() > 1 && expectedRows >= 4L * KeyScan.INTERVAL_ROWS) {
            try (ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
                if (rs.next() && "wal".equalsIgnoreCase(rs.getString(1))) {
                    second = connect(file, true);
                    connections.add(second);
                }
            }
        }
        String name = String.valueOf(file.getFileName());
        try (KeyScan scan = KeyScan.start(connections, from, to, expectedRows, name)) {
            KeyEntry e = new KeyEntry();
            for (KeyScan.Batch b; (b = scan.next()) != null; ) {
                for (int i = 0; i < b.size; i++) {
                    long rev = b.rev[i];
                    String problem = e.read(rev, b.entry[i]);
                    rows++;
                    lastMain = Revision.main(rev);
                    if (problem != null) {
                        damage.damaged(rev, e.key(), problem);
                    } else {
                        sink.accept(rev, b.entry[i], e.keyFrom, e.createRev, e.version);
                    }
                }
            }
        } finally {
            closeQuietly(second); // after the scan's close: its readers have ended
        }
        return new Scan(rows, lastMain);
    }

    /**
     * For {@link #verify}: every kv_key row with its kv_value row, in revision order, both checksums checked, a
     * missing value row and a tombstone with a value reported; counts the rows in {@code rows[0]}.
     */
    private static Scan scanJoined(Statement s, long[] rows, DamageSink damage) throws SQLException {
        long lastMain = 0;
        KeyEntry e = new KeyEntry();
        try (ResultSet rs = s.executeQuery("SELECT k.rev, k.entry, v.value, v.rev"
                + " FROM kv_key k LEFT JOIN kv_value v ON v.rev = k.rev ORDER BY k.rev")) {
            while (rs.next()) {
                long rev = rs.getLong(1);
                String problem = e.read(rev, orEmpty(rs.getBytes(2)));
                byte[] value = orEmpty(rs.getBytes(3));
                rs.getLong(4);
                boolean noValue = rs.wasNull();
                rows[0]++;
                lastMain = Revision.main(rev);
                if (problem == null) {
                    problem = noValue ? "has no value row in kv_value"
                            : valueDamage(e.valueCrc(), RowChecksum.ofValue(rev, value), e.version == 0, value);
                }
                report(damage, rev, e.key(), e.createRev, e.version, problem);
            }
        }
        return new Scan(rows[0], lastMain);
    }

    /**
     * Reports a row to {@code damage}: with {@code problem}, what its checksums found, or when they found nothing,
     * with what makes the intact row one the open refuses on its own ({@link IndexLoader#rowProblem}, keys up to
     * the largest {@link StoreOptions#maxKeySize} any store accepts); a row with neither is not reported.
     */
    private static void report(DamageSink damage, long rev, byte[] key, long createRev, long version,
                               String problem) {
        if (problem == null) {
            String p = IndexLoader.rowProblem(rev, key, createRev, version, StoreOptions.MAX_KEY_SIZE_LIMIT);
            problem = p == null ? null : "passes its checksum but is inconsistent: " + p;
        }
        if (problem != null) {
            damage.damaged(rev, key, problem);
        }
    }

    /** What is wrong with a key row whose checksum fails (the key half of its checksum word). */
    static String keyDamage(long stored, long computed) {
        return String.format("fails its checksum (stored 0x%08x, computed 0x%08x)", stored, computed);
    }

    /** What is wrong with a value whose key row is intact (a failed checksum, a tombstone's value), or null. */
    static String valueDamage(long stored, long computed, boolean tombstone, byte[] value) {
        if (stored != computed) {
            return String.format("has a value that fails its checksum (stored 0x%08x, computed 0x%08x)", stored,
                    computed);
        }
        return tombstone && value.length != 0 ? "is a tombstone with a value of " + value.length + " B" : null;
    }

    static byte[] orEmpty(byte[] b) {
        return b == null ? StoredRow.NO_VALUE : b;
    }

    private static void checkColumns(Statement s, Path file, String table, List<StoreSchema.Column> expected)
            throws SQLException {
        List<StoreSchema.Column> found = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("PRAGMA table_info(" + table + ")")) {
            while (rs.next()) {
                found.add(new StoreSchema.Column(rs.getString("name"), rs.getString("type").toUpperCase(java.util.Locale.ROOT),
                        rs.getInt("notnull") != 0, rs.getInt("pk") != 0));
            }
        }
        if (found.isEmpty()) {
            throw new StoreFormatException(file + " is not a valid memstore file: it has no table " + table
                    + "; the file was not modified");
        }
        if (!found.equals(expected)) {
            throw new StoreFormatException(file + " is not a valid memstore file: table " + table + " has columns "
                    + found + ", expected " + expected + "; the file was not modified");
        }
    }

    private static StoreMeta readMeta(Statement s, Path file) throws SQLException {
        Map<String, Long> values = new HashMap<>();
        try (ResultSet rs = s.executeQuery("SELECT name, typeof(value), value FROM meta")) {
            while (rs.next()) {
                String name = rs.getString(1);
                if (!"integer".equals(rs.getString(2))) {
                    throw new StoreFormatException(file + " is not a valid memstore file: meta row " + name
                            + " holds a " + rs.getString(2) + ", expected an integer; the file was not modified");
                }
                values.put(name, rs.getLong(3));
            }
        }
        long version = metaValue(values, StoreSchema.META_FORMAT_VERSION, file);
        if (version != StoreSchema.FORMAT_VERSION) {
            throw new StoreFormatException(file + " has meta format_version " + version + " but header user_version "
                    + StoreSchema.FORMAT_VERSION + "; the file was not modified");
        }
        return new StoreMeta(metaValue(values, StoreSchema.META_CURRENT, file),
                metaValue(values, StoreSchema.META_SCHEDULED, file),
                metaValue(values, StoreSchema.META_FINISHED, file),
                metaValue(values, StoreSchema.META_ROW_COUNT, file));
    }

    private static long metaValue(Map<String, Long> values, String name, Path file) {
        Long v = values.get(name);
        if (v == null) {
            throw new StoreFormatException(file + " is not a valid memstore file: meta row " + name
                    + " is missing; the file was not modified");
        }
        return v;
    }

    /**
     * Null when the meta rows agree with the scan, else what is wrong. Every revision in (finished, current]
     * wrote at least one row that no compaction has deleted, so when current > finished the newest row is at
     * current; rows never go beyond current; and the rows are as many as row_count says (fewer: rows that a
     * damaged page no longer reaches).
     */
    static String metaProblem(StoreMeta m, Scan scan) {
        String problem = null;
        long lastMain = scan.lastMain();
        if (m.finishedCompaction() < 0 || m.finishedCompaction() > m.scheduledCompaction()
                || m.scheduledCompaction() > m.currentRevision() || m.currentRevision() > Revision.MAX_MAIN) {
            problem = "meta revisions are out of order (need 0 <= finished_compaction <= scheduled_compaction <="
                    + " current_revision <= " + Revision.MAX_MAIN + ")";
        } else if (lastMain > m.currentRevision()) {
            problem = "its newest row is at revision " + lastMain + ", beyond the current revision";
        } else if (m.currentRevision() > m.finishedCompaction() && lastMain != m.currentRevision()) {
            problem = "no row holds the current revision (newest row at " + lastMain + ")";
        } else if (scan.rows() != m.rowCount()) {
            problem = "it holds " + scan.rows() + " rows where " + m.rowCount() + " were written";
        }
        if (problem == null) {
            return null;
        }
        return problem + "; current_revision " + m.currentRevision() + ", scheduled_compaction "
                + m.scheduledCompaction() + ", finished_compaction " + m.finishedCompaction() + ", row_count "
                + m.rowCount();
    }

    private static void createSchema(Connection w) throws SQLException {
        try (Statement s = w.createStatement()) {
            s.execute("PRAGMA page_size = " + StoreSchema.PAGE_SIZE);
            // header marks and tables in one transaction: a crash leaves either a complete store or nothing
            s.execute("BEGIN IMMEDIATE");
            try {
                s.execute("PRAGMA application_id = " + StoreSchema.APPLICATION_ID);
                s.execute("PRAGMA user_version = " + StoreSchema.FORMAT_VERSION);
                for (String sql : StoreSchema.CREATE_TABLES) {
                    s.execute(sql);
                }
                s.execute("COMMIT");
            } catch (SQLException e) {
                try {
                    s.execute("ROLLBACK");
                } catch (SQLException ignored) {
                    // already rolled back
                }
                throw e;
            }
        }
    }

    static void configureWriter(Connection w, StoreOptions options) throws SQLException {
        try (Statement s = w.createStatement()) {
            String mode;
            try (ResultSet rs = s.executeQuery("PRAGMA journal_mode = WAL")) {
                mode = rs.next() ? rs.getString(1) : "?";
            }
            if (!"wal".equalsIgnoreCase(mode)) {
                throw new SQLException("SQLite refused WAL mode (journal mode is " + mode + ")");
            }
            s.execute("PRAGMA synchronous = " + synchronous(options));
            s.execute("PRAGMA cache_size = -" + options.sqliteCacheKiB());
            s.execute("PRAGMA temp_store = MEMORY");
        }
    }

    private static String synchronous(StoreOptions options) {
        return options.durability() == Durability.FULL ? "FULL" : "NORMAL";
    }

    private static Connection readConnection(Path file, StoreOptions options) throws SQLException {
        Connection c = connect(file, true);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA cache_size = -" + options.sqliteCacheKiB());
            s.execute("PRAGMA query_only = 1");
        } catch (SQLException e) {
            closeQuietly(c);
            throw e;
        }
        return c;
    }

    /**
     * The {@link WalCheckpointer}'s connection: read-write (a checkpoint writes the database file), with the
     * writer's synchronous setting, which decides the checkpoint's fsyncs.
     */
    private static Connection checkpointConnection(Path file, StoreOptions options) throws SQLException {
        Connection c = connect(file, false);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA synchronous = " + synchronous(options));
        } catch (SQLException e) {
            closeQuietly(c);
            throw e;
        }
        return c;
    }

    /** A plain connection: no pragma is applied on connect, so a read-only one never writes anything. */
    private static Connection connect(Path file, boolean readOnly) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(readOnly);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        return config.createConnection("jdbc:sqlite:" + file);
    }

    private static int queryInt(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    static long queryLong(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static void removeIfCreated(Path side, boolean existedBefore, boolean onlyIfEmpty) {
        try {
            if (!existedBefore && Files.exists(side) && (!onlyIfEmpty || Files.size(side) == 0)) {
                Files.delete(side);
            }
        } catch (IOException ignored) {
            // best effort: an empty side file is harmless
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // reporting the original failure
            }
        }
    }

    static Path sideFile(Path file, String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }

    private static long sizeOf(Path p) {
        try {
            return Files.exists(p) ? Files.size(p) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
