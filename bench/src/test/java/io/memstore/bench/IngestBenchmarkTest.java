package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.KeyValue;
import io.memstore.store.MvccStore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
    void storeCommitsEveryRowBeforeItsUntimedCloseThenTheFileIsDeleted() throws Exception {
        bench.newFile();
        assertThat(bench.store()).isEqualTo(N);
        assertThat(bench.openStore.isClosed()).as("closed by the invocation's tear-down").isFalse();
        assertThat(rowsInFile(bench.file)).as("rows committed when the timed part ends").isEqualTo(N);
        MvccStore store = bench.openStore;
        bench.openStore = null;
        store.close();
        assertThat(keysInStore(bench.file)).containsExactly(bench.rows);
        bench.deleteFile();
        try (var left = Files.list(bench.dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void rawCommitsEveryRowInOrderWithItsRevisionBeforeItsUntimedClose() throws Exception {
        bench.newFile();
        bench.raw();
        assertThat(bench.openConnection.isClosed()).as("closed by the invocation's tear-down").isFalse();
        assertThat(keysInFile(bench.file)).containsExactly(bench.rows);
        bench.deleteFile();
        assertThat(bench.openConnection).isNull();
        try (var left = Files.list(bench.dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void eachInvocationGetsItsOwnFileAndTheTrialRemovesTheDirectory() throws Exception {
        bench.newFile();
        Path first = bench.file;
        bench.raw();
        bench.deleteFile();
        bench.newFile();
        assertThat(bench.file).isNotEqualTo(first);
        Path dir = bench.dir;
        bench.deleteDir();
        assertThat(dir).doesNotExist();
    }

    /**
     * The keys of the raw insert's kv_key in revision order, with their kv_value rows; checks each row's value and
     * that its entry is a first put's (version 1, distance 0 to the created revision).
     */
    private List<byte[]> keysInFile(Path file) throws Exception {
        List<byte[]> keys = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT k.entry, v.value FROM kv_key k JOIN kv_value v ON v.rev = k.rev"
                     + " ORDER BY k.rev")) {
            while (rs.next()) {
                byte[] entry = rs.getBytes(1);
                assertThat(entry[0]).isEqualTo((byte) 1);
                assertThat(entry[1]).isEqualTo((byte) 0);
                keys.add(Arrays.copyOfRange(entry, 2, entry.length));
                assertThat(rs.getBytes(2)).isEqualTo(bench.value);
            }
        }
        return keys;
    }

    /** The kv_key rows of a file, read through a connection of its own. */
    private static long rowsInFile(Path file) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM kv_key k JOIN kv_value v ON v.rev = k.rev")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The keys of the store's file in the order they were written, read back through the store; checks each row. */
    private List<byte[]> keysInStore(Path file) {
        try (MvccStore store = MvccStore.open(file)) {
            List<KeyValue> kvs = new ArrayList<>(store.range(new byte[] {0}, new byte[0]).kvs());
            kvs.sort(Comparator.comparingLong(KeyValue::modRevision));
            List<byte[]> keys = new ArrayList<>();
            for (KeyValue kv : kvs) {
                assertThat(kv.value()).isEqualTo(bench.value);
                assertThat(kv.version()).isEqualTo(1);
                assertThat(kv.createRevision()).isEqualTo(kv.modRevision()); // a put that created its key
                keys.add(kv.key());
            }
            return keys;
        }
    }
}
