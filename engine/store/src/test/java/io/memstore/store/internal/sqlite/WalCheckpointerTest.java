package io.memstore.store.internal.sqlite;

import static io.memstore.store.StoreTestSupport.queryLong;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

class WalCheckpointerTest {
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    /**
     * The writer's own automatic checkpoint is off, so only the checkpointer can have copied the committed records
     * into the database file: a copy of that file alone, without its -wal, must hold them.
     */
    @Test
    void copiesCommittedPagesIntoTheDatabaseFileWhileTheWriterKeepsItsConnection() throws Exception {
        Path file = dir.resolve("c.db");
        try (Connection w = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            // the table before WAL mode: straight into the database file
            execute(w, "CREATE TABLE t (v BLOB)", "PRAGMA journal_mode = WAL", "PRAGMA wal_autocheckpoint = 0");
            insert(w, 200);
            assertThat(recordsInDatabaseFileAlone(file)).isZero();

            try (WalCheckpointer c = new WalCheckpointer(DriverManager.getConnection("jdbc:sqlite:" + file), "c.db")) {
                c.request();
                awaitAtLeast(c::checkpoints, 1);
                assertThat(recordsInDatabaseFileAlone(file)).isEqualTo(200);

                insert(w, 300); // the writer goes on; the next request copies its new pages too
                long before = c.checkpoints();
                c.request();
                awaitAtLeast(c::checkpoints, before + 1);
                assertThat(recordsInDatabaseFileAlone(file)).isEqualTo(500);
                assertThat(c.failures()).isZero();
            }
        }
    }

    /** A checkpoint that fails is counted, and the thread still serves the next request. */
    @Test
    void aFailedCheckpointIsCountedAndTheNextRequestTriesAgain() throws Exception {
        Path file = dir.resolve("f.db");
        try (Connection w = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            execute(w, "PRAGMA journal_mode = WAL", "CREATE TABLE t (v BLOB)");
            insert(w, 10);
            // a read-only connection cannot write the database file: every checkpoint it runs fails
            SQLiteConfig readOnly = new SQLiteConfig();
            readOnly.setReadOnly(true);
            try (WalCheckpointer c = new WalCheckpointer(readOnly.createConnection("jdbc:sqlite:" + file), "f.db")) {
                c.request();
                awaitAtLeast(() -> c.checkpoints() + c.failures(), 1);
                long first = c.failures();
                c.request();
                awaitAtLeast(() -> c.checkpoints() + c.failures(), 2);
                assertThat(c.failures()).isGreaterThan(first);
                assertThat(c.checkpoints()).isZero();
            }
        }
    }

