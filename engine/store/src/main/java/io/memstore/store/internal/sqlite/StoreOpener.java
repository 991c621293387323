package io.memstore.store.internal.sqlite;

import static io.memstore.store.internal.sqlite.SqliteConnections.closeQuietly;
import static io.memstore.store.internal.sqlite.SqliteConnections.connect;
import static io.memstore.store.internal.sqlite.SqliteConnections.queryInt;
import static io.memstore.store.internal.sqlite.SqliteConnections.queryLong;
import static io.memstore.store.internal.sqlite.SqliteConnections.removeIfCreated;
import static io.memstore.store.internal.sqlite.SqliteConnections.sideFile;
import static io.memstore.store.internal.sqlite.SqliteConnections.sizeOf;

import io.memstore.store.KeyValue;
import io.memstore.store.Revision;
import io.memstore.store.StoreCorruptionException;
import io.memstore.store.StoreException;
import io.memstore.store.StoreFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Opening a store file, and the read-only checks that come before anything writes to it: the location, the
 * header (application_id, format version), the write-ahead log ({@link WalCheck}), the tables, the meta records,
 * every key record ({@link RecordScan}) and the counts the meta records must agree with. A foreign, damaged or
 * inconsistent file, or one of another format version, fails here with the file as it was; only then is it opened for
 * writing (or, when it does not exist or is empty, created).
 *
 * <p>The file is locked ({@link StoreLock}) before its first byte is read. The read-only connection stays open
 * until the writer's is: SQLite closes its last descriptor of the file when its last connection to it closes, and
 * that would drop the lock. Side files that only a failed open created (an empty {@code -wal}, the {@code -shm},
 * or every file of a store being created) are removed again.
 */
final class StoreOpener {
    private StoreOpener() {
    }

