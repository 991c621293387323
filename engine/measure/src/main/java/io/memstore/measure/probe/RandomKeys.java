package io.memstore.measure.probe;

/**
 * Random keys: full-range bytes, as in etcd's benchmark.
 *
 * <pre>
 *   bytes 0 .. p-1 : big-endian value of Mix.permute(i, 8p bits, seed), p = min(8, keySize)
 *   bytes p ..     : Mix.hash(seed, i, word) bytes, 8 per word
 * </pre>
 * The head is a keyed bijection of i, so keys are distinct for any seed; it looks like random bytes, so
 * the index sees no order or shared prefixes.
 */
final class RandomKeys implements KeyGenerator {
    private static final long HEAD = 0x52414E44L; // "RAND": separates the head's key from the filler's
    private final int keySize;
    private final int headBytes;
    private final long seed;

    RandomKeys(int keySize, long seed, long keys) {
        this.keySize = keySize;
        this.headBytes = Math.min(8, keySize);
        this.seed = seed;
        if (headBytes < 8 && keys > (1L << (8 * headBytes))) {
            throw new IllegalArgumentException(keys + " distinct random keys need keySize >= "
                    + minKeySize(keys) + " B, was " + keySize + " B");
        }
    }

    private static int minKeySize(long keys) {
        int bytes = 1;
        while (bytes < 8 && keys > (1L << (8 * bytes))) {
            bytes++;
        }
        return bytes;
    }

    @Override
    public void fill(long i, byte[] out) {
        long head = Mix.permute(i, 8 * headBytes, seed ^ HEAD);
        for (int b = 0; b < headBytes; b++) {
            out[b] = (byte) (head >>> (8 * (headBytes - 1 - b)));
        }
        long word = 0;
        for (int b = headBytes; b < keySize; b++) {
            int inWord = (b - headBytes) & 7;
            if (inWord == 0) {
                word = Mix.hash(seed, i, (b - headBytes) >>> 3);
            }
            out[b] = (byte) (word >>> (8 * inWord));
        }
    }

    @Override
    public int keySize() {
        return keySize;
    }
}
