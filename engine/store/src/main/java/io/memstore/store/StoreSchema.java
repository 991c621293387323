package io.memstore.store;

import java.util.List;

/**
 * The on-disk format of a store: one SQLite file in WAL mode (plus its {@code -wal} and {@code -shm} files
 * while open).
 *
 * <pre>
 * kv(rev INTEGER PRIMARY KEY,      -- packed revision (Revision.pack(main, sub)); rows are appended in rev order
 *    key BLOB NOT NULL,
 *    value BLOB NOT NULL,          -- empty for a tombstone
 *    create_rev INTEGER NOT NULL,  -- packed revision that created the key's generation; 0 for a tombstone
 *    version INTEGER NOT NULL,     -- puts in the generation up to this one (1 = created here); 0 for a tombstone
 *    tombstone INTEGER NOT NULL,   -- 1 when the row deletes the key, else 0
 *    crc INTEGER NOT NULL)         -- RowChecksum of every other column of the row
 * meta(name TEXT PRIMARY KEY, value INTEGER NOT NULL):
 *    format_version        FORMAT_VERSION, also in the header's user_version
 *    current_revision      main revision of the last committed write transaction
 *    scheduled_compaction  main revision of the last compaction asked for (written before anything is deleted)
 *    finished_compaction   main revision of the last compaction whose deletions committed
 *    row_count             rows in kv, updated in the transaction that adds or deletes them
 * </pre>
 *
 * The header's {@code application_id} is {@link #APPLICATION_ID}: a file without it is not ours and is never
 * touched. The kv table is keyed by revision, not by key: writes append at the end of the B-tree (the fast
 * path) and the key order lives in the in-memory {@link RevisionIndex}, rebuilt on open by scanning kv in
 * revision order.
 *
 * <h2>Integrity</h2>
 * Each row's {@code crc} covers its revision, key, value and the other columns, so a damaged row is found
 * wherever it is read; {@code row_count} lets the open's scan notice rows that a damaged B-tree page no longer
 * reaches, which no row checksum can.
 *
 * <h2>Format versions</h2>
 * <ul>
 *   <li>1: the tables without {@code kv.crc} and {@code meta.row_count}; the version row was named
 *       {@code schema_version}. Refused: its rows cannot be checked, so this version does not read it.</li>
 *   <li>2 ({@link #FORMAT_VERSION}): the format above.</li>
 * </ul>
 * The version is in two places that must agree: SQLite's header ({@code PRAGMA user_version}, read before SQLite
 * opens the file) and the meta row. A file of a newer version is refused by name; the step that upgrades an older
 * version in place, when a later version has one, belongs in {@link SqliteBackend#open}, between the read-only
 * check and the writer's configuration, where {@link #readableVersion} is consulted.
 */
final class StoreSchema {
    /** "MSKV" in ASCII. */
    static final int APPLICATION_ID = 0x4D534B56;
    static final int FORMAT_VERSION = 2;
    /** Page size of new files: 16 KiB pages made bulk inserts faster than the 4 KiB default. */
    static final int PAGE_SIZE = 16384;

    static final String META_FORMAT_VERSION = "format_version";
    static final String META_CURRENT = "current_revision";
    static final String META_SCHEDULED = "scheduled_compaction";
    static final String META_FINISHED = "finished_compaction";
    static final String META_ROW_COUNT = "row_count";

    static final List<String> CREATE_TABLES = List.of(
            "CREATE TABLE kv (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, value BLOB NOT NULL,"
                    + " create_rev INTEGER NOT NULL, version INTEGER NOT NULL, tombstone INTEGER NOT NULL,"
                    + " crc INTEGER NOT NULL)",
            "CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
            "INSERT INTO meta (name, value) VALUES ('" + META_FORMAT_VERSION + "', " + FORMAT_VERSION + "), ('"
                    + META_CURRENT + "', 0), ('" + META_SCHEDULED + "', 0), ('" + META_FINISHED + "', 0), ('"
                    + META_ROW_COUNT + "', 0)");

    /** A column as {@code PRAGMA table_info} reports it. */
    record Column(String name, String type, boolean notNull, boolean primaryKey) {
        @Override
        public String toString() {
            return name + " " + type + (primaryKey ? " PRIMARY KEY" : "") + (notNull ? " NOT NULL" : "");
        }
    }

    static final List<Column> KV_COLUMNS = List.of(
            new Column("rev", "INTEGER", false, true),
            new Column("key", "BLOB", true, false),
            new Column("value", "BLOB", true, false),
            new Column("create_rev", "INTEGER", true, false),
            new Column("version", "INTEGER", true, false),
            new Column("tombstone", "INTEGER", true, false),
            new Column("crc", "INTEGER", true, false));

    static final List<Column> META_COLUMNS = List.of(
            new Column("name", "TEXT", false, true),
            new Column("value", "INTEGER", true, false));

    private StoreSchema() {
    }

    /**
     * Null when this version reads files of format {@code version}, else why not (completing "the file has
     * format version N, ..."). The one place that decides which versions are read.
     */
    static String readableVersion(long version) {
        if (version == FORMAT_VERSION) {
            return null;
        }
        if (version > FORMAT_VERSION) {
            return "written by a newer memstore; this version reads format version " + FORMAT_VERSION + " only";
        }
        if (version == 1) {
            return "an older format whose rows carry no checksums; this version reads format version "
                    + FORMAT_VERSION + " only (copy the data with the memstore that wrote it into a new store)";
        }
        return "not a format memstore ever wrote; this version reads format version " + FORMAT_VERSION;
    }
}
