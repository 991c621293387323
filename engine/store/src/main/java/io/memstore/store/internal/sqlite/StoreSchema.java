package io.memstore.store.internal.sqlite;

import io.memstore.store.RevisionIndex;
import io.memstore.store.StoreFormatException;
import java.util.List;

/**
 * The on-disk format of a store: one SQLite file in WAL mode (plus its {@code -wal} and {@code -shm} files
 * while open). Format version 8, {@link #FORMAT_VERSION}:
 *
 * <pre>
 * kv_key(rev INTEGER PRIMARY KEY,    -- packed revision (Revision.pack(main, sub)); records are appended in rev order
 *        entry BLOB NOT NULL)        -- KeyEntry: the record's checksum, the version (puts in the generation up to
 *                                    -- this one, 1 = created here; 0 for a tombstone), the packed revision that
 *                                    -- created the key's generation (a put only, as its distance to rev), the key
 *          kv_value(rev INTEGER PRIMARY KEY,  -- the same revision as its kv_key record: one kv_value record per kv_key
 *          record value BLOB NOT NULL)      -- ValueRecord: the change's checksum, then the value (none for a
 *          tombstone)
 *             index_image(part INTEGER PRIMARY KEY,  -- IndexImage: the in-memory index as of a revision, written at a
 *                                        data BLOB NOT NULL)        -- checkpoint and at close, so that an open loads
 *                                        it and reads only the -- key records after that revision; no records when
 *                                        there is none
 *    meta(name TEXT PRIMARY KEY, value INTEGER NOT NULL): format_version        FORMAT_VERSION, also in the header's
 *    user_version current_revision      main revision of the last committed write transaction
 *    scheduled_compaction  main revision of the last compaction asked for (written before anything is deleted)
 *    finished_compaction   main revision of the last compaction whose deletions committed
 *    row_count             records in kv_key, and so in kv_value, updated in the transaction that adds or deletes them
 *    key_digest            KeyDigest of every record in kv_key, updated in the transaction that adds or deletes them
 * </pre>
 *
 * A record is a tombstone exactly when its version is 0 (it has no create_rev then); a put has version 1 or more and
 * the create_rev of its generation. The header's {@code application_id} is {@link #APPLICATION_ID}: a file without it
 * is not ours and is never touched. Both tables are keyed by revision, not by key: writes append at the end of their
 * B-trees (the fast path) and the key order lives in the in-memory {@link RevisionIndex}, loaded on open from
 * index_image and the kv_key records after it, or rebuilt by scanning every kv_key record in revision order when there
 * is no whole and current image ({@code IndexImage}) of these records. A change of a key is split in two records so
 * that the open reads what the index needs (the narrow kv_key records, a small part of the file when values are larger
 * than keys) and never a value, and a get reads the value record alone; and each record is two columns, since the
 * driver's cost of reading a record grows with its columns (one native call each), not with its bytes.
 *
 * <h2>Integrity</h2>
 * Every record carries a CRC32C ({@link RecordChecksum}) at the start of its blob: a kv_key record's covers its
 * revision and entry; a kv_value record's covers its revision and value and the fields of its change's kv_key record
 * (key, version, created revision). So a damaged record is found wherever it is read, and a value record read alone is
 * checked against the change the index says it belongs to:
 * <ul>
 *   <li>an open without an image reads every kv_key record and checks its checksum before it decodes the entry, and
 *       compares the records it saw with {@code row_count}, which notices records that a damaged B-tree page no longer
 *       reaches (no record checksum can); it compares kv_value's record count ({@code count(*)}, which reads the
 *       table's pages but no value) with {@code row_count} too. An open from an image checks every part of the image
 *       against its checksum and the image against the meta records, and reads and checks the kv_key records after it
 *       alone, their count added to the image's compared with {@code row_count}; the records the image covers are
 *       checked where they are read, and all of them by {@code MvccStore.verify};</li>
 *   <li>the records are bound to the meta records and to the index image by their digest ({@link KeyDigest}): an open
 *       without an image compares the digest of the records it read with {@code key_digest}, which notices a record
 *       that another record with a valid checksum replaced; an open from an image uses it only when the image's digest
 *       with the terms of the records after it added is {@code key_digest}, so that the image of another file or of a
 *       copy of this file that took other writes is not loaded (the open scans every record instead), and verify
 *       reports it;</li>
 *   <li>a get reads the value record of the revision the index holds for the key and checks its checksum against the
 *       key, version and created revision the index holds; a range joins each kv_key record to its kv_value record and
 *       checks both. A change whose value record is missing is reported as damage, never as a compacted or missing
 *       key;</li>
 *   <li>{@code MvccStore.verify} reads every record of both tables and checks both checksums and the pairing.</li>
 * </ul>
 *
 * <h2>Format versions</h2>
 * Until the first release the store reads one format, {@link #FORMAT_VERSION}, and carries no code for the
 * versions before it: they were written and superseded before any user had a file, and upgrade code nobody needs
 * is code to keep correct for nothing. A file of any other version is refused before anything is written to it,
 * with a {@link StoreFormatException} naming the file, its version, the version this build reads and what to do
 * ({@link #versionProblem}). From the first release on, every change of the format ships with its upgrade of the
 * previous version and a test that kills the upgrade midway and opens what it left.
 *
 * <p>The version is in two places that must agree: SQLite's header ({@code PRAGMA user_version}, read before
 * SQLite opens the file, and again through SQLite, which sees a header the write-ahead log rewrote) and the meta
 * record.
 */
