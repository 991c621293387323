package io.memstore.store;

import static io.memstore.store.StoreTestSupport.FAST;
import static io.memstore.store.StoreTestSupport.all;
import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.keys;
import static io.memstore.store.StoreTestSupport.queryLong;
import static io.memstore.store.StoreTestSupport.s;
import static io.memstore.store.StoreTestSupport.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.internal.index.ReferenceIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's semantics, case by case, in the spirit of etcd's kvstore_test and kv_test. */
class MvccStoreTest {
    @TempDir
    Path dir;
    Path file;
    MvccStore store;

    @BeforeEach
    void open() {
        file = dir.resolve("store.db");
        store = MvccStore.open(file, FAST);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void putsCreateRevisionsAndKeepVersions() {
        assertThat(store.currentRevision()).isZero();
        assertThat(store.put(b("a"), b("a1"))).isEqualTo(1);
        assertThat(store.put(b("a"), b("a2"))).isEqualTo(2);
        assertThat(store.put(b("b"), b("b1"))).isEqualTo(3);
        assertThat(store.currentRevision()).isEqualTo(3);

        assertThat(store.get(b("a"))).isEqualTo(new KeyValue(b("a"), b("a2"), 1, 2, 2));
        assertThat(store.get(b("a"), 1)).isEqualTo(new KeyValue(b("a"), b("a1"), 1, 1, 1));
        assertThat(store.get(b("b"), 2)).isNull();
        assertThat(store.get(b("b"), 3)).isEqualTo(new KeyValue(b("b"), b("b1"), 3, 3, 1));
        assertThat(store.get(b("nope"))).isNull();
    }

    @Test
    void rangeAtEveryOldRevision() {
        store.put(b("b"), b("1"));   // 1
        store.put(b("a"), b("2"));   // 2
        store.put(b("c"), b("3"));   // 3
        store.put(b("a"), b("4"));   // 4
        store.deleteRange(b("b"), null); // 5
        assertThat(keys(all(store, 0))).isEmpty();
        assertThat(keys(all(store, 1))).containsExactly("b");
        assertThat(keys(all(store, 2))).containsExactly("a", "b");
        assertThat(values(all(store, 3))).containsExactly("2", "1", "3");
        assertThat(values(all(store, 4))).containsExactly("4", "1", "3");
        assertThat(keys(all(store, 5))).containsExactly("a", "c");
        assertThat(all(store, 2).revision()).as("etcd's header revision: the current one").isEqualTo(5);
    }

    @Test
    void rangeBoundsFollowEtcdConventions() {
        for (String k : List.of("a", "b", "b\0", "c", "d", "\u00ff")) {
            store.put(b(k), b(k));
        }
        assertThat(keys(store.range(b("b"), null))).containsExactly("b");
        assertThat(keys(store.range(b("b"), b("d")))).containsExactly("b", "b\0", "c");
        assertThat(keys(store.range(b("c"), new byte[0]))).containsExactly("c", "d", "\u00ff");
        assertThat(keys(store.range(new byte[0], new byte[0]))).hasSize(6);
        assertThat(keys(store.range(b("d"), b("b")))).as("end before key").isEmpty();
        assertThat(keys(store.range(b("\u00ff"), new byte[0]))).as("unsigned order").containsExactly("\u00ff");
    }

    @Test
    void deleteSingleKeyAndNothing() {
        store.put(b("a"), b("1"));
        store.put(b("b"), b("2"));
        assertThat(store.deleteRange(b("a"), null)).isEqualTo(3);
        assertThat(store.get(b("a"))).isNull();
        assertThat(store.get(b("a"), 2)).isNotNull();
        assertThat(store.deleteRange(b("a"), null)).as("already deleted: no new revision").isEqualTo(3);
        assertThat(store.deleteRange(b("zzz"), new byte[0])).isEqualTo(3);
        assertThat(store.currentRevision()).isEqualTo(3);
    }

    @Test
    void deleteRangeAndToTheEndUseOneRevisionWithSubsInKeyOrder() {
        for (String k : List.of("d", "a", "c", "b", "e")) {
            store.put(b(k), b(k));
        }
        long rev = store.deleteRange(b("b"), b("d"));
        assertThat(rev).isEqualTo(6);
        assertThat(keys(store.range(new byte[0], new byte[0]))).containsExactly("a", "d", "e");
        // b then c: the tombstones are the subs 0 and 1 of revision 6
        assertThat(store.index().get(b("b"), 5).modRevision()).isEqualTo(Revision.pack(4, 0));
        assertThat(store.index().since(b("b"), 6)).containsExactly(Revision.pack(6, 0));
        assertThat(store.index().since(b("c"), 6)).containsExactly(Revision.pack(6, 1));

        assertThat(store.deleteRange(b("d"), new byte[0])).isEqualTo(7);
        assertThat(keys(store.range(new byte[0], new byte[0]))).containsExactly("a");
        assertThat(keys(all(store, 6))).containsExactly("a", "d", "e");
    }

    @Test
    void putAfterDeleteStartsANewGeneration() {
        store.put(b("k"), b("1"));
        store.put(b("k"), b("2"));
        store.deleteRange(b("k"), null);
        store.put(b("k"), b("3"));
        assertThat(store.get(b("k"))).isEqualTo(new KeyValue(b("k"), b("3"), 4, 4, 1));
        assertThat(store.get(b("k"), 2)).isEqualTo(new KeyValue(b("k"), b("2"), 1, 2, 2));
        assertThat(store.get(b("k"), 3)).isNull();
    }

    @Test
    void txnCommitsManySubsAsOneRevisionAndSeesItsOwnWrites() {
        store.put(b("old"), b("o"));  // 1
        store.put(b("x"), b("x1"));   // 2
        try (WriteTxn txn = store.write()) {
            assertThat(txn.revision()).isEqualTo(3);
            txn.put(b("a"), b("a1"));            // 3.0
            txn.put(b("a"), b("a2"));            // 3.1: version 2 within the txn
            txn.put(b("b"), b("b1"));            // 3.2
            assertThat(txn.deleteRange(b("b"), b("c"))).isEqualTo(1); // 3.3 sees b, put in this txn
            assertThat(txn.deleteRange(b("b"), null)).isZero();        // b is deleted already
            txn.put(b("b"), b("b2"));            // 3.4: new generation inside the txn
            assertThat(txn.deleteRange(b("x"), null)).isEqualTo(1);   // 3.5 an existing key
            txn.put(b("x"), b("x2"));            // 3.6
            txn.put(b("old"), b("o2"));          // 3.7
            assertThat(txn.commit()).isEqualTo(3);
        }
        assertThat(store.currentRevision()).isEqualTo(3);
        assertThat(store.get(b("a"))).isEqualTo(new KeyValue(b("a"), b("a2"), 3, 3, 2));
        assertThat(store.get(b("b"))).isEqualTo(new KeyValue(b("b"), b("b2"), 3, 3, 1));
        assertThat(store.get(b("x"))).isEqualTo(new KeyValue(b("x"), b("x2"), 3, 3, 1));
        assertThat(store.get(b("old"))).isEqualTo(new KeyValue(b("old"), b("o2"), 1, 3, 2));
        assertThat(store.index().get(b("a"), 3).modRevision()).isEqualTo(Revision.pack(3, 1));
        assertThat(store.index().get(b("b"), 3)).isEqualTo(new KeyState(Revision.pack(3, 4), Revision.pack(3, 4), 1));
        assertThat(store.index().get(b("old"), 3).modRevision()).isEqualTo(Revision.pack(3, 7));
        assertThat(keys(all(store, 2))).containsExactly("old", "x");
    }

    @Test
    void txnRangeDeleteCombinesIndexAndOwnChanges() {
        store.put(b("k1"), b("1"));
        store.put(b("k3"), b("3"));
        try (WriteTxn txn = store.write()) {
            txn.put(b("k2"), b("2"));
            txn.deleteRange(b("k3"), null);
            assertThat(txn.deleteRange(b("k"), new byte[0])).as("k1 from the index, k2 from the txn").isEqualTo(2);
            txn.commit();
        }
        assertThat(keys(store.range(new byte[0], new byte[0]))).isEmpty();
        assertThat(store.index().since(b("k1"), 3)).containsExactly(Revision.pack(3, 2));
        assertThat(store.index().since(b("k2"), 3)).containsExactly(Revision.pack(3, 3));
    }

    @Test
    void txnClosedWithoutCommitChangesNothing() {
        store.put(b("a"), b("1"));
        try (WriteTxn txn = store.write()) {
            txn.put(b("a"), b("2"));
            txn.put(b("b"), b("2"));
            txn.deleteRange(new byte[0], new byte[0]);
        }
        assertThat(store.currentRevision()).isEqualTo(1);
        assertThat(keys(store.range(new byte[0], new byte[0]))).containsExactly("a");
        assertThat(store.put(b("c"), b("3"))).as("the rolled back revision is reused").isEqualTo(2);
    }

    @Test
    void txnWithoutEffectiveChangeKeepsTheRevision() {
        store.put(b("a"), b("1"));
        try (WriteTxn txn = store.write()) {
            assertThat(txn.deleteRange(b("zz"), null)).isZero();
            assertThat(txn.commit()).isEqualTo(1);
        }
        assertThat(store.currentRevision()).isEqualTo(1);
    }

    @Test
    void txnMisuseIsRefused() {
        WriteTxn txn = store.write();
        txn.put(b("a"), b("1"));
        assertThatThrownBy(() -> store.put(b("b"), b("1"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("WriteTxn open");
        assertThatThrownBy(() -> store.compact(1)).isInstanceOf(IllegalStateException.class);
        txn.commit();
        assertThatThrownBy(txn::commit).isInstanceOf(IllegalStateException.class).hasMessageContaining("already committed");
        assertThatThrownBy(() -> txn.put(b("c"), b("1"))).isInstanceOf(IllegalStateException.class);
        txn.close(); // idempotent
        assertThat(store.put(b("b"), b("1"))).isEqualTo(2);
    }

    @Test
    void txnOfAnotherThreadIsRefused() throws Exception {
        try (WriteTxn txn = store.write()) {
            AtomicReference<Throwable> seen = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    txn.put(b("a"), b("1"));
                } catch (Throwable e) {
                    seen.set(e);
                }
            });
            t.start();
            t.join();
            assertThat(seen.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("thread");
        }
    }

    @Test
    void limitsAndCounts() {
        for (int i = 0; i < 10; i++) {
            store.put(b("k" + i), b("v" + i));
        }
        store.deleteRange(b("k0"), null); // 11
        RangeResult r = store.range(b("k"), new byte[0], RangeOptions.latest().limit(3));
        assertThat(keys(r)).containsExactly("k1", "k2", "k3");
        assertThat(r.count()).isEqualTo(3);
        assertThat(r.more()).isTrue();

        r = store.range(b("k"), new byte[0], RangeOptions.latest().limit(3).countTotal());
        assertThat(r.kvs()).hasSize(3);
        assertThat(r.count()).isEqualTo(9);
        assertThat(r.more()).isTrue();

        r = store.range(b("k"), new byte[0], RangeOptions.atRevision(5).limit(5).countTotal());
        assertThat(keys(r)).containsExactly("k0", "k1", "k2", "k3", "k4");
        assertThat(r.count()).isEqualTo(5);
        assertThat(r.more()).isFalse();

        r = store.range(b("k"), new byte[0], RangeOptions.latest().limit(0));
        assertThat(r.kvs()).hasSize(9);
        assertThat(r.more()).isFalse();
    }

    @Test
    void largeRangesReadEveryRecord() {
        try (WriteTxn txn = store.write()) {
            for (int i = 0; i < 1000; i++) {
                txn.put(b(String.format("key%04d", i)), b("v" + i));
            }
            txn.commit();
        }
        RangeResult r = store.range(new byte[0], new byte[0]);
        assertThat(r.kvs()).hasSize(1000);
        for (int i = 0; i < 1000; i++) {
            assertThat(s(r.kvs().get(i).value())).isEqualTo("v" + i);
        }
    }

    @Test
    void compactionKeepsWhatReadsAtAndAfterItNeed() {
        store.put(b("a"), b("a1"));   // 1
        store.put(b("b"), b("b1"));   // 2
        store.put(b("a"), b("a2"));   // 3
        store.deleteRange(b("b"), null); // 4
        store.put(b("c"), b("c1"));   // 5
        store.put(b("a"), b("a3"));   // 6
        List<RangeResult> before = new ArrayList<>();
        for (long rev = 0; rev <= 6; rev++) {
            before.add(all(store, rev));
        }
        assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(6);

        store.compact(4);
        assertThat(store.compactedRevision()).isEqualTo(4);
        assertThatThrownBy(() -> all(store, 3)).isInstanceOf(CompactedRevisionException.class)
                .hasMessageContaining("revision 3 has been compacted").hasMessageContaining("4");
        for (long rev = 4; rev <= 6; rev++) {
            assertThat(all(store, rev)).as("at %d", rev).isEqualTo(before.get((int) rev));
        }
        // a1, b1 and b's tombstone are gone; a2 (needed at 4 and 5), c1, a3 stay
        assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(3);
        assertThat(queryLong(file, "SELECT value FROM meta WHERE name = 'finished_compaction'")).isEqualTo(4);

        assertThatThrownBy(() -> store.compact(4)).isInstanceOf(CompactedRevisionException.class);
        assertThatThrownBy(() -> store.compact(2)).isInstanceOf(CompactedRevisionException.class);
        assertThatThrownBy(() -> store.compact(7)).isInstanceOf(FutureRevisionException.class)
                .hasMessageContaining("current revision is 6");
        store.compact(6);
        assertThat(all(store, 6)).isEqualTo(before.get(6));
        assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isEqualTo(2);
    }

    @Test
    void compactionAtTheCurrentRevisionAfterDeletingEverything() {
        store.put(b("a"), b("1"));
        store.deleteRange(b("a"), null);
        store.compact(2);
        assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).isZero();
        assertThat(all(store, 2).kvs()).isEmpty();
        assertThat(store.put(b("a"), b("2"))).isEqualTo(3);
        assertThat(store.get(b("a"))).isEqualTo(new KeyValue(b("a"), b("2"), 3, 3, 1));
    }

    @Test
    void futureRevisions() {
        store.put(b("a"), b("1"));
        assertThatThrownBy(() -> all(store, 2)).isInstanceOf(FutureRevisionException.class)
                .hasMessageContaining("revision 2 is in the future (current revision is 1)");
        assertThat(all(store, 1).kvs()).hasSize(1);
    }

    @Test
    void badInputIsRefusedWithClearMessages() {
        assertThatThrownBy(() -> store.put(null, b("v"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key must not be null");
        assertThatThrownBy(() -> store.put(new byte[0], b("v"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key must not be empty");
        assertThatThrownBy(() -> store.put(new byte[16 * 1024 + 1], b("v"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key is 16385 B, above the limit of 16384 B");
        store.put(new byte[16 * 1024], b("v")); // exactly at the limit
        assertThatThrownBy(() -> store.put(b("k"), null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("value must not be null");
        assertThat(store.put(b("empty"), new byte[0])).isEqualTo(2);
        assertThat(store.get(b("empty")).value()).isEmpty();
        assertThatThrownBy(() -> store.range(null, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.range(new byte[0], null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("empty end");
        assertThatThrownBy(() -> store.deleteRange(new byte[0], null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RangeOptions.atRevision(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("RangeOptions.latest()");
        assertThatThrownBy(() -> StoreOptions.defaults().maxKeySize(StoreOptions.MAX_KEY_SIZE_LIMIT + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxKeySize must be in 1..1048576 B");
        assertThatThrownBy(() -> StoreOptions.defaults().batchLimit(0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(store.currentRevision()).as("refused writes change nothing").isEqualTo(2);
    }

    @Test
    void valueLimitIsASetting(@TempDir Path other) {
        try (MvccStore small = MvccStore.open(other.resolve("small.db"), FAST.maxValueSize(10))) {
            small.put(b("k"), new byte[10]);
            assertThatThrownBy(() -> small.put(b("k"), new byte[11])).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("value is 11 B, above the limit of 10 B (StoreOptions.maxValueSize");
        }
    }

    @Test
    void callerArraysAreCopied() {
        byte[] key = b("k");
        byte[] value = b("v1");
        store.put(key, value);
        key[0] = 'x';
        value[0] = 'x';
        assertThat(s(store.get(b("k")).value())).isEqualTo("v1");
        store.get(b("k")).value()[0] = 'y';
        assertThat(s(store.get(b("k")).value())).isEqualTo("v1");
    }

    @Test
    void aLimitOfZeroOrBelowMeansNoLimit() {
        for (int i = 0; i < 5; i++) {
            store.put(b("k" + i), b("v" + i));
        }
        for (int limit : new int[] {0, -1, Integer.MIN_VALUE}) {
            RangeResult r = store.range(b("k"), new byte[0], RangeOptions.latest().limit(limit));
            assertThat(keys(r)).as("limit %d", limit).containsExactly("k0", "k1", "k2", "k3", "k4");
            assertThat(r.more()).isFalse();
            assertThat(RangeOptions.latest().limit(limit).limit()).isZero();
        }
        assertThat(keys(store.range(b("k"), new byte[0], RangeOptions.latest().limit(2)))).containsExactly("k0", "k1");
    }

    @Test
    void useAfterCloseIsRefused() {
        store.put(b("a"), b("1"));
        store.close();
        store.close(); // idempotent
        assertThat(store.isClosed()).isTrue();
        assertThatThrownBy(() -> store.put(b("a"), b("2"))).isInstanceOf(StoreClosedException.class)
                .hasMessageContaining(file.getFileName().toString()).hasMessageContaining("is closed");
        assertThatThrownBy(() -> store.get(b("a"))).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(() -> store.write()).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(() -> store.compact(1)).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(() -> store.flush()).isInstanceOf(StoreClosedException.class);
    }

    @Test
    void aFileIsOpenedOncePerJvm() {
        assertThatThrownBy(() -> MvccStore.open(file)).isInstanceOf(StoreException.class)
                .hasMessageContaining("already open in this JVM");
        assertThatThrownBy(() -> MvccStore.open(dir.resolve("x/../store.db"))).isInstanceOf(StoreException.class)
                .hasMessageContaining("already open");
    }

    @Test
    void fileSizeCountsDatabaseAndLog() {
        long empty = store.fileSize();
        for (int i = 0; i < 100; i++) {
            store.put(b("k" + i), new byte[1000]);
        }
        assertThat(store.fileSize()).isGreaterThan(empty + 100 * 1000);
    }

    @Test
    void indexFactoryIsUsedAndMustGiveAnEmptyIndex(@TempDir Path other) {
        ReferenceIndex mine = new ReferenceIndex();
        try (MvccStore s2 = MvccStore.open(other.resolve("a.db"), FAST.indexFactory(() -> mine))) {
            s2.put(b("k"), b("v"));
            assertThat(s2.index()).isSameAs(mine);
            assertThat(mine.keyCount()).isEqualTo(1);
        }
        assertThatThrownBy(() -> MvccStore.open(other.resolve("b.db"), FAST.indexFactory(() -> mine)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("new, empty index");
    }

    /** Small batches and a 1 ms interval: reads race buffer swaps and background flushes all the time. */
    private static final StoreOptions BUSY_DEFERRED = StoreOptions.defaults().durability(Durability.DEFERRED)
            .batchLimit(3).batchInterval(java.time.Duration.ofMillis(1));

    @Test
    void readersRunConcurrentlyWithTheWriterAndSeeCommittedRevisionsOnly() throws Exception {
        readersSeeCommittedRevisionsOnly(store);
    }

    @Test
    void readersRunConcurrentlyWithDeferredFlushes(@TempDir Path other) throws Exception {
        try (MvccStore deferred = MvccStore.open(other.resolve("d.db"), BUSY_DEFERRED)) {
            readersSeeCommittedRevisionsOnly(deferred);
        }
    }

    @Test
    void readsRacingACompactionGetTheRightAnswerOrCompactedRevision() throws Exception {
        readsRacingCompaction(store);
    }

    @Test
    void readsRacingACompactionWithDeferredFlushes(@TempDir Path other) throws Exception {
        try (MvccStore deferred = MvccStore.open(other.resolve("d.db"), BUSY_DEFERRED)) {
            readsRacingCompaction(deferred);
        }
    }

    private static void readersSeeCommittedRevisionsOnly(MvccStore store) throws Exception {
        // the value of key k_i at revision r is "r": a reader can check any answer against its revision
        int writes = 1500;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] readers = new Thread[2];
        for (int t = 0; t < readers.length; t++) {
            readers[t] = new Thread(() -> {
                try {
                    while (store.currentRevision() < writes && failure.get() == null) {
                        long rev = store.currentRevision();
                        RangeResult r = all(store, rev);
                        assertThat(r.kvs().size()).isEqualTo((int) Math.min(rev, 10));
                        long newest = r.kvs().stream().mapToLong(KeyValue::modRevision).max().orElse(0);
                        assertThat(newest).isEqualTo(rev);
                        for (KeyValue kv : r.kvs()) {
                            assertThat(s(kv.value())).isEqualTo(Long.toString(kv.modRevision()));
                        }
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            readers[t].start();
        }
        for (int i = 1; i <= writes; i++) {
            store.put(b("k" + (i % 10)), b(Long.toString(i)));
        }
        for (Thread t : readers) {
            t.join();
        }
        assertThat(failure.get()).isNull();
    }

    private static void readsRacingCompaction(MvccStore store) throws Exception {
        for (int i = 1; i <= 400; i++) {
            store.put(b("k" + (i % 20)), b(Long.toString(i)));
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                for (long rev = 1; rev <= 400 && failure.get() == null; rev++) {
                    try {
                        RangeResult r = all(store, rev);
                        assertThat(r.kvs().size()).isEqualTo((int) Math.min(rev, 20));
                        for (KeyValue kv : r.kvs()) {
                            assertThat(kv.modRevision()).isLessThanOrEqualTo(rev);
                            assertThat(s(kv.value())).isEqualTo(Long.toString(kv.modRevision()));
                        }
                    } catch (CompactedRevisionException expected) {
                        assertThat(expected.requested()).isLessThan(expected.compacted());
                    }
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        reader.start();
        for (long c = 20; c <= 400; c += 20) {
            store.compact(c);
        }
        reader.join();
        assertThat(failure.get()).isNull();
    }
}
