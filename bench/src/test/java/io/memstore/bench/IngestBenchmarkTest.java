package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The ingest bodies on a small N (no JMH run): both write every row, and the files go away afterwards. */
class IngestBenchmarkTest {
    /** Not a multiple of the raw insert's 100-row statements, so its tail is inserted too. */
    private static final int N = 1_234;

    private final IngestBenchmark bench = new IngestBenchmark();

    @BeforeEach
    void setUp() throws Exception {
        bench.keys = N;
        bench.makeRows();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (Files.exists(bench.dir)) {
            bench.deleteDir();
        }
    }

    @Test
    void storeWritesEveryRowThenTheFileIsDeleted() throws Exception {
        bench.newFile();
        assertThat(bench.store()).isEqualTo(N);
        assertThat(keysInFile(bench.file)).containsExactly(bench.rows);
        bench.deleteFile();
        try (var left = Files.list(bench.dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void rawWritesEveryRowInOrderWithItsRevision() throws Exception {
        bench.newFile();
        bench.raw();
        assertThat(keysInFile(bench.file)).containsExactly(bench.rows);
        bench.deleteFile();
        try (var left = Files.list(bench.dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void eachInvocationGetsItsOwnFileAndTheTrialRemovesTheDirectory() throws Exception {
        bench.newFile();
        Path first = bench.file;
        bench.raw();
        bench.newFile();
        assertThat(bench.file).isNotEqualTo(first);
        Path dir = bench.dir;
        bench.deleteDir();
        assertThat(dir).doesNotExist();
    }

    /** The keys of kv_key in revision order, with their kv_value rows; checks each row's value, version and create_rev. */
    private List<byte[]> keysInFile(Path file) throws Exception {
        List<byte[]> keys = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT k.key, v.value, k.version, k.create_rev, k.rev"
                     + " FROM kv_key k JOIN kv_value v ON v.rev = k.rev ORDER BY k.rev")) {
            while (rs.next()) {
                keys.add(rs.getBytes(1));
                assertThat(rs.getBytes(2)).isEqualTo(bench.value);
                assertThat(rs.getLong(3)).isEqualTo(1);
                assertThat(rs.getLong(4)).isEqualTo(rs.getLong(5)); // a put that created its key
            }
        }
        return keys;
    }
}
