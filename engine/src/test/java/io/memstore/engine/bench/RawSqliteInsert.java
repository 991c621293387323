package io.memstore.engine.bench;

import io.memstore.engine.mvcc.Revision;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The baseline an SQLite-backed store cannot beat: the same kv rows as MvccStore writes (same table, same
 * pragmas: WAL, synchronous=NORMAL, 16 KiB pages), inserted with no index and no store logic, 100 rows per
 * multi-row INSERT and {@code rowsPerTxn} rows per transaction. Rows are put i: revision i, version 1.
 */
final class RawSqliteInsert {
    private static final int CHUNK = 100;

    private RawSqliteInsert() {
    }

    /** Inserts keys.length rows, value shared, into a new file; returns the wall-clock nanoseconds. */
    static long insert(Path file, byte[][] keys, byte[] value, int rowsPerTxn) throws SQLException {
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA page_size = 16384");
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
                s.execute("CREATE TABLE kv (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, value BLOB NOT NULL,"
                        + " create_rev INTEGER NOT NULL, version INTEGER NOT NULL, tombstone INTEGER NOT NULL)");
            }
            c.setAutoCommit(false);
            String one = "(?,?,?,?,?,?)";
            try (PreparedStatement chunk = c.prepareStatement("INSERT INTO kv VALUES " + one
                    + ("," + one).repeat(CHUNK - 1))) {
                int n = keys.length;
                int inTxn = 0;
                for (int i = 0; i < n; i += CHUNK) {
                    if (i + CHUNK > n) { // the tail: one row at a time
                        try (PreparedStatement single = c.prepareStatement("INSERT INTO kv VALUES " + one)) {
                            for (int j = i; j < n; j++) {
                                bind(single, 0, j, keys[j], value);
                                single.executeUpdate();
                            }
                        }
                        break;
                    }
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
            c.commit();
        }
        return System.nanoTime() - t0;
    }

    private static void bind(PreparedStatement p, int at, int i, byte[] key, byte[] value) throws SQLException {
        long rev = i + 1L;
        p.setLong(at + 1, Revision.pack(rev, 0));
        p.setBytes(at + 2, key);
        p.setBytes(at + 3, value);
        p.setLong(at + 4, Revision.pack(rev, 0));
        p.setLong(at + 5, 1);
        p.setInt(at + 6, 0);
    }
}
