package io.memstore.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Upgrades a file of format version 2 (one kv table of whole rows), 3 (kv_key and kv_value with a tombstone column
 * and a checksum per table) or 4 (kv_key with a column per field) to version 5 ({@link StoreSchema}) in place, in
 * one SQLite transaction on the writer's connection:
 * <ol>
 *   <li>the old tables and meta rows are checked as the open checks them; the old tables that are rewritten are
 *       renamed out of the way ({@code kv_key_v3} and {@code kv_value_v3}, {@code kv_key_v4});</li>
 *   <li>the new tables are created, and every old row is read in revision order, its checksums verified
 *       ({@link RowChecksum#ofV2}; {@link RowChecksum#ofV3Key} and {@link RowChecksum#ofValue}; version 4's
 *       {@link RowChecksum#ofKey}), and written with its new checksum; a damaged row, a key row of version 3
 *       without its value row, a tombstone that holds a value or a version, a put of version 0, a row of
 *       version 4 the open would refuse ({@link IndexLoader#rowProblem}), or rows that disagree with the meta rows
 *       (missing ones included) stop the upgrade. From version 4 only kv_key is rewritten: its kv_value rows and
 *       their checksums (the low half of each {@code crc}, carried into the new entry) are version 5's already,
 *       and are verified where they are read, as in a file of version 5;</li>
 *   <li>the old tables are dropped, and the meta row and the header's user_version both become 5;</li>
 *   <li>commit.</li>
 * </ol>
 * Anything that stops it (damage, a full disk, a crash or a kill of the process) rolls it all back, or leaves a
 * transaction SQLite never committed and ignores on the next open: the file stays a readable file of its old
 * version, and the next open upgrades it again. The copy needs free disk space of about the file's size for the
 * write-ahead log; the pages of the dropped tables stay in the file as free pages that later writes reuse.
 */
final class FormatUpgrade {
    /** Rows handed to the {@link RowWriter} at a time. */
    private static final int BATCH_ROWS = 10 * RowWriter.CHUNK_ROWS;
    private static final String V2_ROWS =
            "SELECT rev, key, value, create_rev, version, tombstone, crc FROM kv ORDER BY rev";
    private static final String V3_ROWS = "SELECT k.rev, k.key, v.value, k.create_rev, k.version, k.tombstone, k.crc,"
            + " v.crc, v.rev FROM kv_key_v3 k LEFT JOIN kv_value_v3 v ON v.rev = k.rev ORDER BY k.rev";
    private static final String V4_KEYS = "SELECT rev, key, create_rev, version, crc FROM kv_key_v4 ORDER BY rev";

    private FormatUpgrade() {
    }

    /** Upgrades {@code file}, open on {@code w} (no transaction open) and of format version {@code from}, 2 to 4. */
    static void upgrade(Connection w, Path file, int from) {
        if (from != StoreSchema.V2 && from != StoreSchema.V3 && from != StoreSchema.V4) {
            throw new IllegalArgumentException("no upgrade from format version " + from);
        }
        try (Statement s = w.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            boolean committed = false;
            try {
                copy(w, s, file, from);
                s.execute("COMMIT");
                committed = true;
            } finally {
                if (!committed) {
                    try {
                        s.execute("ROLLBACK");
                    } catch (SQLException ignored) {
                        // SQLite rolled it back itself; the original failure is the one to report
                    }
                }
            }
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "upgrading it from format version " + from + " to "
                    + StoreSchema.FORMAT_VERSION + " (it was left at version " + from + ")");
        }
    }

    private static void copy(Connection w, Statement s, Path file, int from) throws SQLException {
        StoreMeta meta = SqliteBackend.checkTables(s, file, from);
        if (from != StoreSchema.V2) {
            long values = SqliteBackend.queryLong(s, "SELECT count(*) FROM kv_value");
            if (values != meta.rowCount()) {
                throw stopped(file, "kv_value holds " + values + " rows where " + meta.rowCount() + " were written");
            }
            s.execute("ALTER TABLE kv_key RENAME TO kv_key_v" + from);
        }
        if (from == StoreSchema.V3) {
            s.execute("ALTER TABLE kv_value RENAME TO kv_value_v3");
        }
        s.execute(StoreSchema.CREATE_KEY_TABLE);
        if (from != StoreSchema.V4) {
            s.execute(StoreSchema.CREATE_VALUE_TABLE);
        }
        SqliteBackend.Scan scan = from == StoreSchema.V4 ? copyVersion4Keys(w, file) : copyRows(w, file, from);
        String problem = SqliteBackend.metaProblem(meta, scan);
        if (problem != null) {
            throw stopped(file, problem);
        }
        if (from == StoreSchema.V2) {
            s.execute("DROP TABLE kv");
        } else if (from == StoreSchema.V3) {
            s.execute("DROP TABLE kv_key_v3");
            s.execute("DROP TABLE kv_value_v3");
        } else {
            s.execute("DROP TABLE kv_key_v4");
        }
        s.execute("UPDATE meta SET value = " + StoreSchema.FORMAT_VERSION + " WHERE name = '"
                + StoreSchema.META_FORMAT_VERSION + "'");
        s.execute("PRAGMA user_version = " + StoreSchema.FORMAT_VERSION);
    }

    /** Copies every row of a file of version 2 or 3 into both new tables, checked ({@link #oldRow}). */
    private static SqliteBackend.Scan copyRows(Connection w, Path file, int from) throws SQLException {
        long rows = 0;
        long lastMain = 0;
        try (RowWriter out = new RowWriter(w);
             Statement read = w.createStatement();
             ResultSet rs = read.executeQuery(from == StoreSchema.V2 ? V2_ROWS : V3_ROWS)) {
            List<StoredRow> batch = new ArrayList<>(BATCH_ROWS);
            while (rs.next()) {
                StoredRow row = oldRow(rs, file, from);
                if (row.tombstone() ? row.value().length != 0 || row.version() != 0 : row.version() == 0) {
                    throw new StoreFormatException(file + " is inconsistent at revision " + Revision.toString(row.rev())
                            + ": " + (row.tombstone() ? "a tombstone with a value of " + row.value().length
                            + " B and version " + row.version() : "a put of version 0") + "; the upgrade to format"
                            + " version " + StoreSchema.FORMAT_VERSION + " stopped and the file was not modified");
                }
                rows++;
                lastMain = Revision.main(row.rev());
                batch.add(row);
                if (batch.size() == BATCH_ROWS) {
                    out.insert(batch);
                    batch.clear();
                }
            }
            out.insert(batch);
        }
        return new SqliteBackend.Scan(rows, lastMain);
    }

    /**
     * Rewrites every kv_key row of a file of version 4 as a {@link KeyEntry}, its checksum verified and the value's
     * checksum it held carried over; the open's checks of a row ({@link IndexLoader#rowProblem}) are made here, since
     * a row they refuse may have no entry that says the same (a tombstone with a created revision).
     */
    private static SqliteBackend.Scan copyVersion4Keys(Connection w, Path file) throws SQLException {
        long rows = 0;
        long lastMain = 0;
        long[] revs = new long[BATCH_ROWS];
        byte[][] entries = new byte[BATCH_ROWS][];
        int n = 0;
        try (RowWriter out = new RowWriter(w);
             Statement read = w.createStatement();
             ResultSet rs = read.executeQuery(V4_KEYS)) {
            while (rs.next()) {
                long rev = rs.getLong(1);
                byte[] key = SqliteBackend.orEmpty(rs.getBytes(2));
                long createRev = rs.getLong(3);
                long version = rs.getLong(4);
                long stored = rs.getLong(5);
                long computed = RowChecksum.ofKey(rev, key, createRev, version, RowChecksum.valueHalf(stored));
                if (RowChecksum.keyHalf(stored) != computed) {
                    throw damaged(file, rev, key, SqliteBackend.keyDamage(RowChecksum.keyHalf(stored), computed));
                }
                String problem = IndexLoader.rowProblem(rev, key, createRev, version, StoreOptions.MAX_KEY_SIZE_LIMIT);
                if (problem != null) {
                    throw new StoreFormatException(file + " is inconsistent at revision " + Revision.toString(rev)
                            + ": " + problem + "; the upgrade to format version " + StoreSchema.FORMAT_VERSION
                            + " stopped and the file was not modified");
                }
                rows++;
                lastMain = Revision.main(rev);
                revs[n] = rev;
                entries[n++] = KeyEntry.encode(rev, key, createRev, version, RowChecksum.valueHalf(stored));
                if (n == BATCH_ROWS) {
                    out.insertKeys(revs, entries, n);
                    n = 0;
                }
            }
            out.insertKeys(revs, entries, n);
        }
        return new SqliteBackend.Scan(rows, lastMain);
    }

    /**
     * A row of {@link #V2_ROWS} or {@link #V3_ROWS}, whose first seven columns are the same: its checksum verified,
     * and in version 3 its value row's too.
     */
    private static StoredRow oldRow(ResultSet rs, Path file, int from) throws SQLException {
        long rev = rs.getLong(1);
        byte[] key = SqliteBackend.orEmpty(rs.getBytes(2));
        byte[] value = SqliteBackend.orEmpty(rs.getBytes(3));
        long createRev = rs.getLong(4);
        long version = rs.getLong(5);
        int tombstone = rs.getInt(6);
        long stored = rs.getLong(7);
        long computed = from == StoreSchema.V2 ? RowChecksum.ofV2(rev, key, value, createRev, version, tombstone != 0)
                : RowChecksum.ofV3Key(rev, key, createRev, version, tombstone != 0);
        if (stored != computed || (tombstone != 0 && tombstone != 1)) {
            throw damaged(file, rev, key, SqliteBackend.keyDamage(stored, computed));
        }
        if (from == StoreSchema.V3) {
            long storedValue = rs.getLong(8);
            rs.getLong(9);
            if (rs.wasNull()) {
                throw damaged(file, rev, key, "has no value row in kv_value");
            }
            long computedValue = RowChecksum.ofValue(rev, value);
            if (storedValue != computedValue) {
                throw damaged(file, rev, key, SqliteBackend.valueDamage(storedValue, computedValue, tombstone == 1,
                        value));
            }
        }
        return new StoredRow(rev, key, value, createRev, version, tombstone == 1);
    }

    private static StoreCorruptionException damaged(Path file, long rev, byte[] key, String problem) {
        return new StoreCorruptionException(file, rev, file + " is damaged: the row of key " + KeyValue.printable(key)
                + " at revision " + Revision.toString(rev) + " " + problem + "; the upgrade to format version "
                + StoreSchema.FORMAT_VERSION + " stopped and the file was not modified (MvccStore.verify lists every"
                + " damaged row)");
    }

    private static StoreFormatException stopped(Path file, String problem) {
        return new StoreFormatException(file + " is inconsistent: " + problem + "; the upgrade to format version "
                + StoreSchema.FORMAT_VERSION + " stopped and the file was not modified");
    }
}
