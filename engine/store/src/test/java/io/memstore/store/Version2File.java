package io.memstore.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A store file of format version 2 ({@link StoreSchema}: one kv table of whole rows, each with its
 * {@link RowChecksum#ofV2}), written with plain SQL as that version wrote it, and the history it holds: for the
 * upgrade tests. Revision r (1..revisions) is one change of a random one of {@code keys} keys, a tombstone in about
 * one of ten changes of a live key, else a put of a random value of {@code valueSize} B.
 */
final class Version2File {
    final Path file;
    final List<StoredRow> rows = new ArrayList<>();

    private Version2File(Path file) {
        this.file = file;
    }

    static Version2File write(Path file, int keys, int revisions, int valueSize, long seed) {
        Version2File v2 = new Version2File(file);
        Random rnd = new Random(seed);
        Map<String, long[]> live = new HashMap<>(); // key -> {createRev, version}
        for (int r = 1; r <= revisions; r++) {
            String k = String.format("key-%06d", rnd.nextInt(keys));
            byte[] key = StoreTestSupport.b(k);
            long rev = Revision.pack(r, 0);
            long[] state = live.get(k);
            if (state != null && rnd.nextInt(10) == 0) {
                v2.rows.add(StoredRow.tombstone(rev, key));
                live.remove(k);
            } else {
                byte[] value = new byte[valueSize];
                rnd.nextBytes(value);
                if (state == null) {
                    state = new long[] {rev, 0};
                    live.put(k, state);
                }
                state[1]++;
                v2.rows.add(StoredRow.put(rev, key, value, state[0], state[1]));
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("PRAGMA page_size = " + StoreSchema.PAGE_SIZE);
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA application_id = " + StoreSchema.APPLICATION_ID);
            s.execute("PRAGMA user_version = 2");
            s.execute("CREATE TABLE kv (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, value BLOB NOT NULL,"
                    + " create_rev INTEGER NOT NULL, version INTEGER NOT NULL, tombstone INTEGER NOT NULL,"
                    + " crc INTEGER NOT NULL)");
            s.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
            s.execute("INSERT INTO meta VALUES ('format_version', 2), ('current_revision', " + revisions + "),"
                    + " ('scheduled_compaction', 0), ('finished_compaction', 0), ('row_count', " + revisions + ")");
            c.setAutoCommit(false);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?,?,?,?,?,?,?)")) {
                for (StoredRow row : v2.rows) {
                    p.setLong(1, row.rev());
                    p.setBytes(2, row.key());
                    p.setBytes(3, row.value());
                    p.setLong(4, row.createRev());
                    p.setLong(5, row.version());
                    p.setInt(6, row.tombstone() ? 1 : 0);
                    p.setLong(7, RowChecksum.ofV2(row.rev(), row.key(), row.value(), row.createRev(), row.version(),
                            row.tombstone()));
                    p.addBatch();
                }
                p.executeBatch();
            }
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return v2;
    }

    /** The live keys at main revision {@code atRev}, in key order, as a range of every key returns them. */
    List<KeyValue> liveAt(long atRev) {
        TreeMap<String, KeyValue> live = new TreeMap<>();
        for (StoredRow row : rows) {
            if (Revision.main(row.rev()) > atRev) {
                break;
            }
            String k = StoreTestSupport.s(row.key());
            if (row.tombstone()) {
                live.remove(k);
            } else {
                live.put(k, row.toKeyValue(false));
            }
        }
        return new ArrayList<>(live.values());
    }

    /** Null when the store answers a range of every key at {@code atRev} as {@link #liveAt} says, else the difference. */
    String mismatch(MvccStore store, long atRev) {
        return StoreTestSupport.difference(StoreTestSupport.all(store, atRev).kvs(), liveAt(atRev),
                "at revision " + atRev);
    }
}
