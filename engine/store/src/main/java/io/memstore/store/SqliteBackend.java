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
 * pooled; in WAL mode they read a committed snapshot while the writer writes.
 */
final class SqliteBackend implements AutoCloseable {
    /** Rows per multi-VALUES insert (measuring.md: 0.87-0.91 M rows/s, vs 0.43-0.74 M with addBatch). */
    private static final int INSERT_CHUNK_ROWS = 100;
    /** Revisions fetched per page while compaction looks for rows to delete. */
    private static final int COMPACT_PAGE_ROWS = 10_000;
    private static final int BUSY_TIMEOUT_MS = 5_000;
    private static final long CLOSE_WAIT_SECONDS = 30;

    /** Receives every row of an existing file in revision order while it is opened (the value is not read). */
    interface RowSink {
        void accept(long rev, byte[] key, long createRev, long version, int tombstone, long valueBytes);
    }

    private final Path file;
    private final Path wal;
    private final Connection writer;
    private final PreparedStatement insertOne;
    private final PreparedStatement insertChunk;
    private final PreparedStatement setMeta;
    private final List<ReadConnection> readers = new ArrayList<>();
    private final ArrayBlockingQueue<ReadConnection> idleReaders;
    private final StoreMeta metaAtOpen;
    private volatile boolean closed;

