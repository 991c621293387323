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
 * A store file of an earlier format version ({@link StoreSchema}), written with plain SQL as that version wrote
 * it, and the history it holds: for the upgrade tests. Version 2: one kv table of whole rows, each with its
 * {@link RowChecksum#ofV2}; version 3: kv_key with a tombstone column and {@link RowChecksum#ofV3Key}, kv_value
 * with {@link RowChecksum#ofValue}; version 4: kv_key with a column per field and {@link RowChecksum#of}, kv_value
 * as in version 5. Revision r (1..revisions) is one change of a random one of {@code keys} keys, a
 * tombstone in about one of ten changes of a live key, else a put of a random value of {@code valueSize} B.
 */
final class OldFormatFile {
    final Path file;
    final int version;
    final List<StoredRow> rows = new ArrayList<>();

    private OldFormatFile(Path file, int version) {
        this.file = file;
        this.version = version;
    }

    static OldFormatFile write(Path file, int version, int keys, int revisions, int valueSize, long seed) {
        if (version != StoreSchema.V2 && version != StoreSchema.V3 && version != StoreSchema.V4) {
            throw new IllegalArgumentException("format version " + version);
        }
        OldFormatFile old = new OldFormatFile(file, version);
        Random rnd = new Random(seed);
        Map<String, long[]> live = new HashMap<>(); // key -> {createRev, version}
        for (int r = 1; r <= revisions; r++) {
            String k = String.format("key-%06d", rnd.nextInt(keys));
            byte[] key = StoreTestSupport.b(k);
            long rev = Revision.pack(r, 0);
            long[] state = live.get(k);
            if (state != null && rnd.nextInt(10) == 0) {
                old.rows.add(StoredRow.tombstone(rev, key));
                live.remove(k);
            } else {
                byte[] value = new byte[valueSize];
                rnd.nextBytes(value);
                if (state == null) {
                    state = new long[] {rev, 0};
                    live.put(k, state);
                }
                state[1]++;
                old.rows.add(StoredRow.put(rev, key, value, state[0], state[1]));
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("PRAGMA page_size = " + StoreSchema.PAGE_SIZE);
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA application_id = " + StoreSchema.APPLICATION_ID);
            s.execute("PRAGMA user_version = " + version);
            if (version == StoreSchema.V2) {
                s.execute("CREATE TABLE kv (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, value BLOB NOT NULL,"
                        + " create_rev INTEGER NOT NULL, version INTEGER NOT NULL, tombstone INTEGER NOT NULL,"
                        + " crc INTEGER NOT NULL)");
            } else if (version == StoreSchema.V4) {
                s.execute("CREATE TABLE kv_key (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, create_rev INTEGER NOT NULL,"
                        + " version INTEGER NOT NULL, crc INTEGER NOT NULL)");
                s.execute("CREATE TABLE kv_value (rev INTEGER PRIMARY KEY, value BLOB NOT NULL)");
            } else {
                s.execute("CREATE TABLE kv_key (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, create_rev INTEGER NOT NULL,"
                        + " version INTEGER NOT NULL, tombstone INTEGER NOT NULL, crc INTEGER NOT NULL)");
                s.execute("CREATE TABLE kv_value (rev INTEGER PRIMARY KEY, value BLOB NOT NULL, crc INTEGER NOT NULL)");
            }
            s.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
            s.execute("INSERT INTO meta VALUES ('format_version', " + version + "), ('current_revision', " + revisions
                    + "), ('scheduled_compaction', 0), ('finished_compaction', 0), ('row_count', " + revisions + ")");
            c.setAutoCommit(false);
            if (version == StoreSchema.V2) {
                try (PreparedStatement p = c.prepareStatement("INSERT INTO kv VALUES (?,?,?,?,?,?,?)")) {
                    for (StoredRow row : old.rows) {
                        p.setLong(1, row.rev());
                        p.setBytes(2, row.key());
                        p.setBytes(3, row.value());
                        p.setLong(4, row.createRev());
                        p.setLong(5, row.version());
                        p.setInt(6, row.tombstone() ? 1 : 0);
                        p.setLong(7, RowChecksum.ofV2(row.rev(), row.key(), row.value(), row.createRev(),
                                row.version(), row.tombstone()));
                        p.addBatch();
                    }
                    p.executeBatch();
                }
            } else if (version == StoreSchema.V4) {
                try (PreparedStatement k = c.prepareStatement("INSERT INTO kv_key VALUES (?,?,?,?,?)");
                     PreparedStatement v = c.prepareStatement("INSERT INTO kv_value VALUES (?,?)")) {
                    for (StoredRow row : old.rows) {
                        k.setLong(1, row.rev());
                        k.setBytes(2, row.key());
                        k.setLong(3, row.createRev());
                        k.setLong(4, row.version());
                        k.setLong(5, RowChecksum.of(row.rev(), row.key(), row.createRev(), row.version(), row.value()));
                        k.addBatch();
                        v.setLong(1, row.rev());
                        v.setBytes(2, row.value());
                        v.addBatch();
                    }
                    k.executeBatch();
                    v.executeBatch();
                }
            } else {
                try (PreparedStatement k = c.prepareStatement("INSERT INTO kv_key VALUES (?,?,?,?,?,?)");
                     PreparedStatement v = c.prepareStatement("INSERT INTO kv_value VALUES (?,?,?)")) {
                    for (StoredRow row : old.rows) {
                        k.setLong(1, row.rev());
                        k.setBytes(2, row.key());
                        k.setLong(3, row.createRev());
                        k.setLong(4, row.version());
                        k.setInt(5, row.tombstone() ? 1 : 0);
                        k.setLong(6, RowChecksum.ofV3Key(row.rev(), row.key(), row.createRev(), row.version(),
                                row.tombstone()));
                        k.addBatch();
                        v.setLong(1, row.rev());
                        v.setBytes(2, row.value());
                        v.setLong(3, RowChecksum.ofValue(row.rev(), row.value()));
                        v.addBatch();
                    }
                    k.executeBatch();
                    v.executeBatch();
                }
            }
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return old;
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
