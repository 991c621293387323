package io.memstore.store;

import java.util.List;

/**
 * The on-disk format of a store: one SQLite file in WAL mode (plus its {@code -wal} and {@code -shm} files
 * while open). Format version 5, {@link #FORMAT_VERSION}:
 *
 * <pre>
 * kv_key(rev INTEGER PRIMARY KEY,    -- packed revision (Revision.pack(main, sub)); rows are appended in rev order
 *        entry BLOB NOT NULL)        -- KeyEntry: the checksums (the key row's above the value's), the version
 *                                    -- (puts in the generation up to this one, 1 = created here; 0 for a
 *                                    -- tombstone), the packed revision that created the key's generation (a put
 *                                    -- only, as its distance to rev), and the key
 * kv_value(rev INTEGER PRIMARY KEY,  -- the same revision as its kv_key row: exactly one kv_value row per kv_key row
 *          value BLOB NOT NULL)      -- empty for a tombstone
 * meta(name TEXT PRIMARY KEY, value INTEGER NOT NULL):
 *    format_version        FORMAT_VERSION, also in the header's user_version
 *    current_revision      main revision of the last committed write transaction
 *    scheduled_compaction  main revision of the last compaction asked for (written before anything is deleted)
 *    finished_compaction   main revision of the last compaction whose deletions committed
 *    row_count             rows in kv_key, and so in kv_value, updated in the transaction that adds or deletes them
 * </pre>
 *
 * A row is a tombstone exactly when its version is 0 (it has no create_rev then); a put has version 1 or more
 * and the create_rev of its generation. The header's {@code application_id} is {@link #APPLICATION_ID}: a
 * file without it is not ours and is never touched. Both tables are keyed by revision, not by key: writes append
 * at the end of their B-trees (the fast path) and the key order lives in the in-memory {@link RevisionIndex},
 * rebuilt on open by scanning kv_key in revision order. A change of a key is split in two rows so that the open
 * reads what the index needs (the narrow kv_key rows, about a quarter of the file with 64 B keys and 256 B
 * values) and never a value; and a kv_key row is two columns, since the driver's cost of reading a row grows with
 * its columns (one native call each), not with its bytes.
 *
 * <h2>Integrity</h2>
 * Every change carries two CRC32Cs ({@link RowChecksum}), both at the start of its kv_key row's entry: one of its
 * value and revision, and one of the revision, the rest of the entry and that value checksum. So a damaged row is
 * found wherever it is read, and kv_value holds nothing but the values, as a plain insert of them would:
 * <ul>
 *   <li>the open reads every kv_key row and checks its checksum before it decodes the entry, and compares the rows
 *       it saw with {@code row_count}, which notices rows that a damaged B-tree page no longer reaches (no row
 *       checksum can); it compares kv_value's row count ({@code count(*)}, which reads the table's pages but no value) with
 *       {@code row_count} too;</li>
 *   <li>a read joins the kv_key row to its kv_value row and checks both checksums; a kv_key row without its
 *       value row is reported as damage, never as a compacted or missing key;</li>
 *   <li>{@link MvccStore#verify} reads every row of both tables and checks both checksums and the pairing.</li>
 * </ul>
 *
 * <h2>Format versions</h2>
 * <ul>
 *   <li>1: one table kv without {@code kv.crc} and {@code meta.row_count}; the version row was named
 *       {@code schema_version}. Refused: its rows cannot be checked, so this version does not read it.</li>
 *   <li>2: one table {@code kv(rev, key, value, create_rev, version, tombstone, crc)} with {@link #V2_KV_COLUMNS},
 *       {@code crc} the {@link RowChecksum#ofV2} of the whole row; the meta rows as in version 4, row_count
 *       counting kv. The open had to read every value to rebuild the index.</li>
 *   <li>3: kv_key and kv_value as in version 4, but kv_key had a {@code tombstone} column (1 for a tombstone)
 *       and each table its own 32-bit checksum ({@link #V3_KEY_COLUMNS}, {@link #V3_VALUE_COLUMNS}:
 *       {@link RowChecksum#ofV3Key} and {@link RowChecksum#ofValue}). Version 4 kept both checksums in one
 *       column and dropped the tombstone column, which the version implies.</li>
 *   <li>4: kv_value as in version 5, kv_key with the columns {@link #V4_KEY_COLUMNS}, the fields of the entry
 *       in columns of their own: {@code key}, {@code create_rev} (0 for a tombstone), {@code version} and
 *       {@code crc} ({@link RowChecksum#of}, over the fields rather than their bytes). Version 5 puts them in one
 *       blob: three columns less per row for the open to read and for every insert to bind.</li>
 *   <li>5 ({@link #FORMAT_VERSION}): the format above.</li>
 * </ul>
 * Opening a file of version 2, 3 or 4 upgrades it in place ({@link FormatUpgrade}): in one SQLite transaction every
 * row is read in revision order, its checksums verified, and copied into the tables of version 5 (from version 4,
 * kv_key alone: kv_value and its checksums stay as they are); the old tables are dropped and both version marks set
 * to 5. A damaged row stops the upgrade with nothing changed; a crash
 * during it leaves the old file as it was, and the next open upgrades again. {@link MvccStore#verify} reads a
 * file of version 2, 3 or 4 as it is.
 *
 * <p>The version is in two places that must agree: SQLite's header ({@code PRAGMA user_version}, read before
 * SQLite opens the file) and the meta row. A file of a newer version is refused by name; which versions are read
 * or upgraded is decided by {@link #readableVersion}, and the upgrade runs in {@link SqliteBackend#open}, between
 * the read-only check and the scan that rebuilds the index.
 */
