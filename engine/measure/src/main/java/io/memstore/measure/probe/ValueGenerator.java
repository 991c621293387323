package io.memstore.measure.probe;

/**
 * Generates the values of a row: the value of the {@code version}-th put of key {@code i} is a pure function
 * of (seed, i, version), {@code valueSize} full-range bytes, written into one reused buffer so the generator
 * holds O(1) state. Hash bytes do not compress, so the SQLite file holds what a real value would take.
 */
final class ValueGenerator {
    private static final long VALUE_STREAM = 0x56414C55L; // "VALU"
    private final long seed;
    private final byte[] buffer;

    ValueGenerator(long seed, int valueSize) {
        if (valueSize < 0) {
            throw new IllegalArgumentException("valueSize must not be negative, was " + valueSize + " B");
        }
        this.seed = seed;
        this.buffer = new byte[valueSize];
    }

    /**
     * The value of put {@code version} (0-based) of key {@code i}, in the shared buffer: valid until the next
     * call. Copy it before handing it to anything that keeps the reference.
     */
    byte[] value(long i, int version) {
        long stream = VALUE_STREAM + ((long) version << 32);
        long word = 0;
        for (int b = 0; b < buffer.length; b++) {
            if ((b & 7) == 0) {
                word = Mix.hash(seed, stream + (b >>> 3), i);
            }
            buffer[b] = (byte) word;
            word >>>= 8;
        }
        return buffer;
    }

    int valueSize() {
        return buffer.length;
    }
}
