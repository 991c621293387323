package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.IndexRange;
import io.memstore.store.KeyNotFoundException;
import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Behaviour of {@link BTreeIndex}: the cases of etcd's key_index_test.go / index_test.go (with the compaction
 * rules of {@link KeyIndex}, checked against {@link ReferenceIndex} as well), the packed layout's corner cases
 * (generation headers, prefixes, unsigned order) and the tree's structure (splits, merges, removal).
 */
class BTreeIndexTest {
    private static final byte[] FOO = k("foo");

    private static byte[] k(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static long r(long main) {
        return Revision.pack(main, 0);
    }

    private static long r(long main, long sub) {
        return Revision.pack(main, sub);
    }

    private static KeyState state(long mod, long created, long version) {
        return new KeyState(mod, created, version);
    }

    /**
     * etcd's newTestKeyIndex: put 2, 4, tombstone 6, put 8, 10, tombstone 12, put 14, 15.1, tombstone 16.
     */
    private static <T extends RevisionIndex> T fixture(T index) {
        index.put(FOO, r(2));
        index.put(FOO, r(4));
        index.tombstone(FOO, r(6));
        index.put(FOO, r(8));
        index.put(FOO, r(10));
        index.tombstone(FOO, r(12));
        index.put(FOO, r(14));
        index.put(FOO, r(15, 1));
        index.tombstone(FOO, r(16));
        return index;
    }

    private static List<Supplier<RevisionIndex>> bothIndexes() {
        return List.of(BTreeIndex::new, ReferenceIndex::new);
    }

    private static String describe(RevisionIndex index, byte[] key) {
        return index instanceof BTreeIndex b ? b.describe(key) : ((ReferenceIndex) index).describe(key);
    }

    // ------------------------------------------------------------------------------------------ etcd's cases

    @Test
    void getFindsTheGenerationAliveAtEachRevision() {
        // etcd TestKeyIndexGet: compacted at 4, then read at every revision
        Object[][] cases = {
                {17, null}, {16, null},
                {15, state(r(15, 1), r(14), 2)}, {14, state(r(14), r(14), 1)},
                {13, null}, {12, null},
                {11, state(r(10), r(8), 2)}, {10, state(r(10), r(8), 2)},
                {9, state(r(8), r(8), 1)}, {8, state(r(8), r(8), 1)},
                {7, null}, {6, null},
                {5, state(r(4), r(2), 2)}, {4, state(r(4), r(2), 2)},
                {3, null}, {2, null}, {1, null}, {0, null},
        };
        for (Supplier<RevisionIndex> make : bothIndexes()) {
            RevisionIndex index = fixture(make.get());
            index.compact(4);
            for (Object[] c : cases) {
                assertThat(index.get(FOO, (int) c[0])).as("%s at %s", index.getClass().getSimpleName(), c[0])
                        .isEqualTo(c[1]);
            }
        }
    }

    @Test
    void sinceListsTheLastChangeOfEachTransaction() {
        // etcd TestKeyIndexSince
        long[] all = {r(4), r(6), r(8), r(10), r(12), r(14), r(15, 1), r(16)};
        int[][] cases = {{17, 8}, {16, 7}, {15, 6}, {14, 5}, {13, 5}, {12, 4}, {11, 4}, {10, 3}, {9, 3}, {8, 2},
                {7, 2}, {6, 1}, {5, 1}, {4, 0}, {3, 0}, {2, 0}, {1, 0}, {0, 0}};
        BTreeIndex index = fixture(new BTreeIndex());
        index.compact(4);
        for (int[] c : cases) {
            assertThat(index.since(FOO, c[0])).as("since %d", c[0]).containsExactly(Arrays.copyOfRange(all, c[1], 8));
        }
        assertThat(index.since(k("absent"), 0)).isEmpty();
    }

    @Test
    void sinceKeepsOnlyTheLastSubRevisionOfATransaction() {
        BTreeIndex index = new BTreeIndex();
        index.put(FOO, r(3, 0));
        index.put(FOO, r(3, 4));
        index.tombstone(FOO, r(3, 7));
        index.put(FOO, r(5, 1));
        assertThat(index.since(FOO, 3)).containsExactly(r(3, 7), r(5, 1));
        assertThat(index.since(FOO, 4)).containsExactly(r(5, 1));
    }

    @Test
    void putAndTombstoneBuildGenerations() {
        // etcd TestKeyIndexPut / TestKeyIndexTombstone
        BTreeIndex index = new BTreeIndex();
        index.put(FOO, r(5));
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=5.0, {created=5.0, ver=1, revs=[5.0]}}");
        index.put(FOO, r(7));
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=7.0, {created=5.0, ver=2, revs=[5.0 7.0]}}");
        index.tombstone(FOO, r(9));
        index.put(FOO, r(10));
        index.put(FOO, r(11));
        index.tombstone(FOO, r(15));
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=15.0, {created=5.0, ver=3, revs=[5.0 7.0 9.0]},"
                + " {created=10.0, ver=3, revs=[10.0 11.0 15.0]}, {created=0.0, ver=0, revs=[]}}");
        assertThatThrownBy(() -> index.tombstone(FOO, r(16))).isInstanceOf(KeyNotFoundException.class)
                .hasMessageContaining("not live");
        assertThat(index.keyCount()).isEqualTo(1);
        assertThat(index.revisionCount()).isEqualTo(6);
    }

    /** KeyIndex's compaction of etcd's fixture at 1..17: the remaining history and the kept revision. */
    private static final Object[][] COMPACTIONS = {
            {1, "{created=2.0, ver=3, revs=[2.0 4.0 6.0]}, {created=8.0, ver=3, revs=[8.0 10.0 12.0]}, "
                    + "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[0]},
            {2, "{created=2.0, ver=3, revs=[2.0 4.0 6.0]}, {created=8.0, ver=3, revs=[8.0 10.0 12.0]}, "
                    + "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[] {r(2)}},
            {3, "{created=2.0, ver=3, revs=[2.0 4.0 6.0]}, {created=8.0, ver=3, revs=[8.0 10.0 12.0]}, "
                    + "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[] {r(2)}},
            {4, "{created=2.0, ver=3, revs=[4.0 6.0]}, {created=8.0, ver=3, revs=[8.0 10.0 12.0]}, "
                    + "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[] {r(4)}},
            {5, "{created=2.0, ver=3, revs=[4.0 6.0]}, {created=8.0, ver=3, revs=[8.0 10.0 12.0]}, "
                    + "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[] {r(4)}},
            // a tombstone at the compaction revision goes with its generation (KeyIndex; etcd >= 3.6 keeps it)
            {6, "{created=8.0, ver=3, revs=[8.0 10.0 12.0]}, {created=14.0, ver=3, revs=[14.0 15.1 16.0]}, "
                    + "{created=0.0, ver=0, revs=[]}", new long[0]},
            {7, "{created=8.0, ver=3, revs=[8.0 10.0 12.0]}, {created=14.0, ver=3, revs=[14.0 15.1 16.0]}, "
                    + "{created=0.0, ver=0, revs=[]}", new long[0]},
            {8, "{created=8.0, ver=3, revs=[8.0 10.0 12.0]}, {created=14.0, ver=3, revs=[14.0 15.1 16.0]}, "
                    + "{created=0.0, ver=0, revs=[]}", new long[] {r(8)}},
            {9, "{created=8.0, ver=3, revs=[8.0 10.0 12.0]}, {created=14.0, ver=3, revs=[14.0 15.1 16.0]}, "
                    + "{created=0.0, ver=0, revs=[]}", new long[] {r(8)}},
            {10, "{created=8.0, ver=3, revs=[10.0 12.0]}, {created=14.0, ver=3, revs=[14.0 15.1 16.0]}, "
                    + "{created=0.0, ver=0, revs=[]}", new long[] {r(10)}},
            {11, "{created=8.0, ver=3, revs=[10.0 12.0]}, {created=14.0, ver=3, revs=[14.0 15.1 16.0]}, "
                    + "{created=0.0, ver=0, revs=[]}", new long[] {r(10)}},
            {12, "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[0]},
            {13, "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[0]},
            {14, "{created=14.0, ver=3, revs=[14.0 15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[] {r(14)}},
            {15, "{created=14.0, ver=3, revs=[15.1 16.0]}, {created=0.0, ver=0, revs=[]}", new long[] {r(15, 1)}},
            {16, null, new long[0]},
            {17, null, new long[0]},
    };

    private static String history(Object record) {
        return record == null ? null : "KeyIndex{modified=16.0, " + record + "}";
    }

    @Test
    void continuousCompactionFollowsKeyIndex() {
        // etcd TestKeyIndexCompactAndKeep, "continuous compaction": keep first (changes nothing), then compact
        for (Supplier<RevisionIndex> make : bothIndexes()) {
            RevisionIndex index = fixture(make.get());
            for (Object[] c : COMPACTIONS) {
                int at = (int) c[0];
                String before = describe(index, FOO);
                assertThat(index.keep(at)).as("keep %d", at).containsExactly((long[]) c[2]);
                assertThat(describe(index, FOO)).isEqualTo(before);
                assertThat(index.compact(at)).as("compact %d", at).containsExactly((long[]) c[2]);
                assertThat(describe(index, FOO)).as("after compact %d", at).isEqualTo(history(c[1]));
            }
            assertThat(index.keyCount()).isZero();
            assertThat(index.revisionCount()).isZero();
        }
    }

    @Test
    void oneCompactionFromTheFullHistoryFollowsKeyIndex() {
        // etcd "once compaction": every record from a fresh fixture
        for (Object[] c : COMPACTIONS) {
            int at = (int) c[0];
            BTreeIndex index = fixture(new BTreeIndex());
            assertThat(index.keep(at)).as("keep %d", at).containsExactly((long[]) c[2]);
            assertThat(index.compact(at)).as("compact %d", at).containsExactly((long[]) c[2]);
            assertThat(index.describe(FOO)).as("after compact %d", at).isEqualTo(history(c[1]));
            index.checkInvariants();
        }
    }

    @Test
    void compactionBeyondTheLastChangeKeepsTheLiveRevision() {
        // etcd TestKeyIndexCompactOnFurtherRev
        BTreeIndex index = new BTreeIndex();
        index.put(FOO, r(1));
        index.put(FOO, r(2));
        assertThat(index.compact(3)).containsExactly(r(2));
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=2.0, {created=1.0, ver=2, revs=[2.0]}}");
        assertThat(index.get(FOO, 3)).isEqualTo(state(r(2), r(1), 2));
    }

    @Test
    void deleteAndRecreateInTheCompactedTransactionMatchesKeyIndex() {
        // etcd TestKeyIndexCompactAndKeepOnRecreatedRev, case 1: the tombstone's generation goes, and the put
        // again in the same transaction is the live record that must stay (as in etcd >= 3.6).
        for (Supplier<RevisionIndex> make : bothIndexes()) {
            RevisionIndex index = make.get();
            index.put(FOO, r(3, 89));
            index.tombstone(FOO, r(4, 0));
            index.put(FOO, r(4, 145));
            assertThat(index.keep(4)).containsExactly(r(4, 145));
            assertThat(index.compact(4)).containsExactly(r(4, 145));
            assertThat(describe(index, FOO))
                    .isEqualTo("KeyIndex{modified=4.145, {created=4.145, ver=1, revs=[4.145]}}");
            assertThat(index.get(FOO, 4)).isEqualTo(state(r(4, 145), r(4, 145), 1));
        }
    }

    // ------------------------------------------------------------------------------------------ restore, headers

    @Test
    void restoreStartsAGenerationWithItsCreatedRevisionAndVersion() {
        // etcd TestKeyIndexRestore
        BTreeIndex index = new BTreeIndex();
        index.restore(FOO, r(5), r(7), 2);
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=7.0, {created=5.0, ver=2, revs=[7.0]}}");
        assertThat(index.get(FOO, 7)).isEqualTo(state(r(7), r(5), 2));
        assertThat(index.get(FOO, 6)).isNull();
        index.restore(FOO, r(1), r(9), 99); // the key is live: a plain put
        assertThat(index.get(FOO, 9)).isEqualTo(state(r(9), r(5), 3));
        index.tombstone(FOO, r(10));
        index.restore(FOO, r(11), r(12), 4); // a new generation after the tombstone
        assertThat(index.get(FOO, 12)).isEqualTo(state(r(12), r(11), 4));
        assertThat(index.get(FOO, 9)).isEqualTo(state(r(9), r(5), 3));
        assertThat(index.get(FOO, 10)).isNull();
        assertThat(index.revisionCount()).isEqualTo(4);
    }

    @Test
    void restoreWithDefaultsNeedsNoHeader() {
        BTreeIndex index = new BTreeIndex();
        index.restore(FOO, r(7), r(7), 1);
        assertThat(index.storedWords()).isEqualTo(1);
        assertThat(index.storedHeaderWords()).isZero();
        assertThat(index.get(FOO, 7)).isEqualTo(state(r(7), r(7), 1));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 2047, 2048, 2049, 4_194_303})
    void restoredHeadersRoundTripAnyCreatedRevisionAndVersion(long createdSub) {
        for (long version : new long[] {2, 2048, 2049, 1L << 40, BTreeIndex.MAX_VERSION}) {
            BTreeIndex index = new BTreeIndex();
            long created = r(123_456_789, createdSub);
            index.restore(FOO, created, r(200_000_000), version);
            // the header is the first generation's: in the leaf's table, not in the run
            assertThat(index.storedWords()).as("sub %d version %d", createdSub, version).isEqualTo(1);
            // minimums and a record: one key, so delta and base are the minimums (0 bits); the sub field has
            // no minimum; no bitmap, as every key of the leaf has a record
            long subBits = 64 - Long.numberOfLeadingZeros(createdSub);
            assertThat(index.storedHeaderWords()).isEqualTo(2 + (subBits + 63) / 64);
            index.checkInvariants();
            assertThat(index.get(FOO, 200_000_000)).isEqualTo(state(r(200_000_000), created, version));
            index.put(FOO, r(200_000_001));
            index.tombstone(FOO, r(200_000_002));
            index.put(FOO, r(200_000_003));
            assertThat(index.get(FOO, 200_000_001)).isEqualTo(state(r(200_000_001), created, version + 1));
            assertThat(index.get(FOO, 200_000_002)).isNull();
            assertThat(index.get(FOO, 200_000_003)).isEqualTo(state(r(200_000_003), r(200_000_003), 1));
            assertThat(index.since(FOO, 0)).containsExactly(r(200_000_000), r(200_000_001), r(200_000_002),
                    r(200_000_003));
        }
    }

    @Test
    void restoreOfADeletedKeyKeepsTheNewGenerationsHeaderInTheRun() {
        BTreeIndex index = new BTreeIndex();
        index.put(FOO, r(1));
        index.tombstone(FOO, r(2));
        index.restore(FOO, r(3, 5000), r(9), 1L << 50);
        assertThat(index.storedWords()).isEqualTo(3 + 2); // ~created, ~base before the revision word
        assertThat(index.storedHeaderWords()).isZero();
        assertThat(index.get(FOO, 9)).isEqualTo(state(r(9), r(3, 5000), 1L << 50));
        assertThat(index.get(FOO, 1)).isEqualTo(state(r(1), r(1), 1));
        assertThat(index.since(FOO, 0)).containsExactly(r(1), r(2), r(9));
        // compaction drops the first generation: the second becomes first, its header moves to the table
        assertThat(index.compact(9)).containsExactly(r(9));
        assertThat(index.storedWords()).isEqualTo(1);
        assertThat(index.storedHeaderWords()).isEqualTo(2 + 1); // a 13-bit sub field
        assertThat(index.get(FOO, 9)).isEqualTo(state(r(9), r(3, 5000), 1L << 50));
        index.checkInvariants();
    }

    @Test
    void compactionMovesTheHeaderToTheLeafsTable() {
        BTreeIndex index = new BTreeIndex();
        for (int i = 1; i <= 5; i++) {
            index.put(FOO, r(i));
        }
        assertThat(index.storedWords()).isEqualTo(5);
        assertThat(index.storedHeaderWords()).isZero();
        assertThat(index.compact(5)).containsExactly(r(5));
        assertThat(index.storedWords()).isEqualTo(1);
        assertThat(index.storedHeaderWords()).isEqualTo(2); // minimums only: one key
        assertThat(index.get(FOO, 5)).isEqualTo(state(r(5), r(1), 5));
        index.put(FOO, r(6));
        assertThat(index.get(FOO, 6)).isEqualTo(state(r(6), r(1), 6));
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=6.0, {created=1.0, ver=6, revs=[5.0 6.0]}}");
    }

    @Test
    void compactionOfALongHistoryKeepsItsVersion() {
        BTreeIndex index = new BTreeIndex();
        for (int i = 1; i <= 3000; i++) {
            index.put(FOO, r(i));
        }
        index.compact(2999);
        assertThat(index.storedWords()).isEqualTo(2);
        assertThat(index.get(FOO, 2999)).isEqualTo(state(r(2999), r(1), 2999));
        assertThat(index.get(FOO, 3000)).isEqualTo(state(r(3000), r(1), 3000));
        index.compact(3000);
        assertThat(index.get(FOO, 3000)).isEqualTo(state(r(3000), r(1), 3000));
        assertThat(index.storedWords()).isEqualTo(1);
        assertThat(index.storedHeaderWords()).isEqualTo(2);
    }

    @Test
    void compactionKeepsTheHeadersOfLaterGenerations() {
        BTreeIndex index = new BTreeIndex();
        index.put(FOO, r(1));
        index.put(FOO, r(2));
        index.tombstone(FOO, r(3));
        index.restore(FOO, r(1, 3000), r(4), 7); // two-word header
        index.put(FOO, r(5));
        assertThat(index.compact(2)).containsExactly(r(2));
        assertThat(index.get(FOO, 2)).isEqualTo(state(r(2), r(1), 2));
        assertThat(index.get(FOO, 5)).isEqualTo(state(r(5), r(1, 3000), 8));
        assertThat(index.compact(4)).containsExactly(r(4));
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=5.0, {created=1.3000, ver=8, revs=[4.0 5.0]}}");
    }

    // ------------------------------------------------------------------------------------------ errors

    @Test
    void refusesWritesThatBreakTheHistory() {
        BTreeIndex index = new BTreeIndex();
        assertThatThrownBy(() -> index.tombstone(FOO, r(1))).isInstanceOf(KeyNotFoundException.class)
                .hasMessageContaining("not in the index");
        index.put(FOO, r(5));
        assertThatThrownBy(() -> index.put(FOO, r(5))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("revision 5.0 is not after the key's last change 5.0");
        assertThatThrownBy(() -> index.tombstone(FOO, r(4))).isInstanceOf(IllegalArgumentException.class);
        index.tombstone(FOO, r(6));
        assertThatThrownBy(() -> index.restore(FOO, r(8), r(7), 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("inconsistent row at 7.0: created 8.0, version 1");
        assertThatThrownBy(() -> index.restore(FOO, r(7), r(7), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.put(FOO, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a packed revision");
        assertThatThrownBy(() -> index.put(FOO, 1L << 62)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.put(new byte[0], r(9))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key must not be empty");
        assertThatThrownBy(() -> index.get(null, 9)).isInstanceOf(NullPointerException.class);
        assertThat(index.describe(FOO)).isEqualTo("KeyIndex{modified=6.0, {created=5.0, ver=2, revs=[5.0 6.0]}, "
                + "{created=0.0, ver=0, revs=[]}}");
        assertThat(index.revisionCount()).isEqualTo(2);
    }

    @Test
    void aRefusedFirstPutLeavesNoKeyBehind() {
        // ReferenceIndex creates the KeyIndex before KeyIndex.put refuses, and keeps an empty entry; BTreeIndex
        // checks first (the differential test therefore only replays refused puts of keys both indexes hold)
        BTreeIndex index = new BTreeIndex();
        assertThatThrownBy(() -> index.put(FOO, r(0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.restore(FOO, r(3), r(2), 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(index.keyCount()).isZero();
        assertThat(index.describe(FOO)).isNull();
        assertThat(index.range(new byte[0], new byte[0], 10, 0, true).total()).isZero();
    }

    // ------------------------------------------------------------------------------------------ ranges

    private static BTreeIndex abcd() {
        BTreeIndex index = new BTreeIndex();
        index.put(k("a"), r(1));
        index.put(k("b"), r(2));
        index.put(k("c"), r(3));
        index.put(k("d"), r(4));
        index.tombstone(k("b"), r(5));
        index.put(k("c"), r(6));
        return index;
    }

    private static List<String> keys(IndexRange range) {
        return range.keys().stream().map(b -> new String(b, StandardCharsets.ISO_8859_1)).toList();
    }

    @Test
    void rangeReturnsLiveKeysWithTheirLastChange() {
        BTreeIndex index = abcd();
        IndexRange now = index.range(k("a"), k("d"), 6, 0, true);
        assertThat(keys(now)).containsExactly("a", "c");
        assertThat(now.revisions()).containsExactly(r(1), r(6));
        assertThat(now.total()).isEqualTo(2);
        assertThat(now.more()).isFalse();
        IndexRange before = index.range(k("a"), k("d"), 4, 0, false);
        assertThat(keys(before)).containsExactly("a", "b", "c");
        assertThat(before.revisions()).containsExactly(r(1), r(2), r(3));
        assertThat(before.total()).isEqualTo(-1);
        assertThat(keys(index.range(k("a"), k("d"), 1, 0, false))).containsExactly("a");
        assertThat(keys(index.range(k("a"), k("d"), 0, 0, false))).isEmpty();
    }

    @Test
    void rangeHonoursLimitCountTotalAndMore() {
        BTreeIndex index = abcd();
        IndexRange one = index.range(k("a"), new byte[0], 6, 1, true);
        assertThat(keys(one)).containsExactly("a");
        assertThat(one.total()).isEqualTo(3);
        assertThat(one.more()).isTrue();
        IndexRange oneNoTotal = index.range(k("a"), new byte[0], 6, 1, false);
        assertThat(oneNoTotal.total()).isEqualTo(-1);
        assertThat(oneNoTotal.more()).isTrue();
        IndexRange exact = index.range(k("a"), new byte[0], 6, 3, true);
        assertThat(keys(exact)).containsExactly("a", "c", "d");
        assertThat(exact.more()).isFalse();
        IndexRange negativeLimit = index.range(k("a"), new byte[0], 6, -1, false);
        assertThat(keys(negativeLimit)).containsExactly("a", "c", "d");
        assertThat(index.revisions(k("a"), new byte[0], 6, 2)).containsExactly(r(1), r(6));
        assertThat(index.count(k("a"), new byte[0], 6)).isEqualTo(3);
        assertThat(index.count(k("a"), new byte[0], 4)).isEqualTo(4);
    }

    @Test
    void emptyAndDegenerateRanges() {
        BTreeIndex index = abcd();
        assertThat(index.range(k("c"), k("a"), 6, 0, true).total()).isZero();
        assertThat(index.range(k("c"), k("c"), 6, 0, true).size()).isZero();
        assertThat(index.range(k("x"), new byte[0], 6, 0, true).size()).isZero();
        assertThat(index.range(k("b"), k("c"), 6, 0, true).total()).isZero(); // b is deleted at 6
        assertThat(keys(index.range(k("c"), new byte[0], 6, 0, false))).containsExactly("c", "d");
        assertThat(keys(index.range(new byte[0], new byte[0], 6, 0, false))).containsExactly("a", "c", "d");
        assertThat(keys(index.range(new byte[0], k("c"), 6, 0, false))).containsExactly("a");
        assertThat(keys(index.range(k("b"), null, 6, 0, false))).isEmpty();
        assertThat(keys(index.range(k("b"), null, 2, 0, false))).containsExactly("b");
        assertThat(keys(index.range(k("bb"), null, 6, 0, false))).isEmpty();
        assertThat(index.count(k("c"), null, 6)).isEqualTo(1);
        assertThatThrownBy(() -> index.range(new byte[0], null, 6, 0, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new BTreeIndex().range(new byte[0], new byte[0], 1, 0, true).total()).isZero();
    }

    @Test
    void keysOrderUnsigned() {
        byte[][] keys = {{0x00}, {0x00, 0x00}, {0x00, (byte) 0xff}, {0x01}, {0x7f}, {0x7f, (byte) 0xff},
                {(byte) 0x80}, {(byte) 0x80, 0x00}, {(byte) 0xfe}, {(byte) 0xff}, {(byte) 0xff, 0x00},
                {(byte) 0xff, (byte) 0xff}};
        List<byte[]> shuffled = new ArrayList<>(List.of(keys));
        Collections.shuffle(shuffled, new java.util.Random(3));
        BTreeIndex index = new BTreeIndex(4, 3);
        long rev = 0;
        for (byte[] key : shuffled) {
            index.put(key, r(++rev));
        }
        index.checkInvariants();
        IndexRange all = index.range(new byte[0], new byte[0], rev, 0, false);
        assertThat(all.keys()).usingElementComparator(Arrays::compareUnsigned).containsExactly(keys);
        IndexRange high = index.range(new byte[] {(byte) 0x80}, new byte[] {(byte) 0xff}, rev, 0, false);
        assertThat(high.keys()).usingElementComparator(Arrays::compareUnsigned)
                .containsExactly(Arrays.copyOfRange(keys, 6, 9));
    }

    // ------------------------------------------------------------------------------------------ structure

    private static byte[] numbered(int i) {
        return k(String.format("key-%06d", i));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ascending", "descending", "random"})
    void splitsKeepEveryKeyReachableAndOrdered(String order) {
        int n = 3000;
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(i);
        }
        if (order.equals("descending")) {
            Collections.reverse(ids);
        } else if (order.equals("random")) {
            Collections.shuffle(ids, new java.util.Random(11));
        }
        BTreeIndex index = new BTreeIndex(4, 3);
        long rev = 0;
        for (int id : ids) {
            index.put(numbered(id), r(++rev));
            if (rev % 250 == 0) {
                index.checkInvariants();
            }
        }
        index.checkInvariants();
        assertThat(index.shape()[0]).as("height").isGreaterThanOrEqualTo(5);
        for (int i = 0; i < n; i++) {
            assertThat(index.get(numbered(i), rev)).isNotNull();
        }
        IndexRange all = index.range(new byte[0], new byte[0], rev, 0, true);
        assertThat(all.total()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(all.keys().get(i)).isEqualTo(numbered(i));
        }
        IndexRange middle = index.range(numbered(1000), numbered(1100), rev, 0, false);
        assertThat(middle.size()).isEqualTo(100);
        assertThat(middle.keys().get(0)).isEqualTo(numbered(1000));
    }

    @Test
    void ascendingLoadsFillLeavesCompletely() {
        BTreeIndex index = new BTreeIndex();
        int leaves = 50;
        for (int i = 0; i < BTreeIndex.DEFAULT_LEAF_CAPACITY * leaves; i++) {
            index.put(numbered(i), r(i + 1));
        }
        assertThat(index.shape()[1]).isEqualTo(leaves);
        index.checkInvariants();
    }

    @Test
    void randomLoadsFillLeavesAtLeastHalf() {
        BTreeIndex index = new BTreeIndex();
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            index.put(TestKeys.RANDOM.key(5, i), r(i + 1));
        }
        int leaves = index.shape()[1];
        assertThat(leaves).isBetween(n / BTreeIndex.DEFAULT_LEAF_CAPACITY, 2 * n / BTreeIndex.DEFAULT_LEAF_CAPACITY);
        index.checkInvariants();
    }

    @Test
    void leavesStoreTheirKeysCommonPrefixOnce() {
        BTreeIndex index = new BTreeIndex();
        int n = 10_000;
        long raw = 0;
        for (int i = 0; i < n; i++) {
            byte[] key = k("/registry/pods/default/web-" + String.format("%06d", i * 7919 % n));
            raw += key.length;
            index.put(key, r(i + 1));
        }
        index.checkInvariants();
        // 33-byte keys of which the first 29-31 are shared within a leaf
        assertThat(index.storedKeyBytes()).isLessThan(raw / 5);
        assertThat(index.get(k("/registry/pods/default/web-000042"), n)).isNotNull();
        assertThat(index.count(k("/registry/pods/default/web-0001"), k("/registry/pods/default/web-0002"), n))
                .isEqualTo(100);
    }

    @Test
    void aKeyOutsideTheLeafPrefixReencodesTheLeaf() {
        BTreeIndex index = new BTreeIndex();
        String[] keys = {"/a/b/c/1", "/a/b/c/2", "/a/b/x", "/a", "/b", "/a/b/c/0", "/a/b/c"};
        for (int i = 0; i < keys.length; i++) {
            index.put(k(keys[i]), r(i + 1));
            index.checkInvariants();
            for (int j = 0; j <= i; j++) {
                assertThat(index.get(k(keys[j]), i + 1)).as(keys[j]).isEqualTo(state(r(j + 1), r(j + 1), 1));
            }
        }
        assertThat(keys(index.range(k("/a"), k("/a/b/d"), keys.length, 0, false)))
                .containsExactly("/a", "/a/b/c", "/a/b/c/0", "/a/b/c/1", "/a/b/c/2");
    }

    @Test
    void compactionRemovesEmptiedKeysAndMergesLeaves() {
        BTreeIndex index = new BTreeIndex(8, 3);
        int n = 5000;
        long rev = 0;
        for (int i = 0; i < n; i++) {
            index.put(numbered(i), r(++rev));
        }
        for (int i = 0; i < n; i++) {
            if (i % 10 != 0) {
                index.tombstone(numbered(i), r(++rev));
            }
        }
        int leavesBefore = index.shape()[1];
        long[] kept = index.compact(rev);
        assertThat(kept).hasSize(n / 10);
        assertThat(index.keyCount()).isEqualTo(n / 10);
        assertThat(index.revisionCount()).isEqualTo(n / 10);
        index.checkInvariants();
        assertThat(index.shape()[1]).isLessThan(leavesBefore / 3);
        for (int i = 0; i < n; i++) {
            KeyState s = index.get(numbered(i), rev);
            assertThat(s == null).as("key %d", i).isEqualTo(i % 10 != 0);
        }
        assertThat(index.range(new byte[0], new byte[0], rev, 0, true).total()).isEqualTo(n / 10);

        for (int i = 0; i < n; i += 10) {
            index.tombstone(numbered(i), r(++rev));
        }
        assertThat(index.compact(rev)).isEmpty();
        assertThat(index.keyCount()).isZero();
        assertThat(index.shape()).containsExactly(0, 1, 0);
        index.checkInvariants();
        index.put(numbered(1), r(++rev));
        assertThat(index.get(numbered(1), rev)).isEqualTo(state(r(rev), r(rev), 1));
    }

    @Test
    void compactionReplacesArraysByExactlySizedOnes() {
        BTreeIndex index = new BTreeIndex();
        int n = 2000;
        long rev = 0;
        for (int v = 0; v < 5; v++) {
            for (int i = 0; i < n; i++) {
                index.put(numbered(i), r(++rev));
            }
        }
        assertThat(index.storedWords()).isEqualTo(5L * n);
        assertThat(index.compact(rev)).hasSize(n);
        // one revision per key; every key's header is (4n earlier, version 5): 2 words of minimums per leaf
        assertThat(index.storedWords()).isEqualTo(n);
        assertThat(index.storedHeaderWords()).isEqualTo(2L * index.shape()[1]);
        assertThat(index.revisionCount()).isEqualTo(n);
        index.checkInvariants(); // includes: every leaf array exactly as long as its contents
        assertThat(index.get(numbered(7), rev)).isEqualTo(state(r(4L * n + 8), r(8), 5));
        for (int i = 0; i < n; i += 3) { // new keys without headers take a bit each, records stay 0 bits wide
            index.put(k(String.format("key-%06d+", i)), r(++rev));
        }
        assertThat(index.storedHeaderWords()).isEqualTo(3L * index.shape()[1]); // and a bitmap per leaf
        index.checkInvariants();
    }

    @Test
    void headerTablesFollowInsertsRestoresSplitsAndMerges() {
        // small leaves: the table of a compacted leaf goes through every kind of leaf change; the reference
        // index, which keeps created and version per generation, is the oracle throughout
        BTreeIndex index = new BTreeIndex(8, 3);
        ReferenceIndex reference = new ReferenceIndex();
        List<RevisionIndex> both = List.of(index, reference);
        int n = 300;
        long rev = 0;
        for (int i = 0; i < n; i++) {
            long at = r(++rev);
            for (RevisionIndex x : both) {
                x.put(numbered(i), at);
            }
        }
        for (int i = 0; i < n; i += 2) { // even keys get a second version: only they need headers
            long at = r(++rev);
            for (RevisionIndex x : both) {
                x.put(numbered(i), at);
            }
        }
        long compactAt = rev;
        for (RevisionIndex x : both) {
            x.compact(compactAt);
        }
        assertThat(index.storedWords()).isEqualTo(n);
        assertThat(index.storedHeaderWords()).isPositive();
        index.checkInvariants();
        assertThat(index.get(numbered(10), rev)).isEqualTo(state(r(n + 6), r(11), 2));
        assertThat(index.get(numbered(11), rev)).isEqualTo(state(r(12), r(12), 1));

        for (int i = 0; i < n; i += 3) { // new keys between the old ones: inserts into tables, then splits
            byte[] key = k(String.format("key-%06d+", i));
            long at = r(++rev, i % 5);
            if (i % 2 == 0) {
                for (RevisionIndex x : both) {
                    x.put(key, at);
                }
            } else {
                long created = r(1 + i, 4_000_000); // a large sub and a large version base
                for (RevisionIndex x : both) {
                    x.restore(key, created, at, (1L << 45) + i);
                }
            }
        }
        index.checkInvariants();
        assertThat(index.toString()).isEqualTo(reference.toString());
        assertThat(index.shape()[1]).isGreaterThan(n / 8);

        for (int i = 0; i < n; i++) { // most keys go; tombstones end their generations
            if (i % 7 != 0) {
                long at = r(++rev);
                byte[] key = numbered(i);
                for (RevisionIndex x : both) {
                    x.tombstone(key, at);
                }
            }
        }
        for (int i = 1; i < n; i += 14) { // deleted keys restored with a new generation's header in the run
            long at = r(++rev);
            byte[] key = numbered(i);
            for (RevisionIndex x : both) {
                x.restore(key, r(rev - 1), at, 3);
            }
        }
        long mid = rev;
        for (RevisionIndex x : both) {
            x.compact(mid - 10);
        }
        index.checkInvariants();
        assertThat(index.toString()).isEqualTo(reference.toString());
        assertThat(index.compact(mid)).containsExactly(reference.compact(mid));
        index.checkInvariants();
        assertThat(index.toString()).isEqualTo(reference.toString());
        assertThat(index.keyCount()).isEqualTo(reference.keyCount());
        for (int i = 0; i < n; i++) {
            assertThat(index.get(numbered(i), mid)).as("key %d", i).isEqualTo(reference.get(numbered(i), mid));
        }
    }

    @Test
    void hugeKeysSplitLeavesByBytes() {
        BTreeIndex index = new BTreeIndex();
        SplittableRandom random = new SplittableRandom(9);
        for (int i = 0; i < 20; i++) {
            byte[] key = new byte[20_000]; // random, so the leaf prefix cannot absorb them
            random.nextBytes(key);
            index.put(key, r(i + 1));
        }
        index.checkInvariants();
        assertThat(index.shape()[1]).as("leaves of at most 32 KiB of key bytes").isGreaterThanOrEqualTo(10);
        assertThat(index.count(new byte[0], new byte[0], 20)).isEqualTo(20);

        BTreeIndex shared = new BTreeIndex();
        for (int i = 0; i < 20; i++) {
            byte[] key = new byte[20_000];
            Arrays.fill(key, (byte) 'k');
            key[key.length - 1] = (byte) i;
            shared.put(key, r(i + 1));
        }
        assertThat(shared.storedKeyBytes()).as("one shared prefix, 1-byte suffixes").isEqualTo(19_999 + 20);
        assertThat(shared.shape()[1]).isEqualTo(1);
    }

    @Test
    void readersRunConcurrentlyWithAWriter() throws Exception {
        BTreeIndex index = new BTreeIndex();
        int n = 20_000;
        AtomicLong written = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(2);
        Runnable reader = () -> {
            SplittableRandom random = new SplittableRandom(Thread.currentThread().getId());
            try {
                while (written.get() < n) {
                    long upTo = written.get();
                    if (upTo == 0) {
                        continue;
                    }
                    int i = random.nextInt((int) upTo);
                    KeyState s = index.get(numbered(i), n + 1);
                    if (s == null || s.modRevision() != r(i + 1)) {
                        throw new AssertionError("key " + i + " read as " + s);
                    }
                    long count = index.count(numbered(0), new byte[0], n + 1);
                    if (count < upTo) {
                        throw new AssertionError("count " + count + " below " + upTo);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                done.countDown();
            }
        };
        new Thread(reader).start();
        new Thread(reader).start();
        for (int i = 0; i < n; i++) {
            index.put(numbered(i), r(i + 1));
            written.set(i + 1);
        }
        done.await();
        assertThat(failure.get()).isNull();
        index.checkInvariants();
    }

    @Test
    void constructorChecksLeafCapacity() {
        assertThatThrownBy(() -> new BTreeIndex(2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("leafCapacity must be in 4..1024, was 2");
    }
}