public final class StoreSchema {
    /** "MSKV" in ASCII. */
    public static final int APPLICATION_ID = 0x4D534B56;
    public static final int FORMAT_VERSION = 8;
    /** Page size of new files: 16 KiB pages made bulk inserts faster than the 4 KiB default. */
    public static final int PAGE_SIZE = 16384;

    static final String META_FORMAT_VERSION = "format_version";
    static final String META_CURRENT = "current_revision";
    static final String META_SCHEDULED = "scheduled_compaction";
    static final String META_FINISHED = "finished_compaction";
    public static final String META_RECORD_COUNT = "row_count";
    public static final String META_KEY_DIGEST = "key_digest";

    static final String CREATE_KEY_TABLE = "CREATE TABLE kv_key (rev INTEGER PRIMARY KEY, entry BLOB NOT NULL)";
    static final String CREATE_VALUE_TABLE = "CREATE TABLE kv_value (rev INTEGER PRIMARY KEY, value BLOB NOT NULL)";

    static final String CREATE_IMAGE_TABLE = "CREATE TABLE index_image (part INTEGER PRIMARY KEY, data BLOB NOT NULL)";

    static final List<String> CREATE_TABLES = List.of(
            CREATE_KEY_TABLE,
            CREATE_VALUE_TABLE,
            CREATE_IMAGE_TABLE,
            "CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
            "INSERT INTO meta (name, value) VALUES ('" + META_FORMAT_VERSION + "', " + FORMAT_VERSION + "), ('"
                    + META_CURRENT + "', 0), ('" + META_SCHEDULED + "', 0), ('" + META_FINISHED + "', 0), ('"
                    + META_RECORD_COUNT + "', 0), ('" + META_KEY_DIGEST + "', " + KeyDigest.EMPTY + ")");

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

    static final List<Column> VALUE_COLUMNS = List.of(
            new Column("rev", "INTEGER", false, true),
            new Column("value", "BLOB", true, false));

    static final List<Column> IMAGE_COLUMNS = List.of(
            new Column("part", "INTEGER", false, true),
            new Column("data", "BLOB", true, false));

    static final List<Column> META_COLUMNS = List.of(
            new Column("name", "TEXT", false, true),
            new Column("value", "INTEGER", true, false));

    private StoreSchema() {
    }

    /**
     * Null when this build reads files of format {@code version}, else why not and what to do, completing
     * "FILE has format version N": the one place that decides which versions are read.
     */
    static String versionProblem(long version) {
        if (version == FORMAT_VERSION) {
            return null;
        }
        String reads = "this memstore reads format version " + FORMAT_VERSION + " only";
        if (version > FORMAT_VERSION) {
            return ", written by a newer memstore; " + reads + ": open it with a memstore that reads version "
                    + version;
        }
        if (version >= 1) {
            return ", a pre-release format; " + reads + ": re-create the store, or copy its data into a new one with"
                    + " the memstore that wrote it";
        }
        return ", not a format memstore ever wrote; " + reads;
    }
}