    /**
     * Opens {@code file}, creating it when it does not exist (or is empty): locked first (refused at once when
     * another store has it open), then checked and scanned read-only, every kv_key record handed to {@code sink} in
     * revision order, then opened for writing.
     */
    static SqliteBackend open(Path file, SqliteOptions options, RecordScan.RecordSink sink) {
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
        String phase = "creating the store";
        SqliteBackend backend;
        try {
            existing = sizeOf(file) > 0;
            StoreMeta meta = StoreMeta.EMPTY;
            if (existing) {
                ro = validate(file, lock);
                phase = "reading it read-only";
                meta = checkContents(ro, file, sink);
                phase = "opening it for writing";
            }
            w = connect(file, false);
            if (!existing) {
                createSchema(w);
            }
            SqliteConnections.configureWriter(w, options);
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
                throw SqliteErrors.translate(se, file, phase);
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
    static Connection validate(Path file, StoreLock lock) {
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
     * The tables, the meta records, every kv_key record (checksums verified, handed to {@code sink}) and the number of
     * kv_value records; throws on a problem.
     */
    private static StoreMeta checkContents(Connection ro, Path file, RecordScan.RecordSink sink) throws SQLException {
        try (Statement s = ro.createStatement()) {
            StoreMeta meta = checkTables(s, file);
            if (fromImage(ro, s, file, meta, sink)) {
                return meta;
            }
            long expected = expectedRecords(file, meta);
            sink.begin(expected);
            RecordScan.Scan scan = RecordScan.scanKeys(ro, s, file, expected, sink, damageStops(file));
            sink.end();
            String problem = metaProblem(meta, scan);
            if (problem == null) {
                long values = countValues(s);
                if (values != meta.recordCount()) {
                    problem = "kv_value holds " + values + " rows where " + meta.recordCount() + " were written";
                }
            }
            if (problem != null) {
                throw new StoreFormatException(file + " is inconsistent: " + problem + "; the file was not modified");
            }
            return meta;
        }
    }

    /**
     * The index loaded from the file's image and the kv_key records after it, when the sink loads an image the file
     * has ({@link RecordScan.RecordSink#loadImage}): returns true. False, with the sink as it was, when it loads none,
     * and when the records after it do not continue it (a record the sink refuses, or counts that disagree with the
     * meta records): the caller then scans every record, which finds what is wrong with the file if anything is. The
     * counts include the digest ({@link KeyDigest}): the image's, with the terms of the records after it, must be the
     * file's, or the image was made from other records (another file's, or those of a copy of this file that took
     * other writes) and describes an index these records do not make.
     */
    private static boolean fromImage(Connection ro, Statement s, Path file, StoreMeta meta, RecordScan.RecordSink sink)
            throws SQLException {
        ImageCover image;
        try {
            image = sink.loadImage(ro, meta);
        } catch (SQLException e) {
            return false; // a page of the image SQLite finds damaged: no image, as a part failing its checksum
        }
        if (image == null) {
            return false;
        }
        try {
            RecordScan.Scan after = RecordScan.scanKeys(ro, s, file, image.lastRev(),
                    meta.recordCount() - image.records(), sink, damageStops(file));
            RecordScan.Scan all = new RecordScan.Scan(image.records() + after.records(),
                    after.records() > 0 ? after.lastMain() : Revision.main(image.lastRev()),
                    image.digest() ^ after.digest());
            if (metaProblem(meta, all) == null) {
                return true;
            }
        } catch (StoreFormatException e) {
            // the records after the image do not continue it: the scan of every record decides
        }
        sink.reset();
        return false;
    }

    /** The damage sink of the open: the first damaged record stops it. */
    private static RecordScan.DamageSink damageStops(Path file) {
        return (rev, key, problem) -> {
            throw new StoreCorruptionException(file, rev, file + " is damaged: the row of key "
                    + KeyValue.printable(key) + " at revision " + Revision.toString(rev) + " " + problem
                    + "; the file was not modified (MvccStore.verify lists every damaged row)");
        };
    }

    /**
     * kv_value's record count, read through SQLite's ordinary reads. Never through a memory map
     * ({@code PRAGMA mmap_size}), here or anywhere in the store: a mapped page that the file no longer holds (a file
     * cut short while it is read) reaches the process as a signal that SQLite cannot turn into an error
     * (https://www.sqlite.org/mmap.html) and kills the JVM, where a read reports it.
     */
    private static long countValues(Statement s) throws SQLException {
        return queryLong(s, "SELECT count(*) FROM kv_value");
    }

    /**
     * The records to expect in kv_key: the meta record's count, but no more than the file and its write-ahead log could
     * hold (a record with its value takes more than 16 B), since the count only sizes the scan and must not be trusted
     * before it.
     */
    private static long expectedRecords(Path file, StoreMeta meta) {
        long bytes = sizeOf(file) + sizeOf(sideFile(file, "-wal"));
        return Math.max(0, Math.min(meta.recordCount(), bytes / 16));
    }

    /** The tables and the meta records; throws when they are not as {@link StoreSchema} has them. */
    static StoreMeta checkTables(Statement s, Path file) throws SQLException {
        checkColumns(s, file, "kv_key", StoreSchema.KEY_COLUMNS);
        checkColumns(s, file, "kv_value", StoreSchema.VALUE_COLUMNS);
        checkColumns(s, file, "index_image", StoreSchema.IMAGE_COLUMNS);
        checkColumns(s, file, "meta", StoreSchema.META_COLUMNS);
        return readMeta(s, file);
    }

    private static void checkColumns(Statement s, Path file, String table, List<StoreSchema.Column> expected)
            throws SQLException {
        List<StoreSchema.Column> found = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("PRAGMA table_info(" + table + ")")) {
            while (rs.next()) {
                found.add(new StoreSchema.Column(rs.getString("name"), rs.getString("type").toUpperCase(Locale.ROOT),
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
                metaValue(values, StoreSchema.META_RECORD_COUNT, file),
                metaValue(values, StoreSchema.META_KEY_DIGEST, file));
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
     * Null when the meta records agree with the scan, else what is wrong. Every revision in (finished, current]
     * wrote at least one record that no compaction has deleted, so when current > finished the newest record is at
     * current; records never go beyond current; the records are as many as row_count says (fewer: records that a
     * damaged page no longer reaches); and their digest is key_digest ({@link KeyDigest}).
     */
    static String metaProblem(StoreMeta m, RecordScan.Scan scan) {
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
        } else if (scan.records() != m.recordCount()) {
            problem = "it holds " + scan.records() + " rows where " + m.recordCount() + " were written";
        } else if (scan.digest() != m.keyDigest()) {
            problem = "the digest of its rows is " + KeyDigest.toString(scan.digest()) + " where that of the rows"
                    + " written is " + KeyDigest.toString(m.keyDigest()) + " (a row replaced by another that passes its"
                    + " checksum, or a changed key_digest)";
        }
        if (problem == null) {
            return null;
        }
        return problem + "; current_revision " + m.currentRevision() + ", scheduled_compaction "
                + m.scheduledCompaction() + ", finished_compaction " + m.finishedCompaction() + ", row_count "
                + m.recordCount() + ", key_digest " + KeyDigest.toString(m.keyDigest());
    }

    /** A new file's header marks and tables, in one transaction: a crash leaves either a complete store or nothing. */
    private static void createSchema(Connection w) throws SQLException {
        try (Statement s = w.createStatement()) {
            s.execute("PRAGMA page_size = " + StoreSchema.PAGE_SIZE);
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
}
