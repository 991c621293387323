package com.example.store;

/** A store with a quota of 8 keys. */
public class QuotaStore extends MapStore {
    private int keys;

    @Override
    public void put(byte[] key, byte[] value) {
        if (++keys > 8) {
            throw new IllegalStateException("quota of 8 keys exceeded");
        }
        super.put(key, value);
    }
}
