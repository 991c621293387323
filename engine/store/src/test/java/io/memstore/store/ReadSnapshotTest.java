package io.memstore.store;

import static io.memstore.store.StoreTestSupport.all;
import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.keys;
import static io.memstore.store.StoreTestSupport.s;
import static io.memstore.store.StoreTestSupport.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.internal.index.ReferenceIndex;
import io.memstore.store.internal.sqlite.ReaderPool;
import io.memstore.store.internal.sqlite.SqliteConnections;
import io.memstore.store.internal.sqlite.StoreSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The snapshots of the read connections. Once the writer has been quiet for {@link ReaderPool#QUIET_MILLIS}, a
 * connection keeps its read transaction from one read to the next until the writer moves: every read must still
 * see every commit before it, whatever the durability, whether the read failed and however long a write took;
 * and no snapshot, held or not, may keep the write-ahead log from being copied and started over, or make a
 * checkpoint wait. One connection, so every read reuses it; the tests pause past the quiet time where a read is
 * to keep its transaction.
 */
class ReadSnapshotTest {
    private static final StoreOptions ONE_READER = StoreTestSupport.FAST.readConnections(1);
    private static final int KEYS = 200; // four statements: 64, 64, 64 and 8 records

    @TempDir
    Path dir;

    private static String key(int i) {
        return String.format("k%04d", i);
    }

    /** Past the writer's quiet time: the next read keeps its transaction. */
    private static void quiet() throws InterruptedException {
        Thread.sleep(ReaderPool.QUIET_MILLIS + 50);
    }

    private static void putKeys(MvccStore store, int from, int to) {
        for (int i = from; i < to; i++) {
            store.put(b(key(i)), b("v" + i));
        }
    }

    @Test
    void aReadOfManyRecordsEndsItsTransactionSoTheNextReadsSeeLaterCommits() {
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
    void aFailedReadOfManyRecordsEndsItsTransactionToo() {
        Path file = dir.resolve("s.db");
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            putKeys(store, 0, KEYS);
        }
        // a value of the third statement's records no longer matches its checksum; the open does not read values
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
     * Reads with a transaction held from a pause before them: a get after each put still returns that put, and a
     * range every key so far (for DEFERRED, once a flush wrote the records to SQLite).
     */
    @ParameterizedTest
    @EnumSource(Durability.class)
    void aHeldSnapshotGivesWayToEveryCommit(Durability durability) throws Exception {
        try (MvccStore store = MvccStore.open(dir.resolve("s.db"), ONE_READER.durability(durability))) {
            putKeys(store, 0, KEYS);
            store.flush();
            for (int round = 0; round < 3; round++) {
                quiet();
                assertThat(all(store, store.currentRevision()).kvs()).hasSize(KEYS + round); // holds its snapshot
                assertThat(s(store.get(b(key(round))).value())).isEqualTo("v" + round);
                store.put(b(key(KEYS + round)), b("new" + round));
                store.put(b(key(round)), b("again" + round));
                store.flush();
                assertThat(s(store.get(b(key(KEYS + round))).value())).isEqualTo("new" + round);
                assertThat(s(store.get(b(key(round))).value())).isEqualTo("again" + round);
                assertThat(all(store, store.currentRevision()).kvs()).hasSize(KEYS + round + 1);
            }
        }
    }

    /**
     * A write long enough for the writer to count as quiet before it commits (a DEFERRED flush of 200,000 to
     * 800,000 records): a reader on another thread begins holding a snapshot during it, and after the commit must see
     * the records the index now says are in the file, not report them missing. How long a flush of so many records
     * takes depends on the machine, so the flush doubles until one lasts twice the quiet time.
     */
    @Test
    void aSnapshotBegunDuringALongWriteGivesWayToItsCommit() throws Exception {
        StoreOptions options = ONE_READER.durability(Durability.DEFERRED).batchLimit(1_000_000)
                .batchInterval(Duration.ofMinutes(10)).batchBytes(1L << 30);
        try (MvccStore store = MvccStore.open(dir.resolve("long.db"), options)) {
            store.put(b("old"), b("0"));
            store.flush();
            long flushMillis = 0;
            for (int from = 0, records = 200_000; flushMillis <= 2 * ReaderPool.QUIET_MILLIS;
                 from += records, records *= 2) {
                assertThat(records).as("rows in one flush, which has not yet lasted 2 x %d ms (the last %d ms)",
                        ReaderPool.QUIET_MILLIS, flushMillis).isLessThanOrEqualTo(800_000);
                int first = from;
                int count = records;
                putKeys(store, first, first + count);
                AtomicBoolean flushed = new AtomicBoolean();
                try (Reader reader = new Reader(() -> {
                    assertThat(s(store.get(b("old")).value())).isEqualTo("0"); // from SQLite: may hold a snapshot
                    int i = first + ThreadLocalRandom.current().nextInt(count);
                    assertThat(s(store.get(b(key(i))).value())).isEqualTo("v" + i); // buffered, then from SQLite
                    return flushed.get();
                })) {
                    long start = System.nanoTime();
                    store.flush();
                    flushed.set(true);
                    flushMillis = (System.nanoTime() - start) / 1_000_000;
                    reader.awaitCallsAfter(100);
                }
            }
        }
    }

    /**
     * A reader on another thread, its connection busy with a read most of the time (so the writer seldom finds it
     * idle), gets a key while a writer puts it again and again: every get must return a put at least as late as
     * the last one that had returned before the get began.
     */
    @ParameterizedTest
    @EnumSource(Durability.class)
    void readsOnAnotherThreadSeeEveryCommitBeforeThem(Durability durability) throws Exception {
        try (MvccStore store = MvccStore.open(dir.resolve("t.db"), ONE_READER.durability(durability).batchLimit(16))) {
            store.put(b("k"), b("0"));
            AtomicInteger lastPut = new AtomicInteger();
            try (Reader reader = new Reader(() -> {
                int before = lastPut.get();
                int got = Integer.parseInt(s(store.get(b("k")).value()));
                assertThat(got).as("a get begun after put " + before).isGreaterThanOrEqualTo(before);
                return false;
            })) {
                for (int i = 1; i <= 2_000 && reader.running(); i++) {
                    store.put(b("k"), b(Integer.toString(i)));
                    lastPut.set(i);
                }
                reader.awaitCallsAfter(1);
            }
        }
    }

    /**
     * Writes of 96 MB after a read that holds its snapshot (the writer quiet before it), then with a get now and
     * then: the held snapshot must end before the writes, or the checkpoints could copy no frame after it and the
     * log would never start over, growing to the size of everything written (505 MB when nothing ended it).
     */
    @Test
    void anIdleReadersSnapshotDoesNotKeepTheLogFromStartingOver() throws Exception {
        assertLogBoundedWhileWriting(false);
    }

    /**
     * As above with a reader on another thread getting keys without a pause, so that its connection is seldom idle
     * when the writer looks: it must hold no snapshot through the writes, or the checkpoint inside each commit could
     * not copy the frames after its snapshot and the log would seldom start over (holding one from each commit to
     * the next grew the log to 128 to 320 MB).
     */
    @Test
    void aBusyReadersSnapshotDoesNotKeepTheLogFromStartingOver() throws Exception {
        assertLogBoundedWhileWriting(true);
    }

    private void assertLogBoundedWhileWriting(boolean busyReader) throws Exception {
        Path file = dir.resolve("log.db");
        Path wal = SqliteConnections.sideFile(file, "-wal");
        byte[] value = new byte[16 << 10];
        long largest = 0;
        try (MvccStore store = MvccStore.open(file, ONE_READER)) {
            putKeys(store, 0, 100);
            quiet();
            assertThat(store.get(b(key(7)))).isNotNull(); // holds a snapshot that uses the log
            try (Reader reader = busyReader ? new Reader(() -> {
                assertThat(store.get(b(key(ThreadLocalRandom.current().nextInt(100))))).isNotNull();
                return false;
            }) : null) {
                for (int i = 0; i < 6_000; i++) {
                    value[0] = (byte) i;
                    store.put(b(key(i % 100)), value);
                    if (!busyReader && i % 100 == 0) {
                        assertThat(store.get(b(key(i % 100))).value()[0]).isEqualTo((byte) i);
                    }
                    largest = Math.max(largest, SqliteConnections.sizeOf(wal));
                }
                if (reader != null) {
                    reader.awaitCallsAfter(1);
                }
            }
        }
        // SQLite's automatic checkpoint at 1000 pages of 16 KiB, and a restart that a read in progress may put off
        assertThat(largest).as("largest -wal, after 96 MB written").isLessThan(4_000L * StoreSchema.PAGE_SIZE);
    }

    /**
     * A checkpoint empties the log at once though the reader's snapshot, held from a pause after the last commit,
     * uses it, idle or busy on another thread. With the list index the checkpoint writes no index image, so no write
     * comes before its wait: the reads themselves must let go.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aCheckpointDoesNotWaitForAHeldSnapshot(boolean busyReader) throws Exception {
        Path file = dir.resolve("c.db");
        try (MvccStore store = MvccStore.open(file, ONE_READER.indexFactory(ReferenceIndex::new))) {
            putKeys(store, 0, KEYS);
            quiet();
            assertThat(s(store.get(b(key(7))).value())).isEqualTo("v7"); // a snapshot that reads frames of the log
            try (Reader reader = busyReader ? new Reader(() -> {
                assertThat(store.get(b(key(ThreadLocalRandom.current().nextInt(KEYS))))).isNotNull();
                return false;
            }) : null) {
                if (reader != null) {
                    quiet(); // the reader's connection holds its snapshot from read to read
                }
                long start = System.nanoTime();
                assertThat(store.checkpoint()).isTrue();
                assertThat((System.nanoTime() - start) / 1_000_000).as("ms").isLessThan(2_000);
                assertThat(SqliteConnections.sizeOf(SqliteConnections.sideFile(file, "-wal"))).isZero();
                if (reader != null) {
                    reader.awaitCallsAfter(1);
                }
            }
            assertThat(s(store.get(b(key(8))).value())).isEqualTo("v8");
        }
    }

    /**
     * A thread that runs a check until closed, or until the check returns true and the calls after that are done
     * ({@link #awaitCallsAfter}); the first failure fails the test at close.
     */
    private static final class Reader implements AutoCloseable {
        private final AtomicBoolean done = new AtomicBoolean();
        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicInteger callsAfter = new AtomicInteger();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Thread thread;

        Reader(Callable<Boolean> check) {
            thread = new Thread(() -> {
                try {
                    while (!done.get()) {
                        if (check.call()) {
                            callsAfter.incrementAndGet();
                        }
                        calls.incrementAndGet();
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            thread.start();
        }

        boolean running() {
            return thread.isAlive();
        }

        /** Waits (up to 20 s) until {@code n} calls ran after the check first returned true, or after now. */
        void awaitCallsAfter(int n) throws InterruptedException {
            int from = calls.get();
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (running() && callsAfter.get() < n && calls.get() < from + n && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        }

        @Override
        public void close() throws InterruptedException {
            done.set(true);
            thread.join();
            assertThat(failure.get()).isNull();
        }
    }
}
