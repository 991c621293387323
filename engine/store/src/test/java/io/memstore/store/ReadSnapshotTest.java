package io.memstore.store;

import static io.memstore.store.StoreTestSupport.all;
import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.keys;
import static io.memstore.store.StoreTestSupport.s;
import static io.memstore.store.StoreTestSupport.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshots of the read connections. A connection keeps its read transaction from one read to the next until
 * the store commits ({@link ReaderPool}): every read must still see every commit before it, whatever the
 * durability and whether the read failed; and a snapshot no read uses must not keep the write-ahead log from
 * being copied and started over, nor make a checkpoint wait. One connection, so every read reuses it.
 */
class ReadSnapshotTest {
    private static final StoreOptions ONE_READER = StoreTestSupport.FAST.readConnections(1);
    private static final int KEYS = 200; // four statements: 64, 64, 64 and 8 rows

    @TempDir
    Path dir;

    private static String key(int i) {
        return String.format("k%04d", i);
    }

    private static void putKeys(MvccStore store, int from, int to) {
        for (int i = from; i < to; i++) {
            store.put(b(key(i)), b("v" + i));
        }
    }

    @Test
    void aReadOfManyRowsEndsItsTransactionSoTheNextReadsSeeLaterCommits() {
        try (MvccStore store = MvccStore.open(dir.resolve("s.db"), ONE_READER)) {
            putKeys(store, 0, KEYS);
            assertThat(all(store, store.currentRevision()).kvs()).hasSize(KEYS);

            putKeys(store, KEYS, 2 * KEYS);
            assertThat(s(store.get(b(key(2 * KEYS - 1))).value())).isEqualTo("v" + (2 * KEYS - 1));
            RangeResult both = all(store, store.currentRevision());
            assertThat(both.kvs()).hasSize(2 * KEYS);
            assertThat(keys(both).get(2 * KEYS - 1)).isEqualTo(key(2 * KEYS - 1));
        }
    }

    @Test
    void aFailedReadOfManyRowsEndsItsTransactionToo() {
        Path file = dir.resolve("s.db");
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            putKeys(store, 0, KEYS);
        }
        // a value of the third statement's rows no longer matches its checksum; the open does not read values
        // (a kv_key entry ends with its key, KeyEntry; every key here has 5 B)
        sql(file, "UPDATE kv_value SET value = X'00' WHERE rev = (SELECT rev FROM kv_key WHERE substr(entry, -5) = CAST('"
                + key(150) + "' AS BLOB))");
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            long before = store.currentRevision();
            assertThatThrownBy(() -> all(store, before)).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining(key(150));

            putKeys(store, KEYS, KEYS + 1);
            assertThat(s(store.get(b(key(KEYS))).value())).isEqualTo("v" + KEYS);
            RangeResult after = store.range(b(key(151)), new byte[0]);
            assertThat(after.kvs()).hasSize(KEYS - 151 + 1);
            assertThat(keys(after).get(KEYS - 151)).isEqualTo(key(KEYS));
        }
    }

    /**
     * A get after each put returns that put, and a range every key so far: the connection's snapshot, begun by the
     * get before, must give way to one that holds the commit (for DEFERRED, once the rows left the write buffer).
     */
    @ParameterizedTest
    @EnumSource(Durability.class)
    void everyReadSeesEveryCommitBeforeIt(Durability durability) {
        StoreOptions options = ONE_READER.durability(durability);
        try (MvccStore store = MvccStore.open(dir.resolve("s.db"), options)) {
            for (int i = 0; i < 300; i++) {
                store.put(b(key(i % 20)), b("v" + i));
                if (i % 50 == 49) {
                    store.flush(); // DEFERRED: the rows go to SQLite, and the reads below find them there
                }
                assertThat(s(store.get(b(key(i % 20))).value())).isEqualTo("v" + i);
                if (i % 30 == 0) {
                    assertThat(all(store, store.currentRevision()).kvs()).hasSize(Math.min(i + 1, 20));
                }
            }
        }
    }

    /**
     * A reader on another thread, its connection busy with a read most of the time (so the writer seldom finds it
     * idle), gets a key while a writer puts it again and again: every get must return a put at least as late as
     * the last one that had returned before the get began. A connection that kept its snapshot after a commit would
     * not find the row the index names, and report it missing.
     */
    @ParameterizedTest
    @EnumSource(Durability.class)
    void readsOnAnotherThreadSeeEveryCommitBeforeThem(Durability durability) throws Exception {
        StoreOptions options = ONE_READER.durability(durability).batchLimit(16);
        try (MvccStore store = MvccStore.open(dir.resolve("t.db"), options)) {
            store.put(b("k"), b("0"));
            AtomicInteger lastPut = new AtomicInteger();
            AtomicBoolean done = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicInteger gets = new AtomicInteger();
            Thread reader = new Thread(() -> {
                try {
                    while (!done.get()) {
                        int before = lastPut.get();
                        int got = Integer.parseInt(s(store.get(b("k")).value()));
                        if (got < before) {
                            throw new AssertionError("a get begun after put " + before + " returned put " + got);
                        }
                        gets.incrementAndGet();
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            reader.start();
            for (int i = 1; i <= 2_000 && failure.get() == null; i++) {
                store.put(b("k"), b(Integer.toString(i)));
                lastPut.set(i);
            }
            done.set(true);
            reader.join();
            assertThat(failure.get()).isNull();
            assertThat(gets.get()).isPositive();
        }
    }

    /**
     * Writes of 96 MB with a get now and then, which leaves the connection idle with a snapshot of its own: the
     * writer must end it before its writes and after its commits, or the checkpoints could copy no frame after that
     * snapshot and the log would never start over, growing to the size of everything written.
     */
    @Test
    void anIdleReadersSnapshotDoesNotKeepTheLogFromStartingOver() {
        Path file = dir.resolve("log.db");
        Path wal = SqliteConnections.sideFile(file, "-wal");
        byte[] value = new byte[16 << 10];
        long largest = 0;
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            for (int i = 0; i < 6_000; i++) {
                value[0] = (byte) i;
                store.put(b(key(i % 100)), value);
                if (i % 100 == 0) {
                    assertThat(store.get(b(key(i % 100))).value()[0]).isEqualTo((byte) i);
                }
                largest = Math.max(largest, SqliteConnections.sizeOf(wal));
            }
        }
        // SQLite's automatic checkpoint at 1000 pages of 16 KiB; a restart can miss a few commits
        assertThat(largest).as("largest -wal, after 96 MB written").isLessThan(3_000L * StoreSchema.PAGE_SIZE);
    }

    /**
     * A checkpoint empties the log at once though the reader's snapshot, taken after the last commit, needs
     * frames of it: an idle connection's transaction is ended first, where a read in progress would be waited for.
     */
    @Test
    void aCheckpointDoesNotWaitForAnIdleReadersSnapshot() {
        Path file = dir.resolve("c.db");
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            putKeys(store, 0, KEYS);
            assertThat(s(store.get(b(key(7))).value())).isEqualTo("v7"); // a snapshot that reads frames of the log
            long start = System.nanoTime();
            assertThat(store.checkpoint()).isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000).as("ms").isLessThan(2_000);
            assertThat(SqliteConnections.sizeOf(SqliteConnections.sideFile(file, "-wal"))).isZero();
            assertThat(s(store.get(b(key(8))).value())).isEqualTo("v8");
        }
    }
}
