package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link BTreeInner#childIndex} against a linear count of the separators at or below the key, for separators and
 * keys that differ in their first byte, tie in their first 8 bytes, end in zero bytes, differ only in length or
 * are spread far from evenly;
 * and after {@link BTreeInner#insertChild} and {@link BTreeInner#splitOff}, which rebuild the node's arrays.
 */
class BTreeInnerTest {

    @Test
    void shortRandomSeparators() {
        check(r -> bytes(r, 1 + r.nextInt(3)), r -> bytes(r, 64));
    }

    @Test
    void separatorsThatTieInTheirFirstEightBytes() {
        check(r -> withHead(r, 8 + r.nextInt(6)), r -> withHead(r, 8 + r.nextInt(6)));
    }

    /**
     * Separators spread far from evenly (heads of powers of two, so most of them crowd the low end), where the
     * interpolated guess is many separators off and the search must gallop the whole node.
     */
    @Test
    void unevenlySpreadSeparators() {
        Function<SplittableRandom, byte[]> skewed = r -> {
            byte[] b = bytes(r, 8 + r.nextInt(4));
            long head = (1L << r.nextInt(64)) + r.nextInt(3);
            for (int j = 0; j < 8; j++) {
                b[j] = (byte) (head >>> (56 - 8 * j));
            }
            return b;
        };
        check(skewed, skewed);
        check(skewed, r -> bytes(r, 64));
    }

    @Test
    void separatorsAndKeysOfZeroBytesAndPrefixes() {
        // "", "a", "a\0", "a\0\0", ...: only the lengths and the bytes past 8 decide
        Function<SplittableRandom, byte[]> zeros = r -> {
            byte[] k = new byte[r.nextInt(12)];
            if (k.length > 0 && r.nextBoolean()) {
                k[0] = 'a';
            }
            if (k.length > 9 && r.nextBoolean()) {
                k[k.length - 1] = 1;
            }
            return k;
        };
        check(zeros, zeros);
    }

    @Test
    void insertAndSplitKeepTheOrder() {
        SplittableRandom r = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            TreeSet<byte[]> sorted = new TreeSet<>(Arrays::compareUnsigned);
            while (sorted.size() < 2 + r.nextInt(60)) {
                sorted.add(withHead(r, 1 + r.nextInt(12)));
            }
            List<byte[]> seps = new ArrayList<>(sorted);
            byte[] inserted = seps.remove(r.nextInt(seps.size()));
            BTreeInner node = node(seps);
            int at = count(seps, inserted) + 1;
            node.insertChild(at, inserted, new BTreeLeaf());
            seps.add(at - 1, inserted);
            List<byte[]> probes = probes(r, seps);
            assertMatches(node, seps, probes);

            int m = 1 + r.nextInt(seps.size());
            BTreeInner right = node.splitOff(m);
            assertMatches(node, seps.subList(0, m - 1), probes);
            assertMatches(right, seps.subList(m, seps.size()), probes);
        }
    }

    private static void check(Function<SplittableRandom, byte[]> separator, Function<SplittableRandom, byte[]> key) {
        SplittableRandom r = new SplittableRandom(42);
        for (int round = 0; round < 300; round++) {
            TreeSet<byte[]> sorted = new TreeSet<>(Arrays::compareUnsigned);
            int n = 1 + r.nextInt(64);
            for (int tries = 0; sorted.size() < n && tries < 10 * n; tries++) {
                sorted.add(separator.apply(r));
            }
            List<byte[]> seps = new ArrayList<>(sorted);
            List<byte[]> probes = probes(r, seps);
            for (int j = 0; j < 50; j++) {
                probes.add(key.apply(r));
            }
            assertMatches(node(seps), seps, probes);
        }
    }

    /** Every separator, each with a zero byte appended and with its last byte dropped, and the empty key. */
    private static List<byte[]> probes(SplittableRandom r, List<byte[]> seps) {
        List<byte[]> probes = new ArrayList<>();
        probes.add(new byte[0]);
        for (byte[] s : seps) {
            probes.add(s);
            probes.add(Arrays.copyOf(s, s.length + 1));
            if (s.length > 0) {
                probes.add(Arrays.copyOf(s, s.length - 1));
            }
        }
        return probes;
    }

    private static void assertMatches(BTreeInner node, List<byte[]> seps, List<byte[]> probes) {
        assertThat(node.childCount()).isEqualTo(seps.size() + 1);
        for (byte[] k : probes) {
            assertThat(node.childIndex(k)).as("child of %s among %s", Arrays.toString(k), seps.size())
                    .isEqualTo(count(seps, k));
        }
    }

    private static BTreeInner node(List<byte[]> seps) {
        List<BTreeNode> children = new ArrayList<>();
        for (int j = 0; j <= seps.size(); j++) {
            children.add(new BTreeLeaf());
        }
        return BTreeInner.of(seps, children);
    }

    /** The number of separators at or below {@code key}: the child that holds it. */
    private static int count(List<byte[]> seps, byte[] key) {
        int c = 0;
        for (byte[] s : seps) {
            if (Arrays.compareUnsigned(s, key) <= 0) {
                c++;
            }
        }
        return c;
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        for (int j = 0; j < n; j++) {
            b[j] = (byte) r.nextInt(256);
        }
        return b;
    }

    /** {@code n} bytes of which the first 8 are one of two values, the rest random. */
    private static byte[] withHead(SplittableRandom r, int n) {
        byte[] b = bytes(r, n);
        byte fill = r.nextBoolean() ? (byte) 0x7f : 0;
        Arrays.fill(b, 0, Math.min(8, n), fill);
        return b;
    }
}
