package io.memstore.bench;

import io.memstore.store.Revision;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.sqlite.SQLiteConfig;

/**
 * The ingest baseline an SQLite-backed store cannot beat: the rows MvccStore writes in its file format ({@code StoreSchema})
 * without their checksums, a narrow {@code kv_key(rev, entry)} row and a {@code kv_value(rev, value)} row per change,
 * both keyed by revision, with the same pragmas (WAL, synchronous=NORMAL, 16 KiB pages, temporary storage in memory)
 * and the same statements (100 rows per multi-row INSERT, one statement per table, prepared once, on a connection
 * that, as the store's, does not fetch generated keys after each),
 * {@code rowsPerTxn} rows per transaction, and no index, no checksum, no meta rows, no index image and no store
 * logic. Row i gets revision i + 1; its entry is that of a key's first put without the entry's 4 B checksum (version
 * 1 and distance 0 to the created revision, one byte each, then the key), and its value row is the value without
 * the value row's 4 B checksum. The checksums are left out: the baseline is the data alone, so the store's ratio to
 * it includes what its checksums cost.
 *
 * <p>The insert returns its connection open after the last commit: every row is in the file (its write-ahead log,
 * as synchronous=NORMAL leaves it), and the close, whose checkpoint copies the log's last frames into the
 * database, is the caller's, as the store's close is.
 */
final class RawSqliteInsert {
    /** Rows per multi-row INSERT statement, as the store's: 2 parameters each, well under SQLite's limit of 32,766. */
    private static final int CHUNK = 100;
    private static final int KEY_COLUMNS = 2;
    private static final String KEY_ROW = "(?,?)";
    private static final String VALUE_ROW = "(?,?)";

    private RawSqliteInsert() {
    }

    /**
     * Inserts {@code keys.length} rows, all with {@code value}, into a new file; returns the connection, open, after
     * the last commit, for the caller to close.
     */
    static Connection insert(Path file, byte[][] keys, byte[] value, int rowsPerTxn) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setGetGeneratedKeys(false); // as the store's connections: no SELECT last_insert_rowid() per INSERT
        Connection c = config.createConnection("jdbc:sqlite:" + file);
        try {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA page_size = 16384");
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
                // a transaction whose dirty pages outgrow the page cache spills them to temporary storage,
                // by default a file of its own per transaction
                s.execute("PRAGMA temp_store = MEMORY");
                s.execute("CREATE TABLE kv_key (rev INTEGER PRIMARY KEY, entry BLOB NOT NULL)");
                s.execute("CREATE TABLE kv_value (rev INTEGER PRIMARY KEY, value BLOB NOT NULL)");
            }
            c.setAutoCommit(false);
            int n = keys.length;
            int full = n - n % CHUNK;
            try (PreparedStatement keyChunk = c.prepareStatement("INSERT INTO kv_key VALUES " + KEY_ROW
                    + ("," + KEY_ROW).repeat(CHUNK - 1));
                 PreparedStatement valueChunk = c.prepareStatement("INSERT INTO kv_value VALUES " + VALUE_ROW
                         + ("," + VALUE_ROW).repeat(CHUNK - 1))) {
                int inTxn = 0;
                for (int i = 0; i < full; i += CHUNK) {
                    for (int j = 0; j < CHUNK; j++) {
                        bindKey(keyChunk, j * KEY_COLUMNS, i + j, keys[i + j]);
                    }
                    keyChunk.executeUpdate();
                    for (int j = 0; j < CHUNK; j++) {
                        bindValue(valueChunk, j * 2, i + j, value);
                    }
                    valueChunk.executeUpdate();
                    inTxn += CHUNK;
                    if (inTxn >= rowsPerTxn) {
                        c.commit();
                        inTxn = 0;
                    }
                }
            }
            try (PreparedStatement keyOne = c.prepareStatement("INSERT INTO kv_key VALUES " + KEY_ROW);
                 PreparedStatement valueOne = c.prepareStatement("INSERT INTO kv_value VALUES " + VALUE_ROW)) {
                for (int i = full; i < n; i++) { // the tail, one row at a time
                    bindKey(keyOne, 0, i, keys[i]);
                    keyOne.executeUpdate();
                    bindValue(valueOne, 0, i, value);
                    valueOne.executeUpdate();
                }
            }
            c.commit();
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static void bindKey(PreparedStatement p, int at, int i, byte[] key) throws SQLException {
        long rev = Revision.pack(i + 1L, 0);
        p.setLong(at + 1, rev);
        p.setBytes(at + 2, entry(key));
    }

    /** The entry of a key's first put, without the checksum: version 1, distance 0 to the created revision, the key. */
    static byte[] entry(byte[] key) {
        byte[] e = new byte[2 + key.length];
        e[0] = 1;
        System.arraycopy(key, 0, e, 2, key.length);
        return e;
    }

    private static void bindValue(PreparedStatement p, int at, int i, byte[] value) throws SQLException {
        p.setLong(at + 1, Revision.pack(i + 1L, 0));
        p.setBytes(at + 2, value);
    }
}
