package io.memstore.store.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.Revision;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link KeyScan}: every record once and in revision order, over one connection or two reading alternate intervals,
 * whatever record count it was told to expect; readers that stop with their caller; a failure rethrown.
 */
class KeyScanTest {
    /** More than four intervals of records. */
    private static final int RECORDS = 5 * KeyScan.INTERVAL_RECORDS + 123;

    @TempDir
    Path dir;

    private final List<Connection> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws SQLException {
        for (Connection c : open) {
            c.close();
        }
    }

    private Connection connect(String name) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(name));
        open.add(c);
        return c;
    }

    /** kv_key with {@code records} records at main revisions {@code 3, 6, 9, ...} (gaps, as compaction leaves). */
    private void table(int records) throws SQLException {
        Connection c = connect("k.db");
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode = WAL");
            s.execute(StoreSchema.CREATE_KEY_TABLE);
        }
        c.setAutoCommit(false);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO kv_key VALUES (?, ?)")) {
            for (int i = records; i >= 1; i--) { // inserted backwards: the order is the scan's own
                p.setLong(1, Revision.first(3L * i));
                p.setBytes(2, ("entry" + i).getBytes()); // the scan hands the bytes on without decoding them
                p.addBatch();
            }
            p.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
    }

    private List<Connection> readers(int n) throws SQLException {
        List<Connection> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(connect("k.db"));
        }
        return list;
    }

    private static long readerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("memstore-open") && t.isAlive()).count();
    }

    /** Reads the whole table and checks every record; returns the records seen. */
    private static int readAll(KeyScan scan) throws SQLException {
        int i = 0;
        for (KeyScan.Batch b; (b = scan.next()) != null; ) {
            assertThat(b.size).isPositive();
            for (int j = 0; j < b.size; j++) {
                i++;
                assertThat(b.rev[j]).as("row %d", i).isEqualTo(Revision.first(3L * i));
                assertThat(new String(b.entry[j])).isEqualTo("entry" + i);
            }
        }
        assertThat(scan.next()).isNull();
        return i;
    }

    @ParameterizedTest(name = "{0} reader(s), {1} rows expected")
    @CsvSource({"1, " + RECORDS, "2, " + RECORDS, "2, 1", "2, 1000000000000",
            "3, " + RECORDS, "2, " + (RECORDS / 7)})
    void givesEveryRecordOnceInRevisionOrder(int connections, long expected) throws SQLException {
        table(RECORDS);
        try (KeyScan scan = KeyScan.start(readers(connections), Revision.first(3), Revision.first(3L * RECORDS),
                expected, "k")) {
            if (connections > 1 && expected >= RECORDS) {
                assertThat(scan.intervals()).isGreaterThan(connections);
            }
            assertThat(readAll(scan)).isEqualTo(RECORDS);
        }
        assertThat(readerThreads()).isZero();
    }

    @Test
    void revisionsOutsideThePackedRangeAreReadAsOneInterval() throws SQLException {
        table(RECORDS);
        try (KeyScan scan = KeyScan.start(readers(2), -5, Revision.first(3L * RECORDS), RECORDS, "k")) {
            assertThat(scan.intervals()).isEqualTo(1);
            assertThat(readAll(scan)).isEqualTo(RECORDS);
        }
    }

    @ValueSource(ints = {1, 2})
    @ParameterizedTest(name = "{0} reader(s)")
    void closingEarlyStopsTheReadersAndFreesTheConnections(int connections) throws SQLException {
        table(RECORDS);
        List<Connection> readers = readers(connections);
        try (KeyScan scan = KeyScan.start(readers, Revision.first(3), Revision.first(3L * RECORDS), RECORDS, "k")) {
            assertThat(scan.next().size).isPositive();
        }
        assertThat(readerThreads()).isZero();
        for (Connection c : readers) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM kv_key")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(RECORDS);
            }
        }
    }

    @Test
    void anEmptyTableEndsAtOnce() throws SQLException {
        table(0);
        try (KeyScan scan = KeyScan.start(readers(2), 0, 0, 0, "k")) {
            assertThat(scan.next()).isNull();
        }
    }

    @ValueSource(ints = {1, 2})
    @ParameterizedTest(name = "{0} reader(s)")
    void aFailedReadIsRethrownToTheCaller(int connections) throws SQLException {
        List<Connection> readers = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            readers.add(connect("none.db"));
        }
        try (KeyScan scan = KeyScan.start(readers, 0, 10L * KeyScan.INTERVAL_RECORDS, 10L * KeyScan.INTERVAL_RECORDS,
                "none")) {
            assertThatThrownBy(scan::next).isInstanceOf(SQLException.class).hasMessageContaining("no such table");
            assertThat(scan.next()).isNull();
        }
        assertThat(readerThreads()).isZero();
    }
}
