package io.memstore.store.internal.index;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The head of a byte string: its first 8 bytes read as one unsigned big-endian number, zero-padded when the string
 * is shorter. The B-tree's nodes keep heads beside their packed keys and separators so that a search compares one
 * {@code long} already in the node instead of following an offset into a byte array, one cache line further.
 *
 * <p>Where the heads of two strings differ they order the strings as an unsigned byte-by-byte comparison does:
 * at the first byte where the heads differ, either both strings have a byte there, or the shorter one has ended
 * and the longer one's byte is above the padding's 0. Equal heads say nothing about the strings beyond their
 * first 8 bytes (and a string of fewer than 8 bytes has the head of itself followed by zeros), so a tie is
 * settled by comparing the bytes.
 */
final class KeyHead {
    private static final VarHandle BIG_ENDIAN_LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.BIG_ENDIAN);

    private KeyHead() {
    }

    /** The head of {@code b[from, to)}. */
    static long of(byte[] b, int from, int to) {
        if (to - from >= Long.BYTES) {
            return (long) BIG_ENDIAN_LONG.get(b, from);
        }
        long h = 0;
        for (int j = 0; j < Long.BYTES; j++) {
            h = h << 8 | (from + j < to ? b[from + j] & 0xff : 0);
        }
        return h;
    }

    /**
     * {@code key}'s first {@code n} bytes (1 to 8, and the key at least 8 bytes long) compared, unsigned, with
     * the first {@code n} bytes of the string whose head is {@code head}.
     */
    static int comparePrefix(byte[] key, long head, int n) {
        int shift = Long.SIZE - Byte.SIZE * n;
        return Long.compareUnsigned((long) BIG_ENDIAN_LONG.get(key, 0) >>> shift, head >>> shift);
    }
}
