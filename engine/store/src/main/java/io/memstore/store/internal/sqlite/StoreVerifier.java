package io.memstore.store.internal.sqlite;

import static io.memstore.store.internal.sqlite.SqliteConnections.closeQuietly;
import static io.memstore.store.internal.sqlite.SqliteConnections.orEmpty;
import static io.memstore.store.internal.sqlite.SqliteConnections.removeIfCreated;
import static io.memstore.store.internal.sqlite.SqliteConnections.sideFile;

import io.memstore.store.Revision;
import io.memstore.store.StoreException;
import io.memstore.store.StoreFormatException;
import io.memstore.store.VerifyReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code MvccStore.verify}: checks a closed store file without writing to it, and lists every problem rather than
 * stopping at the first. Where the open reads kv_key alone, this reads every record of both tables, so it also finds
 * a damaged value, a key record without its value record and a value record without its key record; SQLite's own
 * {@code integrity_check} runs first. The key records' digest ({@link KeyDigest}) is compared with the meta record's. A
 * damaged index image, or one made from other records, which an open ignores without a word (it rebuilds the index
 * from the records instead), is reported too, by the layer above that keeps it ({@link VerifyChecks}), against what the
 * scan of the records saw.
 */
final class StoreVerifier {
    private StoreVerifier() {
    }

    /**
     * Checks {@code file}: it must not be open in any store, and is locked while it is read. Reports every record
     * whose checksum fails and every other problem found.
     */
    static VerifyReport verify(Path file, VerifyChecks checks) {
        if (!Files.isRegularFile(file)) {
            throw new StoreException("cannot verify " + file + ": no such file");
        }
        List<VerifyReport.DamagedRecord> damaged = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        long[] records = {0};
        Path walFile = sideFile(file, "-wal");
        Path shm = sideFile(file, "-shm");
        boolean hadWal = Files.exists(walFile);
        boolean hadShm = Files.exists(shm);
        try (StoreLock lock = StoreLock.acquire(file)) {
            Connection ro = null;
            try {
                ro = StoreOpener.validate(file, lock);
            } catch (StoreFormatException e) {
                problems.add(e.getMessage());
            }
            if (ro != null) {
                try (Statement s = ro.createStatement()) {
                    try (ResultSet rs = s.executeQuery("PRAGMA integrity_check(100)")) {
                        while (rs.next()) {
                            String line = rs.getString(1);
                            if (!"ok".equals(line)) {
                                problems.add("SQLite's integrity_check: " + line);
                            }
                        }
                    }
                    StoreMeta meta = StoreOpener.checkTables(s, file);
                    RecordScan.Scan scan;
                    RecordScan.DamageSink sink = (rev, key, problem) ->
                            damaged.add(new VerifyReport.DamagedRecord(rev, key, problem));
                    try {
                        scan = scanJoined(s, records, sink, checks);
                    } catch (SQLException e) {
                        problems.add("SQLite stopped the scan of the rows after " + records[0] + " rows: "
                                + e.getMessage());
                        scan = null;
                    }
                    if (scan != null) {
                        String p = StoreOpener.metaProblem(meta, scan);
                        if (p != null) {
                            problems.add(p);
                        }
                    }
                    long orphans = SqliteConnections.queryLong(s, "SELECT count(*) FROM kv_value WHERE rev NOT IN"
                            + " (SELECT rev FROM kv_key)");
                    if (orphans > 0) {
                        problems.add(orphans + " kv_value rows have no kv_key row");
                    }
                    problems.addAll(checks.imageProblems(s, meta, scan));
                } catch (StoreFormatException e) {
                    problems.add(e.getMessage());
                } catch (SQLException e) {
                    problems.add(SqliteErrors.translate(e, file, "verifying it").getMessage());
                } finally {
                    closeQuietly(ro);
                }
            }
        } finally {
            removeIfCreated(walFile, hadWal, true);
            removeIfCreated(shm, hadShm, false);
        }
        return new VerifyReport(file, records[0], damaged, problems);
    }

    /**
     * Every kv_key record with its kv_value record, in revision order, both checksums checked, a missing value record
     * and a tombstone with a value reported; counts the records in {@code records[0]}.
     */
    private static RecordScan.Scan scanJoined(Statement s, long[] records, RecordScan.DamageSink damage,
                                              RecordScan.RecordRule rule) throws SQLException {
        long lastMain = 0;
        long digest = KeyDigest.EMPTY;
        KeyEntry e = new KeyEntry();
        ValueRecord valueRecord = new ValueRecord();
        try (ResultSet rs = s.executeQuery("SELECT k.rev, k.entry, v.value, v.rev"
                + " FROM kv_key k LEFT JOIN kv_value v ON v.rev = k.rev ORDER BY k.rev")) {
            while (rs.next()) {
                long rev = rs.getLong(1);
                byte[] entry = orEmpty(rs.getBytes(2));
                String problem = e.read(rev, entry);
                byte[] value = orEmpty(rs.getBytes(3));
                rs.getLong(4);
                boolean noValue = rs.wasNull();
                records[0]++;
                lastMain = Revision.main(rev);
                digest ^= KeyDigest.ofEntry(rev, entry);
                byte[] key = e.key();
                if (problem == null) {
                    problem = noValue ? "has no value row in kv_value"
                            : valueRecord.problem(rev, key, e.createRev, e.version, value);
                }
                RecordScan.report(damage, rule, rev, key, e.createRev, e.version, problem);
            }
        }
        return new RecordScan.Scan(records[0], lastMain, digest);
    }
}
