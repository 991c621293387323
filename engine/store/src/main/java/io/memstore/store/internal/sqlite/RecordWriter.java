package io.memstore.store.internal.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The prepared inserts that write records into kv_key and kv_value ({@link StoreSchema}): each change's kv_key entry
 * ({@link KeyEntry}) and kv_value record ({@link ValueRecord}), their checksums included, bound as the {@link Change}
 * holds them (encoded when the change was made), so that the thread that writes, often the deferred flush's, does
 * SQLite's work and nothing else. Records go in multi-record INSERTs of {@link #CHUNK_RECORDS} records, one statement
 * per table, each prepared once and reused: in one transaction that writes records faster than addBatch/executeBatch,
 * since SQLite parses nothing and the driver makes one native call per statement. The caller owns the transaction.
 */
final class RecordWriter implements AutoCloseable {
    /** Records per multi-record INSERT: 2 parameters each, well under SQLite's limit of 32,766. */
    static final int CHUNK_RECORDS = 100;
    private static final int KEY_COLUMNS = 2;
    private static final int VALUE_COLUMNS = 2;
    private static final String KEY_INSERT = "INSERT INTO kv_key (rev, entry) VALUES ";
    private static final String VALUE_INSERT = "INSERT INTO kv_value (rev, value) VALUES ";
    private static final String KEY_RECORD = "(?,?)";
    private static final String VALUE_RECORD = "(?,?)";

    private final PreparedStatement keyOne;
    private final PreparedStatement keyChunk;
    private final PreparedStatement valueOne;
    private final PreparedStatement valueChunk;

    RecordWriter(Connection c) throws SQLException {
        PreparedStatement[] made = new PreparedStatement[4];
        try {
            made[0] = c.prepareStatement(KEY_INSERT + KEY_RECORD);
            made[1] = c.prepareStatement(KEY_INSERT + KEY_RECORD + ("," + KEY_RECORD).repeat(CHUNK_RECORDS - 1));
            made[2] = c.prepareStatement(VALUE_INSERT + VALUE_RECORD);
            made[3] = c.prepareStatement(VALUE_INSERT + VALUE_RECORD + ("," + VALUE_RECORD).repeat(CHUNK_RECORDS - 1));
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

    /** Inserts {@code records} (ascending revisions) into both tables. */
    void insert(List<Change> records) throws SQLException {
        int n = records.size();
        int i = 0;
        for (; i + CHUNK_RECORDS <= n; i += CHUNK_RECORDS) {
            for (int j = 0; j < CHUNK_RECORDS; j++) {
                bindKey(keyChunk, j * KEY_COLUMNS, records.get(i + j));
            }
            keyChunk.executeUpdate();
            for (int j = 0; j < CHUNK_RECORDS; j++) {
                bindValue(valueChunk, j * VALUE_COLUMNS, records.get(i + j));
            }
            valueChunk.executeUpdate();
        }
        for (; i < n; i++) {
            bindKey(keyOne, 0, records.get(i));
            keyOne.executeUpdate();
            bindValue(valueOne, 0, records.get(i));
            valueOne.executeUpdate();
        }
    }

    private static void bindKey(PreparedStatement st, int at, Change r) throws SQLException {
        st.setLong(at + 1, r.rev());
        st.setBytes(at + 2, r.entry());
    }

    private static void bindValue(PreparedStatement st, int at, Change r) throws SQLException {
        st.setLong(at + 1, r.rev());
        st.setBytes(at + 2, r.valueRecord());
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
