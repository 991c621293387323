package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.Revision;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link RestoreRecords}: the key states it reports, the records it chains per key, and its key order. */
class RestoreRecordsTest {

    private static byte[] k(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The keys in the order keyOrder gives, against a plain sort of the same keys. */
    private static void assertSorted(List<byte[]> keys) {
        RestoreRecords records = new RestoreRecords();
        long rev = Revision.first(1);
        for (byte[] key : keys) {
            records.add(key, rev, false, rev, 1);
            rev = Revision.pack(Revision.main(rev) + 1, 0);
        }
        List<byte[]> expected = new ArrayList<>(keys);
        expected.sort(Arrays::compareUnsigned);
        List<byte[]> got = new ArrayList<>();
        for (int k : records.keyOrder()) {
            got.add(records.key(k));
        }
        assertThat(got).hasSize(expected.size());
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).as("key %d of %d", i, got.size()).isEqualTo(expected.get(i));
        }
    }

    private static List<byte[]> distinct(List<byte[]> keys) {
        Set<String> seen = new LinkedHashSet<>();
        List<byte[]> out = new ArrayList<>();
        for (byte[] key : keys) {
            if (seen.add(new String(key, StandardCharsets.ISO_8859_1))) {
                out.add(key);
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 255, 256, 257, 20_000})
    void randomKeysComeOutInUnsignedOrder(int n) {
        SplittableRandom random = new SplittableRandom(n);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] key = new byte[1 + random.nextInt(20)];
            random.nextBytes(key);
            keys.add(key);
        }
        assertSorted(distinct(keys));
    }

    @Test
    void keysSharingALongPrefixAreOrderedByTheirTails() {
        SplittableRandom random = new SplittableRandom(7);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            keys.add(k("/registry/pods/namespace-" + random.nextInt(40) + "/pod-" + random.nextInt(100_000)));
        }
        keys.add(k("/registry/pods/")); // the shared prefix itself, the shortest key
        assertSorted(distinct(keys));
    }

    @Test
    void keysThatTieInTheirFirstBytesAreOrderedByTheRest() {
        // equal in the eight bytes after the shared prefix, different later; keys shorter than eight bytes that
        // differ only in trailing zero bytes; bytes at and above 0x80 (unsigned)
        List<byte[]> keys = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 3_000; i++) {
            byte[] key = new byte[9 + random.nextInt(4)];
            Arrays.fill(key, 0, 8, (byte) (random.nextInt(3) == 0 ? 0xFF : 0x41));
            for (int j = 8; j < key.length; j++) {
                key[j] = (byte) random.nextInt(256);
            }
            keys.add(key);
        }
        keys.add(new byte[] {0x41});
        keys.add(new byte[] {0x41, 0});
        keys.add(new byte[] {0x41, 0, 0});
        keys.add(new byte[] {(byte) 0xFF});
        keys.add(new byte[] {0});
        keys.add(new byte[] {0, 0});
        keys.add(new byte[] {(byte) 0x80, 1});
        keys.add(new byte[] {0x7F, 1});
        assertSorted(distinct(keys));
    }

    /**
     * Generations begun by compaction keep their created revision and version through the grouping, which moves
     * their records to positions in another order than the records arrived in.
     */
    @Test
    void generationStartsFollowTheirRecordsIntoKeyOrder() {
        RestoreRecords records = new RestoreRecords();
        String[] names = {"z", "m", "a", "q", "b"};
        for (int i = 0; i < names.length; i++) { // each key's first record begins a compacted generation
            records.add(k(names[i]), Revision.first(100 + i), false, Revision.first(1 + i), 10 + i);
        }
        for (int i = 0; i < names.length; i++) { // then a plain put and a put after a tombstone of every key
            records.add(k(names[i]), Revision.first(200 + 3 * i), false, 0, 0);
            records.add(k(names[i]), Revision.first(201 + 3 * i), true, 0, 0);
            records.add(k(names[i]), Revision.first(202 + 3 * i), false, Revision.first(202 + 3 * i), 1);
        }
        int[] order = records.keyOrder();
        String[] sorted = {"a", "b", "m", "q", "z"};
        for (int j = 0; j < sorted.length; j++) {
            int i = Arrays.asList(names).indexOf(sorted[j]);
            assertThat(new String(records.key(order[j]), StandardCharsets.ISO_8859_1)).isEqualTo(sorted[j]);
            int first = records.firstIndex(order[j]);
            assertThat(records.endIndex(order[j]) - first).isEqualTo(4);
            assertThat(RevisionRun.revision(records.word(first))).isEqualTo(Revision.first(100 + i));
            assertThat(records.created(first)).as("created of %s", sorted[j]).isEqualTo(Revision.first(1 + i));
            assertThat(records.version(first)).as("version of %s", sorted[j]).isEqualTo(10 + i);
            assertThat(RevisionRun.isTombstone(records.word(first + 2))).isTrue();
            assertThat(records.created(first + 3)).isEqualTo(Revision.first(202 + 3 * i));
            assertThat(records.version(first + 3)).isEqualTo(1);
        }
    }

    @Test
    void reportsEachKeysStateBeforeTheRecordAndChainsItsRecordsInRevisionOrder() {
        RestoreRecords records = new RestoreRecords();
        byte[] a = k("a");
        byte[] b = k("b");
        long r1 = Revision.first(1);
        long r2 = Revision.first(2);
        long r3 = Revision.first(3);
        long r4 = Revision.first(4);
        long r5 = Revision.first(5);
        assertThat(records.add(a, r1, false, r1, 1)).isEqualTo(RestoreRecords.ABSENT);
        assertThat(records.add(b.clone(), r2, false, Revision.first(1), 7)).isEqualTo(RestoreRecords.ABSENT);
        assertThat(records.add(a.clone(), r3, true, 0, 0)).isEqualTo(RestoreRecords.LIVE);
        assertThat(records.add(a.clone(), r4, false, r4, 1)).isEqualTo(RestoreRecords.DELETED);
        assertThat(records.add(b.clone(), r5, false, 0, 0)).isEqualTo(RestoreRecords.LIVE);
        assertThat(records.keyCount()).isEqualTo(2);
        assertThat(records.recordCount()).isEqualTo(5);

        int[] order = records.keyOrder();
        assertThat(records.key(order[0])).isEqualTo(a);
        List<Long> revisionsOfA = new ArrayList<>();
        for (int i = records.firstIndex(order[0]); i < records.endIndex(order[0]); i++) {
            revisionsOfA.add(RevisionRun.revision(records.word(i)));
        }
        assertThat(revisionsOfA).containsExactly(r1, r3, r4);
        int firstOfB = records.firstIndex(order[1]);
        // a generation begun by compaction keeps its created revision and version; a plain first put has its own
        assertThat(records.created(firstOfB)).isEqualTo(Revision.first(1));
        assertThat(records.version(firstOfB)).isEqualTo(7);
        assertThat(records.created(records.firstIndex(order[0]))).isEqualTo(r1);
        assertThat(records.version(records.firstIndex(order[0]))).isEqualTo(1);
    }

    /**
     * A key given as the tail of a larger array (a kv_key entry) is found again whatever array and offset hold it
     * next, and a new one is kept as a copy of its bytes alone, not the array it arrived in.
     */
    @Test
    void keysGivenAsTheTailsOfLargerArraysAreMatchedAndCopied() {
        RestoreRecords records = new RestoreRecords();
        byte[] first = k("xxxxkey-1");
        long r1 = Revision.first(1);
        long r2 = Revision.first(2);
        long r3 = Revision.first(3);
        assertThat(records.add(first, 4, r1, false, r1, 1)).isEqualTo(RestoreRecords.ABSENT);
        assertThat(records.add(k("yykey-1"), 2, r2, false, 0, 0)).isEqualTo(RestoreRecords.LIVE);
        assertThat(records.add(k("key-1"), r3, true, 0, 0)).isEqualTo(RestoreRecords.LIVE);
        assertThat(records.add(k("zkey-10"), 1, Revision.first(4), false, Revision.first(4), 1))
                .as("a longer key with the same start").isEqualTo(RestoreRecords.ABSENT);
        assertThat(records.keyCount()).isEqualTo(2);
        Arrays.fill(first, (byte) '!'); // the caller's array is not kept
        int[] order = records.keyOrder();
        assertThat(new String(records.key(order[0]), StandardCharsets.ISO_8859_1)).isEqualTo("key-1");
        assertThat(new String(records.key(order[1]), StandardCharsets.ISO_8859_1)).isEqualTo("key-10");
        assertThat(records.endIndex(order[0]) - records.firstIndex(order[0])).isEqualTo(3);
    }

    /**
     * Keys stored across several chunks, and one longer than a chunk, are found again, sorted and given back whole;
     * a key that no longer fits the rest of a chunk starts the next one.
     */
    @Test
    void keysAcrossChunksAndOneLargerThanAChunk() {
        SplittableRandom rnd = new SplittableRandom(3);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 4 * RestoreRecords.CHUNK_BYTES / 150; i++) { // chunks of 1, 2 and 4 MiB
            byte[] key = new byte[1 + rnd.nextInt(300)];
            rnd.nextBytes(key);
            keys.add(key);
        }
        byte[] huge = new byte[RestoreRecords.MAX_CHUNK_BYTES + 17];
        rnd.nextBytes(huge);
        keys.add(keys.size() / 2, huge);
        RestoreRecords records = new RestoreRecords();
        long rev = Revision.first(1);
        for (byte[] key : keys) {
            records.add(key.clone(), rev, false, rev, 1);
            rev = Revision.pack(Revision.main(rev) + 1, 0);
        }
        for (byte[] key : keys) { // each again: found, not added
            assertThat(records.add(key.clone(), rev, false, 0, 0)).isEqualTo(RestoreRecords.LIVE);
            rev = Revision.pack(Revision.main(rev) + 1, 0);
        }
        assertThat(records.keyCount()).isEqualTo(distinct(keys).size());
        assertSorted(distinct(keys));
    }
}
