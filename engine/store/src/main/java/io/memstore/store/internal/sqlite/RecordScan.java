package io.memstore.store.internal.sqlite;

import io.memstore.store.Revision;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The scan of kv_key that restores the index when a file is opened: every key record in revision order, its checksum
 * checked before its entry is decoded, handed to a {@link RecordSink} (the index's loader) or, when the checksum
 * fails, to a {@link DamageSink}. The open's scan reads kv_key alone (never a value), on threads of their own
 * ({@link KeyScan}); {@link StoreVerifier} reads both tables and reports its records through {@link #report}, so that
 * an intact record the open would refuse is reported as the open would word it. The sink and the rules are the
 * layer above's: this side knows nothing of the index they build or of the rules they keep.
 */
public final class RecordScan {
    /**
     * Receives every kv_key record of an existing file in revision order while it is opened, after its checksum
     * passed.
     */
    public interface RecordSink {
        /**
         * A record whose checksum passed: a tombstone when {@code version} is 0 ({@link StoreSchema}). Its key is
         * {@code bytes[keyFrom, bytes.length)}: the record's {@link KeyEntry}, which the sink may keep (nothing else
         * writes to it), so that a key seen before costs no copy.
         */
        void accept(long rev, byte[] bytes, int keyFrom, long createRev, long version);

        /** Called once before the scan with the records to expect, a hint that may be wrong. */
        default void begin(long expectedRecords) {
        }

        /** Called once after the last record of a scan without damage, before the file's counts are compared. */
        default void end() {
        }

        /**
         * Loads what the layer above keeps in the {@code index_image} table ({@link StoreSchema}), reading it through
         * {@code ro}, in place of the records it covers: returns which those are, or null when there is nothing it can
         * load, with the sink as it was (every record is then scanned). The table's contents are the layer above's:
         * this side only keeps the table and scans the records after the ones covered.
         *
         * @throws SQLException when SQLite finds a page of the table damaged, which counts as no image
         */
        default ImageCover loadImage(Connection ro, StoreMeta meta) throws SQLException {
            return null;
        }

        /** Forgets every record and image taken so far: the scan starts again from the first record. */
        default void reset() {
        }
    }

    /** Receives every record of a scan whose checksum fails, or that the open would refuse. */
    interface DamageSink {
        void damaged(long rev, byte[] key, String problem);
    }

    /**
     * The rules of the layer above for one intact record on its own: what makes the open refuse it, or null. Verify
     * reports a record that breaks them as the open would word it.
     */
    interface RecordRule {
        String problem(long rev, byte[] key, long createRev, long version);
    }

    /**
     * What a scan saw, for the meta records to be checked against: the records, the main revision of the newest and
     * their digest ({@link KeyDigest}, by the checksums stored in them).
     */
    public record Scan(long records, long lastMain, long digest) {
    }

    private RecordScan() {
    }

    /**
     * Every kv_key record in revision order, read by threads of their own ({@link KeyScan}): by a second read-only
     * connection as well as {@code ro} when the file is in WAL mode (where SQLite keeps every connection's lock
     * on the file while it is open, so closing the second one does not drop the store's lock, see
     * {@link StoreLock}), there are two cores, and {@code expectedRecords} fills at least two intervals per reader. A
     * record whose checksum fails goes to {@code damage}, the others to {@code sink}, on the caller's thread.
     */
    static Scan scanKeys(Connection ro, Statement s, Path file, long expectedRecords, RecordSink sink,
                         DamageSink damage) throws SQLException {
        return scanKeys(ro, s, file, -1, expectedRecords, sink, damage);
    }

    /**
     * {@link #scanKeys(Connection, Statement, Path, long, RecordSink, DamageSink)} of the records after {@code after}.
     */
    static Scan scanKeys(Connection ro, Statement s, Path file, long after, long expectedRecords, RecordSink sink,
                         DamageSink damage) throws SQLException {
        long records = 0;
        long lastMain = 0;
        long digest = KeyDigest.EMPTY;
        long from;
        long to;
        // one aggregate per query: SQLite reads a min() or max() alone from the end of the table's B-tree, but
        // both in one SELECT from every record
        try (ResultSet rs = s.executeQuery("SELECT (SELECT min(rev) FROM kv_key WHERE rev > " + after
                + "), (SELECT max(rev) FROM kv_key)")) {
            rs.next();
            from = rs.getLong(1);
            to = rs.getLong(2);
            if (from == 0) { // no record after it: min() of no records is NULL, read as 0, which no revision is
                return new Scan(0, 0, KeyDigest.EMPTY);
            }
        }
        List<Connection> connections = new ArrayList<>(List.of(ro));
        Connection second = null;
        if (Runtime.getRuntime().availableProcessors() > 1 && expectedRecords >= 4L * KeyScan.INTERVAL_RECORDS) {
            try (ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
                if (rs.next() && "wal".equalsIgnoreCase(rs.getString(1))) {
                    second = SqliteConnections.connect(file, true);
                    connections.add(second);
                }
            }
        }
        String name = String.valueOf(file.getFileName());
        try (KeyScan scan = KeyScan.start(connections, from, to, expectedRecords, name)) {
            KeyEntry e = new KeyEntry();
            for (KeyScan.Batch b; (b = scan.next()) != null; ) {
                for (int i = 0; i < b.size; i++) {
                    long rev = b.rev[i];
                    String problem = e.read(rev, b.entry[i]);
                    records++;
                    lastMain = Revision.main(rev);
                    digest ^= KeyDigest.ofEntry(rev, b.entry[i]);
                    if (problem != null) {
                        damage.damaged(rev, e.key(), problem);
                    } else {
                        sink.accept(rev, b.entry[i], e.keyFrom, e.createRev, e.version);
                    }
                }
            }
        } finally {
            SqliteConnections.closeQuietly(second); // after the scan's close: its readers have ended
        }
        return new Scan(records, lastMain, digest);
    }

    /**
     * What the kv_key records after packed revision {@code after} are, read in one query through {@code s}: their
     * count, the main revision of the newest and their digest, by the checksums stored in them (which are not checked
     * here). For verify, which reads every record on its own, to compare an index image with the records it covers.
     */
    public static Scan after(Statement s, long after) throws SQLException {
        long records = 0;
        long lastMain = 0;
        long digest = KeyDigest.EMPTY;
        try (ResultSet rs = s.executeQuery("SELECT rev, entry FROM kv_key WHERE rev > " + after + " ORDER BY rev")) {
            while (rs.next()) {
                long rev = rs.getLong(1);
                records++;
                lastMain = Revision.main(rev);
                digest ^= KeyDigest.ofEntry(rev, SqliteConnections.orEmpty(rs.getBytes(2)));
            }
        }
        return new Scan(records, lastMain, digest);
    }

    /**
     * Reports a record to {@code damage}: with {@code problem}, what its checksums found, or when they found nothing,
     * with what makes the intact record one the open refuses on its own ({@code rule}); a record with neither is not
     * reported.
     */
    static void report(DamageSink damage, RecordRule rule, long rev, byte[] key, long createRev, long version,
                       String problem) {
        if (problem == null) {
            String p = rule.problem(rev, key, createRev, version);
            problem = p == null ? null : "passes its checksum but is inconsistent: " + p;
        }
        if (problem != null) {
            damage.damaged(rev, key, problem);
        }
    }
}
