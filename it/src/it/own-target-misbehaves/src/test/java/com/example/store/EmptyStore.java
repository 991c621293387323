package com.example.store;

import io.memstore.target.KeyValueTarget;

/** A store that holds nothing. */
public class EmptyStore implements KeyValueTarget {
    @Override
    public void put(byte[] key, byte[] value) {
    }

    @Override
    public boolean get(byte[] key) {
        return false;
    }

    @Override
    public void delete(byte[] key) {
    }

    @Override
    public void close() {
    }
}
