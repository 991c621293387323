package io.memstore.bench;

import io.memstore.measure.probe.KeyGenerator;
import io.memstore.measure.spec.KeyPattern;
import java.util.SplittableRandom;

/**
 * The rows every benchmark here uses: 64 B keys of full-range random bytes, as etcd's benchmark, and one 256 B
 * random value. Keys come from the probe's {@link KeyGenerator} with a fixed seed, so a run sees the same keys on
 * every machine and JVM, and two benchmarks given the same N see the same keys.
 */
public final class Workload {
    static final int KEY_SIZE = 64;
    static final int VALUE_SIZE = 256;
    static final long SEED = 1;
    /** The lookup order's seed. */
    static final long SHUFFLE_SEED = 7;

    private Workload() {
    }

    /**
     * Keys 0..n-1, each its own array. Their order is the generator's, which is random in key order: putting
     * them in this order is a random-order insert.
     */
    public static byte[][] keys(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("keys must be at least 1, was " + n);
        }
        KeyGenerator generator = KeyGenerator.of(KeyPattern.RANDOM, KEY_SIZE, SEED, n);
        byte[][] keys = new byte[n][];
        for (int i = 0; i < n; i++) {
            keys[i] = generator.key(i);
        }
        return keys;
    }

    /** The value of every row: {@link #VALUE_SIZE} random bytes. */
    static byte[] value() {
        byte[] value = new byte[VALUE_SIZE];
        new SplittableRandom(SEED).nextBytes(value);
        return value;
    }

    /** A random permutation of 0..n-1 (Fisher-Yates, fixed seed). */
    public static int[] shuffled(int n) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(SHUFFLE_SEED);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
