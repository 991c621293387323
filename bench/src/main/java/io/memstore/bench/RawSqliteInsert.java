package io.memstore.bench;

import io.memstore.store.Revision;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The ingest baseline an SQLite-backed store cannot beat: the kv rows MvccStore writes (same table, same
 * pragmas: WAL, synchronous=NORMAL, 16 KiB pages), inserted with no index and no store logic, 100 rows per
 * multi-row INSERT and {@code rowsPerTxn} rows per transaction; row i gets revision i + 1, version 1. The row
 * checksum column of the store's format version 2 ({@code kv.crc}) is left out: the baseline is the data alone,
 * so the store's ratio to it includes what its checksums cost.
 */
final class RawSqliteInsert {
    /** Rows per multi-row INSERT statement: 6 parameters each, well under SQLite's limit of 32,766. */
    private static final int CHUNK = 100;
    private static final String ROW = "(?,?,?,?,?,?)";

    private RawSqliteInsert() {
    }

    /** Inserts {@code keys.length} rows, all with {@code value}, into a new file. */
    static void insert(Path file, byte[][] keys, byte[] value, int rowsPerTxn) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA page_size = 16384");
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
                s.execute("CREATE TABLE kv (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, value BLOB NOT NULL,"
                        + " create_rev INTEGER NOT NULL, version INTEGER NOT NULL, tombstone INTEGER NOT NULL)");
            }
            c.setAutoCommit(false);
            int n = keys.length;
            int full = n - n % CHUNK;
            try (PreparedStatement chunk = c.prepareStatement("INSERT INTO kv VALUES " + ROW
                    + ("," + ROW).repeat(CHUNK - 1))) {
                int inTxn = 0;
                for (int i = 0; i < full; i += CHUNK) {
                    for (int j = 0; j < CHUNK; j++) {
                        bind(chunk, j * 6, i + j, keys[i + j], value);
                    }
                    chunk.executeUpdate();
                    inTxn += CHUNK;
                    if (inTxn >= rowsPerTxn) {
                        c.commit();
                        inTxn = 0;
                    }
                }
            }
            try (PreparedStatement single = c.prepareStatement("INSERT INTO kv VALUES " + ROW)) {
                for (int i = full; i < n; i++) { // the tail, one row at a time
                    bind(single, 0, i, keys[i], value);
                    single.executeUpdate();
                }
            }
            c.commit();
        }
    }

    private static void bind(PreparedStatement p, int at, int i, byte[] key, byte[] value) throws SQLException {
        long rev = Revision.pack(i + 1L, 0);
        p.setLong(at + 1, rev);
        p.setBytes(at + 2, key);
        p.setBytes(at + 3, value);
        p.setLong(at + 4, rev);
        p.setLong(at + 5, 1);
        p.setInt(at + 6, 0);
    }
}
