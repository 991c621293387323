package io.memstore.store.internal.index;

import static io.memstore.store.internal.index.KeyIndexTest.r;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.IndexRange;
import io.memstore.store.KeyNotFoundException;
import io.memstore.store.KeyState;
import io.memstore.store.RevisionIndex;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Cases every {@link RevisionIndex} must pass, in the spirit of etcd's index_test. */
abstract class RevisionIndexContractTest {

    abstract RevisionIndex newIndex();

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static List<String> keys(IndexRange range) {
        return range.keys().stream().map(k -> new String(k, StandardCharsets.ISO_8859_1)).collect(Collectors.toList());
    }

    /** foo put at 1, foo1 at 2, foo2 at 3, foo deleted at 4, foo1 put again at 5. */
    RevisionIndex sample() {
        RevisionIndex idx = newIndex();
        idx.put(b("foo"), r(1));
        idx.put(b("foo1"), r(2));
        idx.put(b("foo2"), r(3));
        idx.tombstone(b("foo"), r(4));
        idx.put(b("foo1"), r(5));
        return idx;
    }

    @Test
    void getAtEachRevision() {
        RevisionIndex idx = sample();
        assertThat(idx.get(b("foo"), 0)).isNull();
        assertThat(idx.get(b("foo"), 3)).isEqualTo(new KeyState(r(1), r(1), 1));
        assertThat(idx.get(b("foo"), 4)).isNull();
        assertThat(idx.get(b("foo1"), 4)).isEqualTo(new KeyState(r(2), r(2), 1));
        assertThat(idx.get(b("foo1"), 5)).isEqualTo(new KeyState(r(5), r(2), 2));
        assertThat(idx.get(b("nope"), 5)).isNull();
    }

