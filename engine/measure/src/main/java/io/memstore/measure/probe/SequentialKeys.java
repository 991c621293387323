package io.memstore.measure.probe;

/** Sequential keys: the ASCII decimal digits of i, zero-padded on the left to the key size. */
final class SequentialKeys implements KeyGenerator {
    private final int keySize;

    SequentialKeys(int keySize, long keys) {
        this.keySize = keySize;
        int digits = keys <= 1 ? 1 : Long.toString(keys - 1).length();
        if (digits > keySize) {
            throw new IllegalArgumentException(keys + " sequential keys need keySize >= " + digits
                    + " B (the digits of " + (keys - 1) + "), was " + keySize + " B");
        }
    }

    @Override
    public void fill(long i, byte[] out) {
        long rest = i;
        for (int b = keySize - 1; b >= 0; b--) {
            out[b] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
    }

    @Override
    public int keySize() {
        return keySize;
    }
}
