package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.Revision;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link BTreeLeaf#find}, an interpolation search, against a binary search of the same sorted keys, for every key
 * the leaf holds and for keys between, before and after them: in leaves of 1 to 80 keys whose keys are spread
 * evenly (random), unevenly (powers, a cluster with outliers), share long prefixes, tie in the 8 bytes the guess
 * reads, differ only in length, or are shorter than 8 bytes after the prefix; whose prefix is at most 8 bytes
 * (compared from the leaf's fields) or longer; and probes that lie outside the prefix, at the guess, in the window of
 * keys around it (tied in their heads or not) or beyond it.
 */
class BTreeLeafFindTest {

    @Test
    void randomKeys() {
        check(r -> bytes(r, 64));
    }

    @Test
    void numberedKeys() {
        check(r -> ("/registry/pods/default/pod-" + r.nextInt(1_000_000)).getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void unevenlySpreadKeys() {
        // mostly a tight cluster, a few far outliers: the guess is far off, the gallop must still find every key
        check(r -> {
            long v = r.nextInt(10) == 0 ? r.nextLong() : 0x4000_0000_0000_0000L + r.nextInt(1_000);
            byte[] k = new byte[12];
            for (int j = 0; j < 8; j++) {
                k[j] = (byte) (v >>> (56 - 8 * j));
            }
            k[8 + r.nextInt(4)] = (byte) r.nextInt(256);
            return k;
        });
        check(r -> {
            long v = 1L << r.nextInt(63);
            byte[] k = new byte[8];
            for (int j = 0; j < 8; j++) {
                k[j] = (byte) (v >>> (56 - 8 * j));
            }
            return k;
        });
    }

    @Test
    void keysThatTieInTheirFirstEightBytes() {
        check(r -> {
            byte[] k = new byte[8 + r.nextInt(20)];
            Arrays.fill(k, 0, 8, (byte) 0x7f);
            for (int j = 8; j < k.length; j++) {
                k[j] = (byte) r.nextInt(3);
            }
            return k;
        });
    }

    @Test
    void shortKeysAndKeysThatDifferInLengthOnly() {
        check(r -> bytes(r, 1 + r.nextInt(3)));
        check(r -> {
            byte[] k = new byte[1 + r.nextInt(30)];
            Arrays.fill(k, (byte) 0xff);
            return k;
        });
        check(r -> {
            byte[] k = new byte[1 + r.nextInt(12)]; // zeros: padding to 8 bytes makes the heads equal
            return k;
        });
    }

    @Test
    void keysWithAPrefixOfAtMostEightBytes() {
        // prefixes of 2 and of exactly 8 bytes, read from the leaf's own fields; probes shorter than 8 bytes
        // and probes outside the prefix on either side
        check(r -> concat(new byte[] {'a', 'b'}, bytes(r, r.nextInt(12))));
        check(r -> concat(new byte[] {1, 2, 3, 4, 5, 6, 7, (byte) 0xff}, bytes(r, 1 + r.nextInt(3))));
        check(r -> concat(new byte[] {0, 0, 0}, bytes(r, r.nextInt(4))));
    }

    @Test
    void keysFarFromTheGuess() {
        // runs of keys that tie in their first 8 bytes after the prefix, some runs long, between spread keys: the
        // window around the guess holds several ties, or the key lies beyond it
        check(r -> {
            byte[] k = bytes(r, 16);
            if (r.nextInt(3) > 0) {
                Arrays.fill(k, 0, 8, (byte) (0x40 + r.nextInt(2)));
            }
            return k;
        });
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Leaves of every size from 1 to 80 keys drawn from {@code keys}, each probed with every key and its neighbours. */
    private static void check(Function<SplittableRandom, byte[]> keys) {
        SplittableRandom random = new SplittableRandom(3);
        for (int size = 1; size <= 80; size++) {
            for (int trial = 0; trial < 6; trial++) {
                TreeSet<byte[]> set = new TreeSet<>(Arrays::compareUnsigned);
                for (int attempts = 0; set.size() < size && attempts < 50 * size; attempts++) {
                    set.add(keys.apply(random));
                }
                List<byte[]> sorted = new ArrayList<>(set);
                BTreeLeaf leaf = leafOf(sorted);
                List<byte[]> probes = new ArrayList<>(sorted);
                for (byte[] k : sorted) {
                    probes.add(Arrays.copyOf(k, k.length + 1)); // just after k
                    if (k.length > 0) {
                        probes.add(Arrays.copyOf(k, k.length - 1)); // just before k
                        byte[] lower = k.clone();
                        lower[lower.length - 1]--;
                        probes.add(lower);
                        byte[] higher = k.clone();
                        higher[higher.length - 1]++;
                        probes.add(higher);
                        byte[] firstLower = k.clone(); // outside a prefix, below and above
                        firstLower[0]--;
                        probes.add(firstLower);
                        byte[] firstHigher = k.clone();
                        firstHigher[0]++;
                        probes.add(firstHigher);
                    }
                }
                probes.add(new byte[0]);
                probes.add(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
                for (int j = 0; j < 20; j++) {
                    probes.add(keys.apply(random));
                }
                for (byte[] probe : probes) {
                    int expected = Collections.binarySearch(sorted, probe, Arrays::compareUnsigned);
                    assertThat(leaf.find(probe)).as("find %s in a leaf of %d keys", Arrays.toString(probe), size)
                            .isEqualTo(expected);
                }
            }
        }
    }

    private static BTreeLeaf leafOf(List<byte[]> sorted) {
        LeafBuilder builder = new LeafBuilder();
        long rev = 1;
        for (byte[] k : sorted) {
            builder.addKey(k);
            builder.addRun(new long[] {RevisionRun.word(Revision.pack(rev++, 0), false)}, 0, 1);
        }
        BTreeLeaf leaf = new BTreeLeaf();
        builder.build(leaf);
        return leaf;
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] k = new byte[n];
        for (int j = 0; j < n; j++) {
            k[j] = (byte) r.nextInt(256);
        }
        return k;
    }
}
