package io.memstore.store.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreClosedException;
import io.memstore.store.StoreOptions;
import io.memstore.store.StoreTestSupport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read connections' hand-over: reads one after the other keep taking the same connection (the lowest idle
 * slot), reads at once take different ones, a read waits for a connection while all are taken, and a close waits
 * for the reads in progress and refuses later ones.
 */
class ReaderPoolTest {
    @TempDir
    Path dir;

    private ReaderPool pool(int connections) throws Exception {
        Path file = dir.resolve("pool.db");
        try (MvccStore store = MvccStore.open(file, StoreTestSupport.FAST)) {
            store.put(StoreTestSupport.b("k"), new byte[] {1});
        }
        return ReaderPool.open(file, new SqliteOptions(Durability.NORMAL, connections, StoreOptions.DEFAULT_SQLITE_CACHE_KIB));
    }

    @Test
    void readsOneAfterTheOtherTakeTheSameConnection() throws Exception {
        ReaderPool pool = pool(3);
        Set<Integer> slots = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            ReadConnection rc = pool.acquire();
            slots.add(rc.slot());
            pool.release(rc);
        }
        assertThat(slots).containsExactly(0);
        assertThat(pool.close()).isNull();
        assertThat(pool.allClosed()).isTrue();
    }

    @Test
    void readsAtOnceTakeDifferentConnectionsAndAFourthWaits() throws Exception {
        ReaderPool pool = pool(3);
        ReadConnection a = pool.acquire();
        ReadConnection b = pool.acquire();
        ReadConnection c = pool.acquire();
        assertThat(Set.of(a.slot(), b.slot(), c.slot())).containsExactlyInAnyOrder(0, 1, 2);
        CountDownLatch took = new CountDownLatch(1);
        int[] slot = {-1};
        Thread waiter = new Thread(() -> {
            ReadConnection d = pool.acquire();
            slot[0] = d.slot();
            took.countDown();
            pool.release(d);
        });
        waiter.start();
        Thread.sleep(200);
        assertThat(took.getCount()).as("a read while every connection is taken waits").isEqualTo(1);
        pool.release(b);
        waiter.join(10_000);
        assertThat(slot[0]).isEqualTo(b.slot());
        pool.release(a);
        pool.release(c);
        assertThat(pool.close()).isNull();
    }

    @Test
    void aCloseWaitsForTheReadInProgressAndRefusesLaterReads() throws Exception {
        ReaderPool pool = pool(2);
        ReadConnection held = pool.acquire();
        Thread reader = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool.release(held);
        });
        // timed from before the reader starts: its 300 ms hold begins later still, however busy the machine
        long start = System.nanoTime();
        reader.start();
        assertThat(pool.close()).isNull();
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms the close waited").isGreaterThanOrEqualTo(200);
        assertThat(pool.allClosed()).isTrue();
        assertThatThrownBy(pool::acquire).isInstanceOf(StoreClosedException.class);
        reader.join();
    }

    /**
     * A checkpoint that waits for every reader to leave the log, and runs past the writer's quiet time, while a
     * thread reads without a pause: the reads must keep no transaction meanwhile, or the reader's snapshot, begun
     * over frames of the log, would keep the checkpoint waiting for its busy timeout.
     */
    @Test
    void aSlowCheckpointRunsWhileEveryReadEndsItsTransaction() throws Exception {
        Path file = dir.resolve("slow.db");
        try (MvccStore store = MvccStore.open(file, StoreTestSupport.FAST)) {
            store.put(StoreTestSupport.b("k"), new byte[] {1});
        }
        long rev;
        try (Connection w = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = w.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT rev FROM kv_key")) {
                rs.next();
                rev = rs.getLong(1);
            }
            // frames in the log, which stays while a connection is open
            s.execute("CREATE TABLE frames (v BLOB)");
            s.execute("INSERT INTO frames VALUES (randomblob(100000))");
            ReaderPool pool = ReaderPool.open(file, new SqliteOptions(Durability.NORMAL, 1, StoreOptions.DEFAULT_SQLITE_CACHE_KIB));
            AtomicBoolean done = new AtomicBoolean();
            AtomicInteger reads = new AtomicInteger();
            Thread reader = new Thread(() -> {
                while (!done.get()) {
                    assertThat(pool.read(new long[] {rev})[0]).isNotNull();
                    reads.incrementAndGet();
                }
            });
            reader.start();
            try {
                int busy = pool.withoutHeldSnapshots(() -> {
                    try {
                        Thread.sleep(ReaderPool.QUIET_MILLIS + 100);
                        s.execute("PRAGMA busy_timeout = 3000");
                        try (ResultSet rs = s.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
                            rs.next();
                            return rs.getInt(1); // 1: a reader still used the log when the busy timeout ran out
                        }
                    } catch (SQLException | InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                assertThat(busy).isZero();
                assertThat(reads.get()).isPositive();
            } finally {
                done.set(true);
                reader.join();
                assertThat(pool.close()).isNull();
            }
        }
    }
}
