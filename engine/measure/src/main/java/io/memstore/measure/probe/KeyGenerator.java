package io.memstore.measure.probe;

import io.memstore.measure.spec.KeyPattern;

/**
 * Generates the keys of a row: key {@code i} (0 <= i < keys) is a pure function of (pattern, keySize, seed,
 * i), exactly {@code keySize} bytes long, and distinct from every other key of the row.
 *
 * <p>Why on the fly: a probe that pre-generated its keys would hold N arrays of its own next to the index
 * and could not tell them apart in a heap reading. Generating key i from (seed, i) keeps the generator at
 * O(1) state, so the heap that remains after the build is what the index (or store) holds, and a key is
 * the same on every machine, JVM and run, whatever order it is generated in.
 *
 * <p>Patterns (see each implementation for the exact layout):
 * <ul>
 *   <li>{@link KeyPattern#RANDOM}: full-range bytes 0x00..0xFF, as etcd's benchmark ({@code rand.Read}).
 *       The first min(8, keySize) bytes are a keyed bijection of i, the rest are hash bytes, so keys are
 *       distinct by construction. Needs keys <= 256^keySize.</li>
 *   <li>{@link KeyPattern#SEQUENTIAL}: the decimal digits of i, zero-padded on the left to keySize (ASCII).
 *       The seed is not used. Needs keySize >= the digits of keys - 1.</li>
 *   <li>{@link KeyPattern#HIERARCHICAL}: Kubernetes-like {@code /registry/<kind>/<namespace>/<name>}
 *       (ASCII), nine kinds, 100 namespaces, the name ending in a unique 8-character suffix. Needs
 *       keySize >= 8.</li>
 * </ul>
 */
public interface KeyGenerator {

    /** A new array holding key {@code i}: the caller may hand it to an index, which may keep it. */
    default byte[] key(long i) {
        byte[] out = new byte[keySize()];
        fill(i, out);
        return out;
    }

    /** Writes key {@code i} into {@code out}, which must be {@link #keySize()} bytes long. */
    void fill(long i, byte[] out);

    int keySize();

    /**
     * The generator of a row's keys.
     *
     * @throws IllegalArgumentException when {@code keys} distinct keys of {@code keySize} bytes cannot be made
     *                                  with the pattern; the message says what size is needed
     */
    static KeyGenerator of(KeyPattern pattern, int keySize, long seed, long keys) {
        if (keySize < 1) {
            throw new IllegalArgumentException("keySize must be at least 1 B, was " + keySize + " B");
        }
        if (keys < 0) {
            throw new IllegalArgumentException("keys must not be negative, was " + keys);
        }
        return switch (pattern) {
            case RANDOM -> new RandomKeys(keySize, seed, keys);
            case SEQUENTIAL -> new SequentialKeys(keySize, keys);
            case HIERARCHICAL -> new HierarchicalKeys(keySize, seed, keys);
        };
    }
}
