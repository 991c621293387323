package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.KeyState;
import io.memstore.store.KeyValue;
import io.memstore.store.Revision;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link BTreeIndex#load} against the same records given to a {@link ReferenceIndex} one by one in revision order:
 * puts, deletes and re-creations, first generations left by compaction (created revision and version of their
 * own) and later generations that begin with such a record (the in-run header), enough keys for the load to pack on
 * two threads, and few enough for one.
 */
class BTreeIndexLoadTest {

    @ParameterizedTest(name = "{0} keys")
    @ValueSource(ints = {1, 700, 150_000})
    void answersAsTheRecordsGivenOneByOne(int keyCount) {
        SplittableRandom random = new SplittableRandom(keyCount);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < keyCount; i++) {
            keys.add(("/k/" + Integer.toString(random.nextInt(1 << 30), 36) + "/" + i)
                    .getBytes(StandardCharsets.ISO_8859_1));
        }
        boolean[] live = new boolean[keyCount];
        boolean[] seen = new boolean[keyCount];
        RestoreRecords records = new RestoreRecords();
        ReferenceIndex expected = new ReferenceIndex();
        List<Long> revisions = new ArrayList<>();
        long main = 10;
        for (int op = 0; op < keyCount * 4; op++) {
            main += 1 + random.nextInt(3);
            int k = op < keyCount ? op : random.nextInt(keyCount);
            long rev = Revision.pack(main, random.nextInt(4) == 0 ? random.nextInt(3) : 0);
            byte[] key = keys.get(k).clone(); // a new array per record, as a scan gives
            if (live[k] && random.nextInt(5) == 0) {
                expectState(records.add(key, rev, true, 0, 0), RestoreRecords.LIVE, op);
                expected.tombstone(key, rev);
                live[k] = false;
            } else {
                long created = rev;
                long version = 1;
                if (!live[k] && random.nextInt(3) == 0) {
                    // a generation whose earlier revisions compaction removed (first records), or an in-run one
                    created = Revision.pack(main - 1 - random.nextInt(5), 0);
                    version = 2 + random.nextInt(1000);
                }
                expectState(records.add(key, rev, false, created, version), live[k] ? RestoreRecords.LIVE
                        : seen[k] ? RestoreRecords.DELETED : RestoreRecords.ABSENT, op);
                expected.restore(key, created, rev, version);
                live[k] = true;
            }
            seen[k] = true;
            if (op % (keyCount / 10 + 1) == 0) {
                revisions.add(rev);
            }
        }
        revisions.add(Revision.pack(main, 0));
        BTreeIndex loaded = new BTreeIndex();
        loaded.load(records);

        assertThat(IndexComparison.firstDifference(loaded, expected, keys, 0, main, revisions)).isNull();
        for (byte[] key : keys) {
            for (long at : revisions) {
                KeyState got = loaded.get(key, at);
                KeyState want = expected.get(key, at);
                if (!Objects.equals(got, want)) { // the message only for a difference: 1.65M gets at 150,000 keys
                    assertThat(got).as("get(%s, %s)", KeyValue.printable(key), Revision.toString(at)).isEqualTo(want);
                }
            }
        }
        // writes after the load go where reads find them
        byte[] fresh = "/k/after-load".getBytes(StandardCharsets.ISO_8859_1);
        long next = Revision.pack(main + 1, 0);
        loaded.put(fresh, next);
        expected.put(fresh, next);
        keys.add(fresh);
        assertThat(IndexComparison.firstDifference(loaded, expected, keys, 0, main + 1, List.of(next))).isNull();
    }

    /**
     * What RestoreRecords.add said of the key's state before the record, checked without an assertion object per
     * record.
     */
    private static void expectState(int actual, int expected, int op) {
        if (actual != expected) {
            assertThat(actual).as("the state before row %d", op).isEqualTo(expected);
        }
    }
}