    /** close stops the thread and closes the connection it was given. */
    @Test
    void closeStopsItsThreadAndClosesItsConnection() throws Exception {
        Path file = dir.resolve("s.db");
        Connection given = DriverManager.getConnection("jdbc:sqlite:" + file);
        WalCheckpointer c = new WalCheckpointer(given, "s.db");
        c.request();
        c.close();
        assertThat(given.isClosed()).isTrue();
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().equals("memstore-checkpoint s.db"));
    }

    /**
     * A DEFERRED store: a batch of fewer pages than SQLite's automatic checkpoint waits for is in the database
     * file soon after its flush, and the file the store leaves at close holds everything.
     */
    @Test
    void aDeferredStoresFlushedBatchReachesTheDatabaseFileBeforeClose() throws Exception {
        Path file = dir.resolve("store.db");
        try (MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED))) {
            for (int i = 0; i < 100; i++) {
                store.put(("key-" + i).getBytes(), new byte[100]);
            }
            store.flush();
            awaitAtLeast(() -> recordsOfKvKeyInDatabaseFileAlone(file), 100);
            assertThat(Files.size(file.resolveSibling("store.db-wal"))).isLessThan(1000L * StoreSchema.PAGE_SIZE);
        }
        assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(100);
    }

    /**
     * MvccStore.checkpoint right after a flush, when the background checkpoint asked for by that flush's commit is
     * likely still running: SQLite refuses a second checkpointer at once, so the store's must wait for it, and
     * then empty the log every time. The database file alone then holds every record.
     */
    @Test
    void aStoresCheckpointAfterAFlushEmptiesTheLogWhileTheBackgroundOneRuns() throws Exception {
        Path file = dir.resolve("t.db");
        Path log = file.resolveSibling("t.db-wal");
        byte[] value = new byte[2000];
        try (MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED))) {
            for (int round = 0; round < 40; round++) {
                for (int i = 0; i < 200; i++) {
                    store.put(("key-" + round + "-" + i).getBytes(), value);
                }
                store.flush();
                assertThat(store.checkpoint()).as("round %d", round).isTrue();
                assertThat(Files.size(log)).as("round %d", round).isZero();
            }
            assertThat(recordsOfKvKeyInDatabaseFileAlone(file)).isEqualTo(40 * 200);
        }
    }

    /**
     * A read that still needs the log (another connection's transaction, begun before the last commits) keeps
     * MvccStore.checkpoint from emptying it: after SQLite's busy timeout it reports false, and nothing is lost;
     * once the read has ended, the next checkpoint empties the log.
     */
    @Test
    void aStoresCheckpointReportsALogThatAReadStillNeedsAndEmptiesItOnceTheReadEnds() throws Exception {
        Path file = dir.resolve("r.db");
        Path log = file.resolveSibling("r.db-wal");
        try (MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED))) {
            store.put("a".getBytes(), new byte[100]);
            store.flush();
            try (Connection reader = DriverManager.getConnection("jdbc:sqlite:" + file);
                 Statement s = reader.createStatement()) {
                reader.setAutoCommit(false);
                try (var rs = s.executeQuery("SELECT count(*) FROM kv_key")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(1); // the read's snapshot: one record
                }
                for (int i = 0; i < 100; i++) {
                    store.put(("key-" + i).getBytes(), new byte[100]);
                }
                assertThat(store.checkpoint()).isFalse();
                assertThat(Files.size(log)).isPositive();
                reader.rollback();
            }
            assertThat(store.checkpoint()).isTrue();
            assertThat(Files.size(log)).isZero();
            assertThat(store.get("key-99".getBytes())).isNotNull();
        }
        assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(101);
    }

    /**
     * A long DEFERRED ingest of many small batches: each batch begins while the checkpoint of the one before
     * runs, yet the log must keep starting over, so that it never grows far past {@link
     * WalCheckpointer#RESTART_FRAMES}; a log never started over would hold every byte written.
     */
    @Test
    void aLongDeferredIngestKeepsTheLogNearItsRestartLength() throws Exception {
        Path file = dir.resolve("long.db");
        byte[] value = new byte[4096];
        long written = 0;
        try (MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED)
                .batchLimit(50))) {
            for (int i = 0; i < 70_000; i++) {
                value[i % value.length]++;
                store.put(("key-" + i).getBytes(), value);
                written += value.length;
            }
            store.flush();
            long log = Files.size(file.resolveSibling("long.db-wal"));
            // RESTART_FRAMES and twice COMMITS_PER_CHECKPOINT batches, a batch of 50 values of 4 KiB writing
            // fewer than 50 frames: under 2 * RESTART_FRAMES frames of a page and a 24 B header each
            long bound = 2 * WalCheckpointer.RESTART_FRAMES * (StoreSchema.PAGE_SIZE + 24);
            assertThat(log).as("log of %d B after %d B of values", log, written).isLessThan(bound);
            assertThat(written).isGreaterThan(2 * bound);
        }
        assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(70_000);
    }

    /**
     * Once a checkpoint has found the log at {@link WalCheckpointer#RESTART_FRAMES} frames, awaitIfBehind waits
     * for the checkpoint asked for after it; and it never waits on a thread that has ended.
     */
    @Test
    void awaitIfBehindWaitsForTheRequestedCheckpointOnceTheLogIsLong() throws Exception {
        Path file = dir.resolve("w.db");
        try (Connection w = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            execute(w, "PRAGMA journal_mode = WAL", "PRAGMA wal_autocheckpoint = 0", "CREATE TABLE t (v BLOB)");
            // 1000 B records, four to a 4096 B page: more than RESTART_FRAMES frames
            insert(w, (int) (5 * WalCheckpointer.RESTART_FRAMES));
            WalCheckpointer c = new WalCheckpointer(DriverManager.getConnection("jdbc:sqlite:" + file), "w.db");
            try {
                c.awaitIfBehind();
                assertThat(c.checkpoints()).as("nothing found long yet: no wait").isZero();
                c.request();
                awaitAtLeast(c::checkpoints, 1);
                assertThat(c.logFrames()).isGreaterThanOrEqualTo(WalCheckpointer.RESTART_FRAMES);

                insert(w, 10);
                c.request();
                c.awaitIfBehind();
                assertThat(c.checkpoints()).as("returned after the checkpoint asked for").isEqualTo(2);
            } finally {
                c.close();
            }
            c.request(); // requested, the log long, but no thread to serve it
            assertTimeoutPreemptively(Duration.ofSeconds(10), c::awaitIfBehind);
        }
    }

    private static void execute(Connection c, String... sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String each : sql) {
                s.execute(each);
            }
        }
    }

    private static void insert(Connection w, int records) throws SQLException {
        w.setAutoCommit(false);
        try (PreparedStatement p = w.prepareStatement("INSERT INTO t VALUES (?)")) {
            for (int i = 0; i < records; i++) {
                p.setBytes(1, new byte[1000]);
                p.executeUpdate();
            }
        }
        w.commit();
        w.setAutoCommit(true);
    }

    private long recordsInDatabaseFileAlone(Path file) throws Exception {
        return countInCopy(file, "SELECT count(*) FROM t");
    }

    private long recordsOfKvKeyInDatabaseFileAlone(Path file) {
        try {
            return countInCopy(file, "SELECT count(*) FROM kv_key");
        } catch (Exception e) {
            return -1; // the copy was taken in the middle of a checkpoint's write: look again
        }
    }

    /** Counts in a copy of the database file without its -wal: what a checkpoint has written there. */
    private long countInCopy(Path file, String sql) throws Exception {
        Path copy = Files.createTempFile(dir, "copy-", ".db");
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        try {
            return queryLong(copy, sql);
        } finally {
            for (String suffix : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(copy.resolveSibling(copy.getFileName() + suffix));
            }
        }
    }

    private static void awaitAtLeast(LongSupplier value, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (value.getAsLong() < atLeast) {
            assertThat(System.nanoTime()).as("waiting for %d, at %d", atLeast, value.getAsLong()).isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
