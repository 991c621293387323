package io.memstore.measure.probe;

/**
 * Generates the values of a row: the value of the {@code version}-th put of key {@code i} is a pure function
 * of (seed, i, version), {@code valueSize} full-range bytes, written into one reused buffer so the generator
 * holds O(1) state. Hash bytes do not compress, so the SQLite file holds what a real value would take.
 *
 * <p>With a range of sizes ({@code valueSize..valueSizeMax}) each value's size is drawn uniformly from it, also
 * from (seed, i, version), and each value is a new array of that size: an array's length is its size, so one
 * buffer cannot serve them all; the arrays are garbage once the put returns.
 */
final class ValueGenerator {
    private static final long VALUE_STREAM = 0x56414C55L; // "VALU"
    private static final long SIZE_STREAM = 0x53495A45L; // "SIZE"
    private final long seed;
    private final byte[] buffer;
    private final int maxSize;

    ValueGenerator(long seed, int valueSize) {
        this(seed, valueSize, valueSize);
    }

    ValueGenerator(long seed, int valueSize, int valueSizeMax) {
        if (valueSize < 0 || valueSizeMax < valueSize) {
            throw new IllegalArgumentException("valueSize must be a size or a range of sizes from 0 B up, was "
                    + valueSize + ".." + valueSizeMax + " B");
        }
        this.seed = seed;
        this.buffer = new byte[valueSize];
        this.maxSize = valueSizeMax;
    }

    /** The size of put {@code version} of key {@code i} (B). */
    int size(long i, int version) {
        if (maxSize == buffer.length) {
            return maxSize;
        }
        long span = maxSize - buffer.length + 1L;
        return buffer.length + (int) Long.remainderUnsigned(Mix.hash(seed, SIZE_STREAM + version, i), span);
    }

    /**
     * The value of put {@code version} (0-based) of key {@code i}, in the shared buffer: valid until the next
     * call. Copy it before handing it to anything that keeps the reference.
     */
    byte[] value(long i, int version) {
        byte[] out = maxSize == buffer.length ? buffer : new byte[size(i, version)];
        long stream = VALUE_STREAM + ((long) version << 32);
        long word = 0;
        for (int b = 0; b < out.length; b++) {
            if ((b & 7) == 0) {
                word = Mix.hash(seed, stream + (b >>> 3), i);
            }
            out[b] = (byte) word;
            word >>>= 8;
        }
        return out;
    }

    int valueSize() {
        return buffer.length;
    }
}
