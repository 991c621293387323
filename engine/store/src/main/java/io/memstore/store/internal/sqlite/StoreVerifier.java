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
 * stopping at the first. Where the open reads kv_key alone, this reads every row of both tables, so it also finds
 * a damaged value, a key row without its value row and a value row without its key row; SQLite's own
 * {@code integrity_check} runs first. A damaged index image, which an open ignores without a word (it rebuilds
 * the index from the rows instead), is reported too, by the layer above that keeps it ({@link VerifyChecks}).
 */
final class StoreVerifier {
    private StoreVerifier() {
    }

    /**
     * Checks {@code file}: it must not be open in any store, and is locked while it is read. Reports every row
     * whose checksum fails and every other problem found.
     */
    static VerifyReport verify(Path file, VerifyChecks checks) {
        if (!Files.isRegularFile(file)) {
            throw new StoreException("cannot verify " + file + ": no such file");
        }
        List<VerifyReport.DamagedRow> damaged = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        long[] rows = {0};
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
                    RowScan.Scan scan;
                    RowScan.DamageSink sink = (rev, key, problem) ->
                            damaged.add(new VerifyReport.DamagedRow(rev, key, problem));
                    try {
                        scan = scanJoined(s, rows, sink, checks);
                    } catch (SQLException e) {
                        problems.add("SQLite stopped the scan of the rows after " + rows[0] + " rows: " + e.getMessage());
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
                    problems.addAll(checks.imageProblems(s, meta));
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
        return new VerifyReport(file, rows[0], damaged, problems);
    }

    /**
     * Every kv_key row with its kv_value row, in revision order, both checksums checked, a missing value row and a
     * tombstone with a value reported; counts the rows in {@code rows[0]}.
     */
    private static RowScan.Scan scanJoined(Statement s, long[] rows, RowScan.DamageSink damage, RowScan.RowRule rule)
            throws SQLException {
        long lastMain = 0;
        KeyEntry e = new KeyEntry();
        ValueRecord valueRow = new ValueRecord();
        try (ResultSet rs = s.executeQuery("SELECT k.rev, k.entry, v.value, v.rev"
                + " FROM kv_key k LEFT JOIN kv_value v ON v.rev = k.rev ORDER BY k.rev")) {
            while (rs.next()) {
                long rev = rs.getLong(1);
                String problem = e.read(rev, orEmpty(rs.getBytes(2)));
                byte[] value = orEmpty(rs.getBytes(3));
                rs.getLong(4);
                boolean noValue = rs.wasNull();
                rows[0]++;
                lastMain = Revision.main(rev);
                byte[] key = e.key();
                if (problem == null) {
                    problem = noValue ? "has no value row in kv_value"
                            : valueRow.problem(rev, key, e.createRev, e.version, value);
                }
                RowScan.report(damage, rule, rev, key, e.createRev, e.version, problem);
            }
        }
        return new RowScan.Scan(rows[0], lastMain);
    }
}
