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
 *    tombstone INTEGER NOT NULL)   -- 1 when the row deletes the key, else 0
 * meta(name TEXT PRIMARY KEY, value INTEGER NOT NULL):
 *    schema_version        SCHEMA_VERSION, also in the header's user_version
 *    current_revision      main revision of the last committed write transaction
 *    scheduled_compaction  main revision of the last compaction asked for (written before anything is deleted)
 *    finished_compaction   main revision of the last compaction whose deletions committed
 * </pre>
 *
 * The header's {@code application_id} is {@link #APPLICATION_ID}: a file without it is not ours and is never
 * touched. The kv table is keyed by revision, not by key: writes append at the end of the B-tree (the fast
 * path measured in measuring.md) and the key order lives in the in-memory {@link RevisionIndex}, rebuilt on
 * open by scanning kv in revision order.
 */
final class StoreSchema {
    /** "MSKV" in ASCII. */
    static final int APPLICATION_ID = 0x4D534B56;
    static final int SCHEMA_VERSION = 1;
    /** Page size of new files: 16 KiB pages made bulk inserts faster than the 4 KiB default. */
    static final int PAGE_SIZE = 16384;

    static final String META_SCHEMA_VERSION = "schema_version";
    static final String META_CURRENT = "current_revision";
    static final String META_SCHEDULED = "scheduled_compaction";
    static final String META_FINISHED = "finished_compaction";

    static final List<String> CREATE_TABLES = List.of(
            "CREATE TABLE kv (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, value BLOB NOT NULL,"
                    + " create_rev INTEGER NOT NULL, version INTEGER NOT NULL, tombstone INTEGER NOT NULL)",
            "CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
            "INSERT INTO meta (name, value) VALUES ('" + META_SCHEMA_VERSION + "', " + SCHEMA_VERSION + "), ('"
                    + META_CURRENT + "', 0), ('" + META_SCHEDULED + "', 0), ('" + META_FINISHED + "', 0)");

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
            new Column("tombstone", "INTEGER", true, false));

    static final List<Column> META_COLUMNS = List.of(
            new Column("name", "TEXT", false, true),
            new Column("value", "INTEGER", true, false));

    private StoreSchema() {
    }
}
