package io.memstore.store.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.Revision;
import io.memstore.store.StoreOptions;
import io.memstore.store.StoreTestSupport;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReaderPool#withoutReads}, on which the writer truncates a long log: its work runs only with every connection
 * out of the pool, a read that begins meanwhile waits for the work to end, and a read that outlasts the wait keeps
 * the work from running and leaves the pool as it was.
 */
class ReaderPoolWithoutReadsTest {
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
    void theWorkWaitsForTheReadInProgressAndAReadBegunMeanwhileWaitsForTheWork() throws Exception {
        ReaderPool pool = pool(3);
        ReadConnection inProgress = pool.acquire();
        AtomicBoolean workRan = new AtomicBoolean();
        AtomicBoolean readDuringWork = new AtomicBoolean();
        CountDownLatch workBegan = new CountDownLatch(1);
        CountDownLatch readBegan = new CountDownLatch(1);
        CountDownLatch readTook = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            readBegan.countDown();
            ReadConnection rc = pool.acquire();
            readTook.countDown();
            pool.release(rc);
        });
        boolean[] result = new boolean[1];
        Thread writer = new Thread(() -> result[0] = pool.withoutReads(60_000, () -> {
            workBegan.countDown();
            reader.start();
            try {
                readBegan.await();
                // the read has begun; it must not get a connection before the work ends
                readDuringWork.set(readTook.await(300, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            workRan.set(true);
            return true;
        }));
        writer.start();
        assertThat(workBegan.await(300, TimeUnit.MILLISECONDS)).as("the work began while a read held a connection")
                .isFalse();
        pool.release(inProgress);
        writer.join(60_000);
        reader.join(60_000);
        assertThat(workRan).isTrue();
        assertThat(result[0]).isTrue();
        assertThat(readDuringWork).as("a read got a connection while the work ran").isFalse();
        assertThat(readTook.getCount()).as("the read went on after the work").isZero();
        assertThat(pool.close()).isNull();
        assertThat(pool.allClosed()).isTrue();
    }

    @Test
    void aReadLongerThanTheWaitKeepsTheWorkFromRunningAndThePoolWhole() throws Exception {
        ReaderPool pool = pool(3);
        ReadConnection longRead = pool.acquire();
        AtomicBoolean workRan = new AtomicBoolean();
        assertThat(pool.withoutReads(200, () -> workRan.getAndSet(true) || true)).isFalse();
        assertThat(workRan).isFalse();
        // the two other connections went back: two reads at once get them while the long read goes on
        ReadConnection a = pool.acquire();
        ReadConnection b = pool.acquire();
        Set<Integer> slots = new HashSet<>(Set.of(longRead.slot(), a.slot(), b.slot()));
        assertThat(slots).containsExactlyInAnyOrder(0, 1, 2);
        pool.release(a);
        pool.release(b);
        pool.release(longRead);
        assertThat(pool.withoutReads(60_000, () -> workRan.getAndSet(true) || true)).isTrue();
        assertThat(workRan).isTrue();
        assertThat(pool.close()).isNull();
        assertThat(pool.allClosed()).isTrue();
    }

    @Test
    void theWorkEndsAHeldSnapshotOfAnIdleConnection() throws Exception {
        ReaderPool pool = pool(2);
        ReadConnection rc = pool.acquire();
        rc.beginRead(0, true); // a read transaction kept while the writer is quiet
        long rev = Revision.pack(1, 0);
        assertThat(rc.readValue(rev, StoreTestSupport.b("k"), rev, 1)).containsExactly(1);
        pool.release(rc);
        assertThat(rc.staleAt(1)).as("the idle connection holds its transaction").isTrue();
        assertThat(pool.withoutReads(60_000, () -> !rc.staleAt(1))).as("no transaction held during the work").isTrue();
        assertThat(pool.close()).isNull();
    }
}
