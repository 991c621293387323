package io.memstore.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Upgrades a file of format version 2 (one kv table of whole rows) to version 3 (kv_key and kv_value,
 * {@link StoreSchema}) in place, in one SQLite transaction on the writer's connection:
 * <ol>
 *   <li>the version-2 tables and meta rows are checked as the open checks them;</li>
 *   <li>kv_key and kv_value are created, and every kv row is read in revision order, its version-2 checksum
 *       ({@link RowChecksum#ofV2}) verified, and written to both tables with its new checksums; a damaged row,
 *       a tombstone that holds a value, or rows that disagree with the meta rows (missing ones included) stop the
 *       upgrade;</li>
 *   <li>kv is dropped, and the meta row and the header's user_version both become 3;</li>
 *   <li>commit.</li>
 * </ol>
 * Anything that stops it (damage, a full disk, a crash or a kill of the process) rolls it all back, or leaves a
 * transaction SQLite never committed and ignores on the next open: the file stays a readable version-2 file, and
 * the next open upgrades it again. The copy needs free disk space of about the file's size for the write-ahead
 * log; the pages of the dropped table stay in the file as free pages that later writes reuse.
 */
final class FormatUpgrade {
    /** Rows handed to the {@link RowWriter} at a time. */
    private static final int BATCH_ROWS = 10 * RowWriter.CHUNK_ROWS;

    private FormatUpgrade() {
    }

    /** Upgrades {@code file}, open on {@code w} (no transaction open) and of format version 2. */
    static void fromVersion2(Connection w, Path file) {
        try (Statement s = w.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            boolean committed = false;
            try {
                copy(w, s, file);
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
            throw SqliteErrors.translate(e, file, "upgrading it from format version " + StoreSchema.V2 + " to "
                    + StoreSchema.FORMAT_VERSION + " (it was left at version " + StoreSchema.V2 + ")");
        }
    }

    private static void copy(Connection w, Statement s, Path file) throws SQLException {
        StoreMeta meta = SqliteBackend.checkTables(s, file, StoreSchema.V2);
        s.execute(StoreSchema.CREATE_KEY_TABLE);
        s.execute(StoreSchema.CREATE_VALUE_TABLE);
        long rows = 0;
        long lastMain = 0;
        try (RowWriter out = new RowWriter(w);
             Statement read = w.createStatement();
             ResultSet rs = read.executeQuery(
                     "SELECT rev, key, value, create_rev, version, tombstone, crc FROM kv ORDER BY rev")) {
            List<StoredRow> batch = new ArrayList<>(BATCH_ROWS);
            while (rs.next()) {
                long rev = rs.getLong(1);
                byte[] key = SqliteBackend.orEmpty(rs.getBytes(2));
                byte[] value = SqliteBackend.orEmpty(rs.getBytes(3));
                long createRev = rs.getLong(4);
                long version = rs.getLong(5);
                int tombstone = rs.getInt(6);
                long stored = rs.getLong(7);
                long computed = RowChecksum.ofV2(rev, key, value, createRev, version, tombstone != 0);
                if (stored != computed || (tombstone != 0 && tombstone != 1)) {
                    throw new StoreCorruptionException(file, rev, String.format("%s is damaged: the row of key %s at"
                                    + " revision %s fails its checksum (stored 0x%08x, computed 0x%08x); the upgrade to"
                                    + " format version %d stopped and the file was not modified (MvccStore.verify lists"
                                    + " every damaged row)", file, KeyValue.printable(key), Revision.toString(rev), stored,
                            computed, StoreSchema.FORMAT_VERSION));
                }
                if (tombstone == 1 && value.length != 0) {
                    throw new StoreFormatException(file + " is inconsistent at revision " + Revision.toString(rev)
                            + ": a tombstone with a value of " + value.length + " B; the upgrade to format version "
                            + StoreSchema.FORMAT_VERSION + " stopped and the file was not modified");
                }
                rows++;
                lastMain = Revision.main(rev);
                batch.add(new StoredRow(rev, key, value, createRev, version, tombstone == 1));
                if (batch.size() == BATCH_ROWS) {
                    out.insert(batch);
                    batch.clear();
                }
            }
            out.insert(batch);
        }
        String problem = SqliteBackend.metaProblem(meta, new SqliteBackend.Scan(rows, lastMain));
        if (problem != null) {
            throw new StoreFormatException(file + " is inconsistent: " + problem + "; the upgrade to format version "
                    + StoreSchema.FORMAT_VERSION + " stopped and the file was not modified");
        }
        s.execute("DROP TABLE kv");
        s.execute("UPDATE meta SET value = " + StoreSchema.FORMAT_VERSION + " WHERE name = '"
                + StoreSchema.META_FORMAT_VERSION + "'");
        s.execute("PRAGMA user_version = " + StoreSchema.FORMAT_VERSION);
    }
}
