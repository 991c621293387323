package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.Reference;
import org.junit.jupiter.api.Test;

/**
 * The retained heap of {@link BTreeIndex} for 20,000 random 64-byte keys, measured honestly: keys made on the fly
 * (the test holds no arrays of its own), the heap read after full collections ({@link LiveHeap}) before and after
 * the build, with the index kept reachable through the reading. Each figure is the smallest of three builds
 * (anything else in the JVM can only add to a reading; the first build also pays one-time class initialisation).
 * Robust under G1, Parallel and Serial GC (checked with each).
 *
 * <p>Limits: 20,000 keys have about 420 leaves and 9 inner nodes, the same per-key overhead as a million keys
 * (measured at 1M: 74.8 B/key at 1 version, 106.8 at 5, 75.8 at 5 compacted to the last revision), so the limits
 * are the product's targets: at most 12 B per key beyond its 64 bytes and 8 B per revision, and compaction to the
 * last revision within 5 % of one version (issue 5).
 */
class BTreeIndexMemoryTest {
    private static final int KEYS = 20_000;

    @Test
    void oneVersionCostsAtMost84BytesPerKey() {
        assertThat(bytesPerKey(1, false)).isLessThanOrEqualTo(84.0);
    }

    @Test
    void fiveVersionsCostAtMost116BytesPerKey() {
        assertThat(bytesPerKey(5, false)).isLessThanOrEqualTo(116.0);
    }

    @Test
    void compactionToTheLatestRevisionReleasesTheOlderRevisions() {
        double one = bytesPerKey(1, false);
        double five = bytesPerKey(5, false);
        double compacted = bytesPerKey(5, true);
        // 4 of 5 revision words go; the leaves' header tables keep the created revisions and versions
        assertThat(five - compacted).as("bytes freed per key").isGreaterThanOrEqualTo(0.8 * 4 * 8);
        assertThat(compacted).as("compacted vs one version").isLessThanOrEqualTo(1.05 * one);
    }

    private static final java.util.Map<String, Double> MEASURED = new java.util.concurrent.ConcurrentHashMap<>();

    private static double bytesPerKey(int versions, boolean compact) {
        return MEASURED.computeIfAbsent(versions + "/" + compact, k -> measure(versions, compact));
    }

    private static double measure(int versions, boolean compact) {
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3; attempt++) {
            best = Math.min(best, retainedBytes(versions, compact, attempt));
        }
        return (double) best / KEYS;
    }

    /**
     * One build in its own frame: no reference to an earlier index survives in a local variable slot of the caller
     * when the baseline is read (with it, the earlier index counted in the baseline and readings came out negative).
     */
    private static long retainedBytes(int versions, boolean compact, int seed) {
        long before = LiveHeap.bytes();
        BTreeIndex index = new BTreeIndex();
        long main = 0;
        for (int v = 0; v < versions; v++) {
            for (int i = 0; i < KEYS; i++) {
                index.put(TestKeys.RANDOM.key(seed, i), Revision.pack(++main, 0));
            }
        }
        if (compact) {
            index.compact(main);
        }
        long after = LiveHeap.bytes();
        Reference.reachabilityFence(index);
        assertThat(index.keyCount()).isEqualTo(KEYS);
        return after - before;
    }

}
