package io.memstore.measure.probe;

/**
 * The stateless pseudo-random functions behind every generated key, value and choice of the probe.
 *
 * <p>Everything the probe generates is a pure function of (seed, index), never a draw from a stateful
 * generator: key i is the same whether it is generated first or last, on any machine and any JVM, and the
 * generator holds O(1) state, so nothing it keeps is mistaken for index memory.
 */
final class Mix {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Mix() {
    }

    /** SplitMix64's finaliser (Stafford's variant 13): a bijection of 64-bit values with good avalanche. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A 64-bit hash of (seed, stream, i): independent-looking values for every stream and index. */
    static long hash(long seed, long stream, long i) {
        return mix64(mix64(seed + stream * GOLDEN) ^ (i * GOLDEN + stream));
    }

    /**
     * A keyed bijection of the {@code bits}-bit integers (1..64): distinct inputs below 2^bits give
     * distinct outputs below 2^bits. Built from steps that are each invertible modulo 2^bits (add a key,
     * xor with the value shifted right, multiply by an odd constant), so uniqueness is by construction, not
     * by luck; keys built on it are distinct for any seed.
     */
    static long permute(long x, int bits, long seed) {
        if (bits < 1 || bits > 64) {
            throw new IllegalArgumentException("bits must be 1..64, was " + bits);
        }
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        int shift = Math.max(1, (bits + 1) / 2);
        x &= mask;
        for (int round = 0; round < 3; round++) {
            x = (x + mix64(seed + round)) & mask;
            x ^= x >>> shift;
            x = (x * (0xBF58476D1CE4E5B9L | 1)) & mask;
            x ^= x >>> shift;
        }
        return x;
    }
}
