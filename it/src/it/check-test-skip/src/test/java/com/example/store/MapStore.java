package com.example.store;

import io.memstore.target.KeyValueTarget;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/** The store under test: a HashMap of keys to copies of their values. */
public class MapStore implements KeyValueTarget {
    private final Map<ByteBuffer, byte[]> map = new HashMap<>();

    @Override
    public void put(byte[] key, byte[] value) {
        map.put(ByteBuffer.wrap(key), value.clone()); // the probe reuses the value buffer after the call
    }

    @Override
    public boolean get(byte[] key) {
        return map.containsKey(ByteBuffer.wrap(key));
    }

    @Override
    public void delete(byte[] key) {
        map.remove(ByteBuffer.wrap(key));
    }

    @Override
    public void close() {
        map.clear();
    }
}