final class StoreSchema {
    /** "MSKV" in ASCII. */
    static final int APPLICATION_ID = 0x4D534B56;
    static final int FORMAT_VERSION = 5;
    /** The earlier formats, upgraded in place on open ({@link FormatUpgrade}). */
    static final int V2 = 2;
    static final int V3 = 3;
    static final int V4 = 4;
    /** Page size of new files: 16 KiB pages made bulk inserts faster than the 4 KiB default. */
    static final int PAGE_SIZE = 16384;

    static final String META_FORMAT_VERSION = "format_version";
    static final String META_CURRENT = "current_revision";
    static final String META_SCHEDULED = "scheduled_compaction";
    static final String META_FINISHED = "finished_compaction";
    static final String META_ROW_COUNT = "row_count";

    static final String CREATE_KEY_TABLE = "CREATE TABLE kv_key (rev INTEGER PRIMARY KEY, entry BLOB NOT NULL)";
    static final String CREATE_VALUE_TABLE = "CREATE TABLE kv_value (rev INTEGER PRIMARY KEY, value BLOB NOT NULL)";

    static final List<String> CREATE_TABLES = List.of(
            CREATE_KEY_TABLE,
            CREATE_VALUE_TABLE,
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

    static final List<Column> KEY_COLUMNS = List.of(
            new Column("rev", "INTEGER", false, true),
            new Column("entry", "BLOB", true, false));

    /** kv_key of format version 4. */
    static final List<Column> V4_KEY_COLUMNS = List.of(
            new Column("rev", "INTEGER", false, true),
            new Column("key", "BLOB", true, false),
            new Column("create_rev", "INTEGER", true, false),
            new Column("version", "INTEGER", true, false),
            new Column("crc", "INTEGER", true, false));

    static final List<Column> VALUE_COLUMNS = List.of(
            new Column("rev", "INTEGER", false, true),
            new Column("value", "BLOB", true, false));

    /** kv_key of format version 3. */
    static final List<Column> V3_KEY_COLUMNS = List.of(
            new Column("rev", "INTEGER", false, true),
            new Column("key", "BLOB", true, false),
            new Column("create_rev", "INTEGER", true, false),
            new Column("version", "INTEGER", true, false),
            new Column("tombstone", "INTEGER", true, false),
            new Column("crc", "INTEGER", true, false));

    /** kv_value of format version 3. */
    static final List<Column> V3_VALUE_COLUMNS = List.of(
            new Column("rev", "INTEGER", false, true),
            new Column("value", "BLOB", true, false),
            new Column("crc", "INTEGER", true, false));

    /** The one table of format version 2. */
    static final List<Column> V2_KV_COLUMNS = List.of(
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
     * Null when this version reads files of format {@code version} (the current one, or 2 to 4, which the open
     * upgrades), else why not (completing "the file has format version N, ..."). The one place that decides
     * which versions are read.
     */
    static String readableVersion(long version) {
        if (version == FORMAT_VERSION || version == V4 || version == V3 || version == V2) {
            return null;
        }
        String reads = "this version reads format versions " + V2 + " to " + FORMAT_VERSION;
        if (version > FORMAT_VERSION) {
            return "written by a newer memstore; " + reads + " only";
        }
        if (version == 1) {
            return "an older format whose rows carry no checksums; " + reads
                    + " only (copy the data with the memstore that wrote it into a new store)";
        }
        return "not a format memstore ever wrote; " + reads;
    }
}
