package io.memstore.store.internal.sqlite;

import io.memstore.store.KeyValue;
import io.memstore.store.Revision;
import io.memstore.store.StoreCorruptionException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * One read-only SQLite connection with its prepared record lookups. A connection serves one thread at a time
 * (the {@link ReaderPool} hands it out); in WAL mode it reads concurrently with the writer.
 *
 * <p>While the writer is quiet, a read runs in a read transaction that the connection keeps open from one read to
 * the next: {@link #beginRead} is given the {@link ReaderPool}'s count of the writer's changes (each write
 * transaction counts as it begins and after it commits) and begins a transaction again only when that count moved
 * since the open one began. A statement run on its own begins and ends a transaction of its own, and in WAL mode
 * each of those takes and drops a shared lock on the database file and one on a read mark of the -shm file (system
 * calls) and checks the file's size; a get of one record pays about as much for them as for the rest of its
 * statement. The count is read after the caller has looked the record up (in the index, then in the records not yet
 * written), and the writer counts a commit after SQLite has made it, so a transaction begun at the count read sees
 * every record the caller was told is in the file. While the writer writes, a snapshot held open would keep it from
 * starting the write-ahead log over and the checkpoints from copying the frames committed after it, so reads then
 * run as SQLite's own statements do (the pool decides which, and ends a held transaction when the count moves:
 * {@link #endRead}); a read of several statements then runs them in one transaction of its own, so that they all
 * see one snapshot.
 *
 * <p>Records are fetched by revision with {@code rev IN (?, ...)} statements of a few fixed sizes, so a range of
 * many keys costs one statement per 64 records instead of one per record; unused slots are bound to -1, which no
 * record has. All the statements of one read see the transaction's snapshot. Each kv_key record is joined to its
 * kv_value record ({@link StoreSchema}); both records' checksums ({@link KeyEntry}, {@link ValueRecord}) are checked
 * before a record is returned, and a kv_key record whose kv_value record is missing is damage, reported as such.
 *
 * <p>A get of one key needs no kv_key record ({@link #readValue}): the index knows the key, its revision, created
 * revision and version, and the value record's checksum covers them, so the value record alone is read, by revision,
 * and checked against what the index says.
 */
public final class ReadConnection implements AutoCloseable {
    private static final int[] SIZES = {1, 8, 64};
    private static final String COLUMNS = "k.rev, k.entry, v.value, v.rev";
    /** {@link #snapshot} while no read transaction is open. */
    private static final long NO_SNAPSHOT = -1;

    private final Path file;
    private final Connection conn;
    /** Its place in the {@link ReaderPool}. */
    private final int slot;
    private final PreparedStatement[] byRevs = new PreparedStatement[SIZES.length];
    private final PreparedStatement begin;
    private final PreparedStatement commit;
    private final PreparedStatement rollback;
    private final PreparedStatement valueByRev;
    private final KeyEntry entry = new KeyEntry();
    private final ValueRecord valueRecord = new ValueRecord();
    /**
     * The pool's count of the writer's changes when the open read transaction began, or {@link #NO_SNAPSHOT}.
     * Written by the thread that holds the connection; the pool's hand-over publishes it to the next.
     */
    private long snapshot = NO_SNAPSHOT;

    ReadConnection(Path file, Connection conn, int slot) throws SQLException {
        this.file = file;
        this.conn = conn;
        this.slot = slot;
        for (int i = 0; i < SIZES.length; i++) {
            StringBuilder sql = new StringBuilder("SELECT " + COLUMNS
                    + " FROM kv_key k LEFT JOIN kv_value v ON v.rev = k.rev WHERE k.rev IN (?");
            sql.append(",?".repeat(SIZES[i] - 1)).append(')');
            byRevs[i] = conn.prepareStatement(sql.toString());
        }
        begin = conn.prepareStatement("BEGIN");
        commit = conn.prepareStatement("COMMIT");
        rollback = conn.prepareStatement("ROLLBACK");
        valueByRev = conn.prepareStatement("SELECT value FROM kv_value WHERE rev = ?");
    }

    int slot() {
        return slot;
    }

    /**
     * The value of the put at packed revision {@code rev} of {@code key}, whose generation was created at
     * {@code createRev} and which is its {@code version}-th put, as the index holds them; null when kv_value has no
     * record at {@code rev}.
     *
     * @throws StoreCorruptionException when the record fails its checksum against those fields (damaged, or not the
     *                                  record of that change)
     */
    byte[] readValue(long rev, byte[] key, long createRev, long version) {
        byte[] record;
        try {
            valueByRev.setLong(1, rev);
            try (ResultSet rs = valueByRev.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                record = bytes(rs, 1);
            }
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "reading revision " + Revision.toString(rev));
        }
        String problem = valueRecord.problem(rev, key, createRev, version, record);
        if (problem != null) {
           throw damaged(file, rev, key, problem);
        }
        return ValueRecord.value(record);
    }

    /**
     * Makes the next reads see at least the commits counted in {@code changes}: in the open transaction when it began
     * at that count; else, with {@code hold}, in a new one that stays open after the read (SQLite takes its snapshot
     * at the first statement), and without, each read in a transaction of its own.
     */
    void beginRead(long changes, boolean hold) {
        if (snapshot == changes) {
            return;
        }
        endRead();
        if (hold) {
            try {
                begin.execute();
                snapshot = changes;
            } catch (SQLException e) {
                rollbackQuietly();
                throw SqliteErrors.translate(e, file, "beginning a read");
            }
        }
    }

    /** Whether a read transaction is open, and the count it began at is not {@code changes}. */
    boolean staleAt(long changes) {
        return snapshot != NO_SNAPSHOT && snapshot != changes;
    }

    /** Ends the open read transaction, if any, so that its snapshot no longer holds the log back. */
    void endRead() {
        if (snapshot == NO_SNAPSHOT) {
            return;
        }
        snapshot = NO_SNAPSHOT;
        try {
            commit.execute();
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "ending a read");
        }
    }

    /** The records at {@code revs}, aligned with it; null where no record has that revision. */
    StoredRecord[] read(long[] revs) {
        StoredRecord[] out = new StoredRecord[revs.length];
        boolean own = snapshot == NO_SNAPSHOT && revs.length > SIZES[SIZES.length - 1];
        try {
            if (own) {
                begin.execute(); // all the statements of one read see one snapshot
            }
            int from = 0;
            while (from < revs.length) {
                int n = Math.min(revs.length - from, SIZES[SIZES.length - 1]);
                int s = 0;
                while (SIZES[s] < n) {
                    s++;
                }
                readChunk(byRevs[s], SIZES[s], revs, from, n, out);
                from += n;
            }
            if (own) {
                commit.execute();
            }
            return out;
        } catch (SQLException e) {
            rollbackQuietly();
            throw SqliteErrors.translate(e, file, "reading " + revs.length + " rows");
        } catch (RuntimeException e) {
            if (own) {
                rollbackQuietly(); // ends the read's own snapshot
            }
            throw e;
        }
    }

    /**
     * Ends the read transaction after a failure, so that the next read begins one again; SQLite may have ended it
     * already.
     */
    private void rollbackQuietly() {
        snapshot = NO_SNAPSHOT;
        try {
            rollback.execute();
        } catch (SQLException ignored) {
            // the original failure is the one to report
        }
    }

    private void readChunk(PreparedStatement st, int slots, long[] revs, int from, int n, StoredRecord[] out)
            throws SQLException {
        for (int i = 0; i < slots; i++) {
            st.setLong(i + 1, i < n ? revs[from + i] : -1);
        }
        Map<Long, Integer> position = null;
        if (n > 1) {
            position = new HashMap<>(n * 2);
            for (int i = 0; i < n; i++) {
                position.put(revs[from + i], from + i);
            }
        }
        try (ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                StoredRecord record = record(rs);
                Integer at = position == null ? Integer.valueOf(from) : position.get(record.rev());
                if (at == null || (position == null && record.rev() != revs[from])) {
                    throw new StoreCorruptionException(file, record.rev(), file + " is damaged: asked for revision "
                            + Revision.toString(revs[from]) + (n > 1 ? " and others" : "") + ", SQLite returned a row at"
                            + " revision " + Revision.toString(record.rev()));
                }
                out[at] = record;
            }
        }
    }

    /** A record from the {@link #COLUMNS} of a result set, after both its records' checksums passed. */
    private StoredRecord record(ResultSet rs) throws SQLException {
        long rev = rs.getLong(1);
        String problem = entry.read(rev, bytes(rs, 2));
        byte[] key = entry.key();
        if (problem != null) {
           throw damaged(file, rev, key, problem);
        }
        byte[] value = bytes(rs, 3);
        rs.getLong(4);
        if (rs.wasNull()) {
           throw damaged(file, rev, key, "has no value row in kv_value");
        }
        long version = entry.version;
        problem = valueRecord.problem(rev, key, entry.createRev, version, value);
        if (problem != null) {
           throw damaged(file, rev, key, problem);
        }
        return new StoredRecord(rev, key, ValueRecord.value(value), entry.createRev, version, version == 0);
    }

    /** The exception for damage to the change of {@code key} at {@code rev}; {@code problem} completes "the record". */
    public static StoreCorruptionException damaged(Path file, long rev, byte[] key, String problem) {
        return new StoreCorruptionException(file, rev, String.format("%s is damaged: the row of key %s at revision"
                + " %s %s; MvccStore.verify lists every damaged row", file, KeyValue.printable(key),
                Revision.toString(rev), problem));
    }

    /** The driver gives null for a zero-length blob; the columns are NOT NULL, so null means empty. */
    private static byte[] bytes(ResultSet rs, int column) throws SQLException {
        byte[] b = rs.getBytes(column);
        return b == null ? StoredRecord.NO_VALUE : b;
    }

    @Override
    public void close() {
        if (snapshot != NO_SNAPSHOT) {
            rollbackQuietly(); // a read transaction: nothing to keep, and closing must go on if it fails
        }
        try {
            for (PreparedStatement st : byRevs) {
                st.close();
            }
            begin.close();
            commit.close();
            rollback.close();
            valueByRev.close();
            conn.close();
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, file, "closing a read connection");
        }
    }
}
