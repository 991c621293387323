package io.memstore.store.internal.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The prepared inserts that write rows into kv_key and kv_value ({@link StoreSchema}): each change's kv_key entry
 * ({@link KeyEntry}) and kv_value row ({@link ValueRecord}), their checksums included, bound as the {@link Change}
 * holds them (encoded when the change was made), so that the thread that writes, often the deferred flush's, does
 * SQLite's work and nothing else. Rows go in multi-row INSERTs of {@link #CHUNK_ROWS} rows, one statement per
 * table, each prepared once and reused: in one transaction that writes rows faster than addBatch/executeBatch,
 * since SQLite parses nothing and the driver makes one native call per statement. The caller owns the transaction.
 */
final class RowWriter implements AutoCloseable {
    /** Rows per multi-row INSERT: 2 parameters each, well under SQLite's limit of 32,766. */
    static final int CHUNK_ROWS = 100;
    private static final int KEY_COLUMNS = 2;
    private static final int VALUE_COLUMNS = 2;
    private static final String KEY_INSERT = "INSERT INTO kv_key (rev, entry) VALUES ";
    private static final String VALUE_INSERT = "INSERT INTO kv_value (rev, value) VALUES ";
    private static final String KEY_ROW = "(?,?)";
    private static final String VALUE_ROW = "(?,?)";

    private final PreparedStatement keyOne;
    private final PreparedStatement keyChunk;
    private final PreparedStatement valueOne;
    private final PreparedStatement valueChunk;

    RowWriter(Connection c) throws SQLException {
        PreparedStatement[] made = new PreparedStatement[4];
        try {
            made[0] = c.prepareStatement(KEY_INSERT + KEY_ROW);
            made[1] = c.prepareStatement(KEY_INSERT + KEY_ROW + ("," + KEY_ROW).repeat(CHUNK_ROWS - 1));
            made[2] = c.prepareStatement(VALUE_INSERT + VALUE_ROW);
            made[3] = c.prepareStatement(VALUE_INSERT + VALUE_ROW + ("," + VALUE_ROW).repeat(CHUNK_ROWS - 1));
        } catch (SQLException e) {
            for (PreparedStatement p : made) {
                if (p != null) {
                    try {
                        p.close();
                    } catch (SQLException ignored) {
                        // reporting the original failure
                    }
                }
            }
            throw e;
        }
        keyOne = made[0];
        keyChunk = made[1];
        valueOne = made[2];
        valueChunk = made[3];
    }

    /** Inserts {@code rows} (ascending revisions) into both tables. */
    void insert(List<Change> rows) throws SQLException {
        int n = rows.size();
        int i = 0;
        for (; i + CHUNK_ROWS <= n; i += CHUNK_ROWS) {
            for (int j = 0; j < CHUNK_ROWS; j++) {
                bindKey(keyChunk, j * KEY_COLUMNS, rows.get(i + j));
            }
            keyChunk.executeUpdate();
            for (int j = 0; j < CHUNK_ROWS; j++) {
                bindValue(valueChunk, j * VALUE_COLUMNS, rows.get(i + j));
            }
            valueChunk.executeUpdate();
        }
        for (; i < n; i++) {
            bindKey(keyOne, 0, rows.get(i));
            keyOne.executeUpdate();
            bindValue(valueOne, 0, rows.get(i));
            valueOne.executeUpdate();
        }
    }

    private static void bindKey(PreparedStatement st, int at, Change r) throws SQLException {
        st.setLong(at + 1, r.rev());
        st.setBytes(at + 2, r.entry());
    }

    private static void bindValue(PreparedStatement st, int at, Change r) throws SQLException {
        st.setLong(at + 1, r.rev());
        st.setBytes(at + 2, r.valueRow());
    }

    /** Closes every statement, each even when closing another failed; throws the first failure. */
    @Override
    public void close() throws SQLException {
        SQLException failure = null;
        for (PreparedStatement p : new PreparedStatement[] {keyOne, keyChunk, valueOne, valueChunk}) {
            try {
                p.close();
            } catch (SQLException e) {
                failure = failure != null ? failure : e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
