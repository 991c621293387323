package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link KeyScan}: every row once and in order, a reader that stops with its caller, a failure rethrown. */
class KeyScanTest {
    private static final int ROWS = 5_000;

    @TempDir
    Path dir;

    private Connection tableOf(int rows) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("k.db"));
        try (Statement s = c.createStatement()) {
            s.execute(StoreSchema.CREATE_KEY_TABLE);
        }
        c.setAutoCommit(false);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO kv_key VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = rows; i >= 1; i--) { // inserted backwards: the scan's order is the query's
                p.setLong(1, Revision.first(i));
                p.setBytes(2, ("key" + i).getBytes());
                p.setLong(3, Revision.first(i));
                p.setLong(4, i);
                p.setInt(5, i % 2);
                p.setLong(6, -i);
                p.addBatch();
            }
            p.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
        return c;
    }

    private static long readerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("memstore-open") && t.isAlive()).count();
    }

    @Test
    void givesEveryRowOnceInRevisionOrder() throws SQLException {
        try (Connection c = tableOf(ROWS); Statement s = c.createStatement(); KeyScan scan = KeyScan.start(s, "k")) {
            int i = 0;
            for (KeyScan.Batch b; (b = scan.next()) != null; ) {
                for (int j = 0; j < b.size; j++) {
                    i++;
                    assertThat(b.rev[j]).isEqualTo(Revision.first(i));
                    assertThat(new String(b.key[j])).isEqualTo("key" + i);
                    assertThat(b.createRev[j]).isEqualTo(Revision.first(i));
                    assertThat(b.version[j]).isEqualTo(i);
                    assertThat(b.tombstone[j]).isEqualTo(i % 2);
                    assertThat(b.crc[j]).isEqualTo(-i);
                }
            }
            assertThat(i).isEqualTo(ROWS);
            assertThat(scan.next()).isNull();
        }
    }

    @Test
    void closingEarlyStopsTheReaderAndFreesTheStatement() throws SQLException {
        try (Connection c = tableOf(ROWS); Statement s = c.createStatement()) {
            try (KeyScan scan = KeyScan.start(s, "k")) {
                assertThat(scan.next().size).isPositive();
            }
            assertThat(readerThreads()).isZero();
            try (var rs = s.executeQuery("SELECT count(*) FROM kv_key")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(ROWS);
            }
        }
    }

    @Test
    void anEmptyTableEndsAtOnce() throws SQLException {
        try (Connection c = tableOf(0); Statement s = c.createStatement(); KeyScan scan = KeyScan.start(s, "k")) {
            KeyScan.Batch b = scan.next();
            assertThat(b.size).isZero();
            assertThat(scan.next()).isNull();
        }
    }

    @Test
    void aFailedReadIsRethrownToTheCaller() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("none.db"));
                Statement s = c.createStatement(); KeyScan scan = KeyScan.start(s, "none")) {
            assertThatThrownBy(scan::next).isInstanceOf(SQLException.class).hasMessageContaining("no such table");
            assertThat(scan.next()).isNull();
        }
        assertThat(readerThreads()).isZero();
    }
}
