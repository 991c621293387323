package io.memstore.store.internal.index;

import io.memstore.store.RevisionIndex;
import java.util.Arrays;
import java.util.Objects;

/** The range conventions of {@link RevisionIndex}, in one place: null end = one key, empty end = to the end. */
public final class KeyRange {
    private KeyRange() {
    }

    static void check(byte[] key, byte[] end) {
        Objects.requireNonNull(key, "key must not be null");
        if (end == null && key.length == 0) {
            throw new IllegalArgumentException("key must not be empty");
        }
    }

    public static boolean isSingleKey(byte[] end) {
        return end == null;
    }

    public static boolean isToEnd(byte[] end) {
        return end != null && end.length == 0;
    }

    /** True when {@code candidate} lies in the range that starts at {@code key} (assumed >= key). */
    static boolean beforeEnd(byte[] candidate, byte[] end) {
        return end.length == 0 || Arrays.compareUnsigned(candidate, end) < 0;
    }
}
