package io.memstore.store.internal.index;

import java.util.Arrays;

/** A growable {@code long[]}, so collecting revisions does not box one {@code Long} per element. */
final class LongArrayBuilder {
    private long[] values;
    private int size;

    LongArrayBuilder() {
        this(16);
    }

    LongArrayBuilder(int capacity) {
        values = new long[Math.max(1, capacity)];
    }

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    long[] toArray() {
        return Arrays.copyOf(values, size);
    }

    long[] toSortedArray() {
        long[] out = toArray();
        Arrays.sort(out);
        return out;
    }
}