    private SqliteBackend(Path file, Connection writer, StoreOptions options, StoreMeta metaAtOpen) throws SQLException {
        this.file = file;
        this.wal = sideFile(file, "-wal");
        this.writer = writer;
        this.metaAtOpen = metaAtOpen;
        String one = "(?,?,?,?,?,?)";
        String insert = "INSERT INTO kv (rev, key, value, create_rev, version, tombstone) VALUES ";
        this.insertOne = writer.prepareStatement(insert + one);
        this.insertChunk = writer.prepareStatement(insert + one + (',' + one).repeat(INSERT_CHUNK_ROWS - 1));
        this.setMeta = writer.prepareStatement("UPDATE meta SET value = ? WHERE name = ?");
        this.idleReaders = new ArrayBlockingQueue<>(options.readConnections());
        try {
            for (int i = 0; i < options.readConnections(); i++) {
                ReadConnection rc = new ReadConnection(file, readConnection(file, options));
                readers.add(rc);
                idleReaders.add(rc);
            }
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
     * Opens {@code file}, creating it when it does not exist (or is empty). An existing file is first checked
     * and scanned read-only: the header's application_id and schema version, the tables, the meta rows and
     * every kv row (handed to {@code sink} in revision order), so that a foreign, corrupt or inconsistent file
     * fails here without having been modified. Only then is it opened for writing.
     */
    static SqliteBackend open(Path file, StoreOptions options, RowSink sink) {
        checkLocation(file);
        boolean existing = sizeOf(file) > 0;
        StoreMeta meta;
        if (existing) {
            meta = validateAndScan(file, sink);
        } else {
            if (Files.exists(sideFile(file, "-wal"))) {
                throw new StoreFormatException("found " + sideFile(file, "-wal") + " but no database " + file
                        + ": a write-ahead log without its database; restore the database or remove the log");
            }
            meta = StoreMeta.EMPTY;
        }
        Connection w = null;
        try {
            w = connect(file, false);
            if (!existing) {
                createSchema(w);
            }
            configureWriter(w, options);
            return new SqliteBackend(file, w, options, meta);
        } catch (SQLException e) {
            closeQuietly(w);
            throw SqliteErrors.translate(e, file, existing ? "opening it for writing" : "creating the store");
        }
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
     * Writes {@code rows} (ascending revisions) and the new current revision in one SQLite transaction. On
     * failure nothing of it is written.
     */
    void write(List<StoredRow> rows, long currentRevision) {
        try {
            int i = 0;
            int n = rows.size();
            for (; i + INSERT_CHUNK_ROWS <= n; i += INSERT_CHUNK_ROWS) {
                for (int j = 0; j < INSERT_CHUNK_ROWS; j++) {
                    bind(insertChunk, j * 6, rows.get(i + j));
                }
                insertChunk.executeUpdate();
            }
            for (; i < n; i++) {
                bind(insertOne, 0, rows.get(i));
                insertOne.executeUpdate();
            }
            setMeta(StoreSchema.META_CURRENT, currentRevision);
            writer.commit();
        } catch (SQLException e) {
            rollbackQuietly();
            String what = rows.isEmpty() ? "revision " + currentRevision
                    : "revisions " + Revision.main(rows.get(0).rev()) + ".." + currentRevision;
            throw SqliteErrors.translate(e, file, "writing " + what);
        }
    }

    private static void bind(PreparedStatement st, int at, StoredRow r) throws SQLException {
        st.setLong(at + 1, r.rev());
        st.setBytes(at + 2, r.key());
        st.setBytes(at + 3, r.value());
        st.setLong(at + 4, r.createRev());
        st.setLong(at + 5, r.version());
        st.setInt(at + 6, r.tombstone() ? 1 : 0);
    }

    /** Records, durably, that a compaction at {@code rev} has begun (etcd's scheduledCompactRev). */
    void scheduleCompaction(long rev) {
        try {
            setMeta(StoreSchema.META_SCHEDULED, rev);
            writer.commit();
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "scheduling a compaction at revision " + rev);
        }
    }

    /**
     * In one SQLite transaction, deletes every row at or below main revision {@code rev} whose revision is not
     * in {@code kept} (ascending), and records {@code rev} as finished. Rows are scanned in pages and deleted
     * in runs of consecutive revisions, one range delete per run. Returns the number of rows deleted.
     */
    long compact(long rev, long[] kept) {
        long upper = Revision.last(rev);
        long deleted = 0;
        try (PreparedStatement page = writer.prepareStatement(
                "SELECT rev FROM kv WHERE rev > ? AND rev <= ? ORDER BY rev LIMIT " + COMPACT_PAGE_ROWS);
             PreparedStatement delete = writer.prepareStatement("DELETE FROM kv WHERE rev >= ? AND rev <= ?")) {
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
                            addRun(delete, runStart, runEnd);
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
                    addRun(delete, runStart, runEnd);
                }
                delete.executeBatch();
                after = revs[n - 1];
                if (n < COMPACT_PAGE_ROWS) {
                    break;
                }
            }
            setMeta(StoreSchema.META_FINISHED, rev);
            writer.commit();
            return deleted;
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "compacting at revision " + rev);
        }
    }

    private static void addRun(PreparedStatement delete, long from, long to) throws SQLException {
        delete.setLong(1, from);
        delete.setLong(2, to);
        delete.addBatch();
    }

    private void setMeta(String name, long value) throws SQLException {
        setMeta.setLong(1, value);
        setMeta.setString(2, name);
        if (setMeta.executeUpdate() != 1) {
            throw new SQLException("meta row " + name + " is missing");
        }
    }

    private void rollbackQuietly() {
        try {
            writer.rollback();
        } catch (SQLException ignored) {
            // the failure being reported is the original one
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

    /** Closes every connection; waits for reads in progress to hand their connection back. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        StoreException failure = null;
        try {
            for (int i = 0; i < readers.size(); i++) {
                ReadConnection rc = idleReaders.poll(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
                if (rc == null) {
                    failure = new StoreException("closing " + file + ": a read did not finish within "
                            + CLOSE_WAIT_SECONDS + " s; its connection is left open");
                    break;
                }
                rc.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = new StoreException("interrupted while closing " + file, e);
        } catch (StoreException e) {
            failure = e;
        }
        try {
            insertOne.close();
            insertChunk.close();
            setMeta.close();
            writer.rollback(); // ends the driver's idle BEGIN; every write was committed already
            writer.close();    // the last connection checkpoints the WAL into the file and removes it
        } catch (SQLException e) {
            if (failure == null) {
                failure = SqliteErrors.translate(e, file, "closing");
            }
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
     * The read-only phase of opening an existing file; see {@link #open}. Side files that only this check
     * created (an empty -wal, the -shm) are removed again when the check fails.
     */
    private static StoreMeta validateAndScan(Path file, RowSink sink) {
        SqliteHeader header = SqliteHeader.read(file);
        if (header.applicationId() != StoreSchema.APPLICATION_ID) {
            throw new StoreFormatException(String.format("%s is not a memstore file: it is an SQLite database with"
                            + " application_id 0x%08x, memstore files have 0x%08x; the file was not modified",
                    file, header.applicationId(), StoreSchema.APPLICATION_ID));
        }
        if (header.userVersion() != StoreSchema.SCHEMA_VERSION) {
            throw new StoreFormatException(file + " has memstore schema version " + header.userVersion()
                    + "; this version reads schema version " + StoreSchema.SCHEMA_VERSION + " only; the file was not modified");
        }
        Path wal = sideFile(file, "-wal");
        Path shm = sideFile(file, "-shm");
        boolean hadWal = Files.exists(wal);
        boolean hadShm = Files.exists(shm);
        boolean ok = false;
        try (Connection ro = connect(file, true)) {
            StoreMeta meta = checkContents(ro, file, sink);
            ok = true;
            return meta;
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "checking it read-only");
        } finally {
            if (!ok) {
                removeIfCreated(wal, hadWal, true);
                removeIfCreated(shm, hadShm, false);
            }
        }
    }

    private static StoreMeta checkContents(Connection ro, Path file, RowSink sink) throws SQLException {
        try (Statement s = ro.createStatement()) {
            // the header in the file may predate what the WAL holds: check SQLite's view as well
            int appId = queryInt(s, "PRAGMA application_id");
            int userVersion = queryInt(s, "PRAGMA user_version");
            if (appId != StoreSchema.APPLICATION_ID || userVersion != StoreSchema.SCHEMA_VERSION) {
                throw new StoreFormatException(String.format("%s is not a memstore file of schema version %d: its"
                                + " write-ahead log sets application_id 0x%08x, user_version %d; the file was not modified",
                        file, StoreSchema.SCHEMA_VERSION, appId, userVersion));
            }
            checkColumns(s, file, "kv", StoreSchema.KV_COLUMNS);
            checkColumns(s, file, "meta", StoreSchema.META_COLUMNS);
            StoreMeta meta = readMeta(s, file);
            long lastMain = 0;
            try (ResultSet rs = s.executeQuery(
                    "SELECT rev, key, create_rev, version, tombstone, length(value) FROM kv ORDER BY rev")) {
                while (rs.next()) {
                    long rev = rs.getLong(1);
                    byte[] key = rs.getBytes(2);
                    sink.accept(rev, key == null ? StoredRow.NO_VALUE : key, rs.getLong(3), rs.getLong(4),
                            rs.getInt(5), rs.getLong(6));
                    lastMain = Revision.main(rev);
                }
            }
            checkMeta(file, meta, lastMain);
            return meta;
        }
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
        long schema = metaValue(values, StoreSchema.META_SCHEMA_VERSION, file);
        if (schema != StoreSchema.SCHEMA_VERSION) {
            throw new StoreFormatException(file + " has meta schema_version " + schema + " but header user_version "
                    + StoreSchema.SCHEMA_VERSION + "; the file was not modified");
        }
        return new StoreMeta(metaValue(values, StoreSchema.META_CURRENT, file),
                metaValue(values, StoreSchema.META_SCHEDULED, file),
                metaValue(values, StoreSchema.META_FINISHED, file));
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
     * Every revision in (finished, current] wrote at least one row that no compaction has deleted, so when
     * current > finished the newest row is at current; rows never go beyond current.
     */
    private static void checkMeta(Path file, StoreMeta m, long lastMain) {
        String problem = null;
        if (m.finishedCompaction() < 0 || m.finishedCompaction() > m.scheduledCompaction()
                || m.scheduledCompaction() > m.currentRevision() || m.currentRevision() > Revision.MAX_MAIN) {
            problem = "meta revisions are out of order (need 0 <= finished_compaction <= scheduled_compaction <="
                    + " current_revision <= " + Revision.MAX_MAIN + ")";
        } else if (lastMain > m.currentRevision()) {
            problem = "its newest row is at revision " + lastMain + ", beyond the current revision";
        } else if (m.currentRevision() > m.finishedCompaction() && lastMain != m.currentRevision()) {
            problem = "no row holds the current revision (newest row at " + lastMain + ")";
        }
        if (problem != null) {
            throw new StoreFormatException(file + " is inconsistent: " + problem + "; current_revision "
                    + m.currentRevision() + ", scheduled_compaction " + m.scheduledCompaction()
                    + ", finished_compaction " + m.finishedCompaction() + "; the file was not modified");
        }
    }

    private static void createSchema(Connection w) throws SQLException {
        try (Statement s = w.createStatement()) {
            s.execute("PRAGMA page_size = " + StoreSchema.PAGE_SIZE);
            // header marks and tables in one transaction: a crash leaves either a complete store or nothing
            w.setAutoCommit(false);
            s.execute("PRAGMA application_id = " + StoreSchema.APPLICATION_ID);
            s.execute("PRAGMA user_version = " + StoreSchema.SCHEMA_VERSION);
            for (String sql : StoreSchema.CREATE_TABLES) {
                s.execute(sql);
            }
            w.commit();
            w.setAutoCommit(true);
        }
    }

    private static void configureWriter(Connection w, StoreOptions options) throws SQLException {
        try (Statement s = w.createStatement()) {
            String mode;
            try (ResultSet rs = s.executeQuery("PRAGMA journal_mode = WAL")) {
                mode = rs.next() ? rs.getString(1) : "?";
            }
            if (!"wal".equalsIgnoreCase(mode)) {
                throw new SQLException("SQLite refused WAL mode (journal mode is " + mode + ")");
            }
            s.execute("PRAGMA synchronous = " + (options.durability() == Durability.FULL ? "FULL" : "NORMAL"));
            s.execute("PRAGMA cache_size = -" + options.sqliteCacheKiB());
            s.execute("PRAGMA temp_store = MEMORY");
        }
        w.setAutoCommit(false);
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
