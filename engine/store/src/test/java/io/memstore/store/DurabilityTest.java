package io.memstore.store;

import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.crashCopy;
import static io.memstore.store.StoreTestSupport.keys;
import static io.memstore.store.StoreTestSupport.queryLong;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What each durability mode promises. A "crash copy" copies the database and its WAL while the store is open,
 * which is what a killed process leaves behind: opening the copy shows what survived.
 */
class DurabilityTest {
    @TempDir
    Path dir;

    private static final StoreOptions NO_AUTO_FLUSH = StoreOptions.defaults().durability(Durability.DEFERRED)
            .batchLimit(StoreOptions.MAX_BATCH_LIMIT).batchInterval(Duration.ofHours(1));

    @Test
    void defaultIsFull() {
        assertThat(StoreOptions.defaults().durability()).isEqualTo(Durability.FULL);
    }

    @ParameterizedTest
    @EnumSource(Durability.class)
    void everyModeKeepsCommitsAcrossCloseAndReopen(Durability mode) {
        Path file = dir.resolve(mode + ".db");
        StoreOptions options = StoreOptions.defaults().durability(mode);
        try (MvccStore store = MvccStore.open(file, options)) {
            for (int i = 0; i < 20; i++) {
                store.put(b("k" + i % 7), b("v" + i));
            }
            store.deleteRange(b("k3"), null);
            store.compact(10);
            store.put(b("k3"), b("again"));
        }
        try (MvccStore store = MvccStore.open(file, options)) {
            assertThat(store.currentRevision()).isEqualTo(22);
            assertThat(store.compactedRevision()).isEqualTo(10);
            assertThat(store.get(b("k3"))).isEqualTo(new KeyValue(b("k3"), b("again"), 22, 22, 1));
            assertThat(store.get(b("k5"))).isEqualTo(new KeyValue(b("k5"), b("v19"), 6, 20, 3));
        }
    }

    @ParameterizedTest
    @EnumSource(value = Durability.class, names = {"FULL", "NORMAL"})
    void immediateModesHaveEveryCommitInTheFileWhenCommitReturns(Durability mode) {
        Path file = dir.resolve(mode + ".db");
        try (MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(mode))) {
            for (int i = 1; i <= 5; i++) {
                store.put(b("k" + i), b("v" + i));
                Path copy = crashCopy(file, dir);
                try (MvccStore after = MvccStore.open(copy, StoreOptions.defaults().durability(mode))) {
                    assertThat(after.currentRevision()).isEqualTo(i);
                    assertThat(after.get(b("k" + i)).value()).isEqualTo(b("v" + i));
                }
            }
        }
    }

    @Test
    void deferredCommitsAreReadableAtOnceAndDurableAfterFlush() {
        Path file = dir.resolve("deferred.db");
        try (MvccStore store = MvccStore.open(file, NO_AUTO_FLUSH)) {
            store.put(b("a"), b("1"));
            store.put(b("a"), b("2"));
            store.put(b("b"), b("1"));
            store.deleteRange(b("b"), null);
            // readers see buffered revisions, old ones included
            assertThat(store.get(b("a"), 1).value()).isEqualTo(b("1"));
            assertThat(store.get(b("a")).value()).isEqualTo(b("2"));
            assertThat(store.get(b("b"), 3)).isNotNull();
            assertThat(store.get(b("b"))).isNull();

            try (MvccStore lost = MvccStore.open(crashCopy(file, dir), NO_AUTO_FLUSH)) {
                assertThat(lost.currentRevision()).as("a crash loses the unflushed batch, nothing else").isZero();
            }
            store.flush();
            try (MvccStore kept = MvccStore.open(crashCopy(file, dir), NO_AUTO_FLUSH)) {
                assertThat(kept.currentRevision()).isEqualTo(4);
                assertThat(kept.get(b("a"), 1).value()).isEqualTo(b("1"));
                assertThat(kept.get(b("b"))).isNull();
            }
            // reads still answer from SQLite once the buffer is gone
            assertThat(store.get(b("a"), 1).value()).isEqualTo(b("1"));
            store.put(b("c"), b("1"));
        }
        try (MvccStore store = MvccStore.open(file, NO_AUTO_FLUSH)) {
            assertThat(store.currentRevision()).as("close flushes").isEqualTo(5);
        }
    }

    @Test
    void deferredFlushesEveryBatchLimitRevisions() {
        Path file = dir.resolve("limit.db");
        try (MvccStore store = MvccStore.open(file, NO_AUTO_FLUSH.batchLimit(10))) {
            for (int i = 1; i <= 25; i++) {
                store.put(b("k" + i), b("v"));
            }
            // full batches are written in the background: wait for the second one
            awaitFileRevision(file, 20);
            assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).as("the last 5 stay buffered").isEqualTo(20);
            assertThat(keys(store.range(new byte[0], new byte[0]))).hasSize(25);
        }
    }

    @Test
    void deferredFlushesEveryBatchInterval() {
        Path file = dir.resolve("interval.db");
        StoreOptions options = NO_AUTO_FLUSH.batchInterval(Duration.ofMillis(20));
        try (MvccStore store = MvccStore.open(file, options)) {
            store.put(b("a"), b("1"));
            awaitFileRevision(file, 1);
            assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(1);
            assertThat(store.lastFlushFailure()).isNull();
        }
    }

    /**
     * Waits for the file's committed current revision to reach {@code rev}, then checks it is exact. The 60 s are only
     * against a flush that never comes: a busy machine may take seconds to run the flush thread.
     */
    private static void awaitFileRevision(Path file, long rev) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String sql = "SELECT value FROM meta WHERE name = 'current_revision'";
        while (queryLong(file, sql) < rev && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertThat(queryLong(file, sql)).isEqualTo(rev);
    }

    @Test
    void deferredCompactionWritesTheBufferFirst() {
        Path file = dir.resolve("compact.db");
        try (MvccStore store = MvccStore.open(file, NO_AUTO_FLUSH)) {
            for (int i = 1; i <= 10; i++) {
                store.put(b("k"), b("v" + i));
            }
            store.compact(8);
            assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(3);
            assertThat(store.get(b("k"), 8).value()).isEqualTo(b("v8"));
            store.put(b("k"), b("v11"));
            assertThat(store.get(b("k"), 10).value()).isEqualTo(b("v10"));
        }
    }
}