    @Test
    void getForUpdateAnswersAsGet() {
        RevisionIndex idx = sample();
        for (String k : List.of("foo", "foo1", "foo2", "nope")) {
            for (long at = 0; at <= 6; at++) {
                assertThat(idx.getForUpdate(b(k), at)).as("%s at %d", k, at).isEqualTo(idx.get(b(k), at));
            }
        }
        assertThatThrownBy(() -> idx.getForUpdate(new byte[0], 5)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The store's pattern: look the key up, write it; with other writes between a look-up and its write. */
    @Test
    void writesAfterGetForUpdateLandOnTheirKey() {
        RevisionIndex idx = newIndex();
        byte[] a = b("a");
        byte[] m = b("m");
        byte[] z = b("z");
        assertThat(idx.getForUpdate(m, 0)).isNull();
        idx.put(m, r(1));
        assertThat(idx.getForUpdate(a, 1)).isNull();
        idx.put(z, r(2)); // a write of another key between a's look-up and a's write
        idx.put(a, r(3));
        assertThat(idx.getForUpdate(m, 3)).isEqualTo(new KeyState(r(1), r(1), 1));
        idx.put(m, r(4));
        assertThat(idx.getForUpdate(z, 4)).isEqualTo(new KeyState(r(2), r(2), 1));
        idx.tombstone(z, r(5));
        assertThat(idx.getForUpdate(z, 5)).isNull();
        idx.restore(z, r(6), r(6), 1);
        byte[] copy = b("m"); // an equal array is looked up anew
        assertThat(idx.getForUpdate(m, 6)).isEqualTo(new KeyState(r(4), r(1), 2));
        idx.put(copy, r(7));
        assertThat(idx.getForUpdate(a, 7)).isEqualTo(new KeyState(r(3), r(3), 1));
        idx.compact(7); // compaction between a's look-up and a's write
        idx.put(a, r(8));
        assertThat(idx.get(a, 8)).isEqualTo(new KeyState(r(8), r(3), 2));
        assertThat(idx.get(m, 8)).isEqualTo(new KeyState(r(7), r(1), 3));
        assertThat(idx.get(z, 8)).isEqualTo(new KeyState(r(6), r(6), 1));
        assertThat(idx.keyCount()).isEqualTo(3);
    }

    @Test
    void rangeSeesOnlyKeysLiveAtTheRevision() {
        RevisionIndex idx = sample();
        assertThat(keys(idx.range(b("foo"), b("fop"), 3, 0, true))).containsExactly("foo", "foo1", "foo2");
        assertThat(keys(idx.range(b("foo"), b("fop"), 5, 0, true))).containsExactly("foo1", "foo2");
        assertThat(idx.range(b("foo"), b("fop"), 5, 0, true).revisions()).containsExactly(r(5), r(3));
        assertThat(keys(idx.range(b("foo"), null, 3, 0, false))).containsExactly("foo");
        assertThat(keys(idx.range(b("foo"), null, 4, 0, false))).isEmpty();
        assertThat(keys(idx.range(b("foo1"), new byte[0], 5, 0, false))).containsExactly("foo1", "foo2");
        assertThat(keys(idx.range(b("foo2"), b("foo1"), 5, 0, false))).as("end before key").isEmpty();
    }

    @Test
    void limitCutsTheAnswerAndCountTotalStillCountsAll() {
        RevisionIndex idx = sample();
        IndexRange limited = idx.range(b("f"), new byte[0], 3, 2, true);
        assertThat(keys(limited)).containsExactly("foo", "foo1");
        assertThat(limited.total()).isEqualTo(3);
        assertThat(limited.more()).isTrue();
        IndexRange uncounted = idx.range(b("f"), new byte[0], 3, 2, false);
        assertThat(uncounted.total()).isEqualTo(-1);
        assertThat(uncounted.more()).isTrue();
        IndexRange exact = idx.range(b("f"), new byte[0], 3, 3, true);
        assertThat(exact.more()).isFalse();
        assertThat(idx.count(b("f"), new byte[0], 5)).isEqualTo(2);
        assertThat(idx.count(b("f"), new byte[0], 3)).isEqualTo(3);
    }

    @Test
    void keysOrderUnsigned() {
        RevisionIndex idx = newIndex();
        byte[][] keys = {{(byte) 0xff}, {0x7f}, {(byte) 0x80}, {0x00}, {0x00, 0x00}, {0x01}};
        long rev = 1;
        for (byte[] k : keys) {
            idx.put(k, r(rev++));
        }
        IndexRange all = idx.range(new byte[] {0}, new byte[0], rev, 0, true);
        assertThat(all.keys()).containsExactly(new byte[] {0x00}, new byte[] {0x00, 0x00}, new byte[] {0x01},
                new byte[] {0x7f}, new byte[] {(byte) 0x80}, new byte[] {(byte) 0xff});
    }

    @Test
    void compactReturnsWhatMustStayAndForgetsEmptiedKeys() {
        RevisionIndex idx = sample();
        assertThat(idx.keep(4)).containsExactly(r(2), r(3));
        assertThat(idx.keyCount()).isEqualTo(3);
        assertThat(idx.compact(4)).containsExactly(r(2), r(3));
        assertThat(idx.keyCount()).as("foo ended at 4 and is gone").isEqualTo(2);
        assertThat(idx.revisionCount()).isEqualTo(3);
        assertThat(idx.get(b("foo1"), 4)).isEqualTo(new KeyState(r(2), r(2), 1));
        assertThat(idx.get(b("foo1"), 5)).isEqualTo(new KeyState(r(5), r(2), 2));
        assertThat(idx.compact(5)).containsExactly(r(3), r(5));
        assertThat(idx.revisionCount()).isEqualTo(2);
    }

    /**
     * A store transaction may delete a key and put it again: the tombstone and the new generation share one
     * main revision. Compacting at that revision must keep the new put (etcd's Txn forbids this case, so
     * etcd's keyIndex.compact does not handle it).
     */
    @Test
    void compactAtATransactionThatDeletedAndPutAgainKeepsTheNewPut() {
        RevisionIndex idx = newIndex();
        idx.put(b("k"), r(1));
        idx.tombstone(b("k"), r(2, 0));
        idx.put(b("k"), r(2, 1));
        assertThat(idx.keep(2)).containsExactly(r(2, 1));
        assertThat(idx.compact(2)).containsExactly(r(2, 1));
        assertThat(idx.get(b("k"), 2)).isEqualTo(new KeyState(r(2, 1), r(2, 1), 1));

        idx.tombstone(b("k"), r(3, 0)); // delete, put, delete in one transaction: nothing stays
        idx.put(b("k"), r(3, 1));
        idx.tombstone(b("k"), r(3, 2));
        assertThat(idx.keep(3)).isEmpty();
        assertThat(idx.compact(3)).isEmpty();
        assertThat(idx.keyCount()).isZero();
    }

    @Test
    void sinceListsLaterChanges() {
        RevisionIndex idx = sample();
        assertThat(idx.since(b("foo1"), 0)).containsExactly(r(2), r(5));
        assertThat(idx.since(b("foo1"), 3)).containsExactly(r(5));
        assertThat(idx.since(b("absent"), 0)).isEmpty();
    }

    @Test
    void tombstoneNeedsALiveKey() {
        RevisionIndex idx = sample();
        assertThatThrownBy(() -> idx.tombstone(b("foo"), r(6))).isInstanceOf(KeyNotFoundException.class);
        assertThatThrownBy(() -> idx.tombstone(b("absent"), r(6))).isInstanceOf(KeyNotFoundException.class);
    }

    @Test
    void restoreKeepsStoredVersions() {
        RevisionIndex idx = newIndex();
        idx.restore(b("a"), r(2), r(9), 3);
        idx.put(b("a"), r(10));
        assertThat(idx.get(b("a"), 9)).isEqualTo(new KeyState(r(9), r(2), 3));
        assertThat(idx.get(b("a"), 10)).isEqualTo(new KeyState(r(10), r(2), 4));
    }

    @Test
    void nullAndEmptyKeysAreRefused() {
        RevisionIndex idx = newIndex();
        assertThatThrownBy(() -> idx.put(null, r(1))).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("key must not be null");
        assertThatThrownBy(() -> idx.put(new byte[0], r(1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key must not be empty");
    }
}
