package com.example.store;

import io.memstore.target.KeyValueTarget;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/** A store whose every put takes 5 ms: a row of it runs long enough to be stopped in the middle. */
public class SlowStore implements KeyValueTarget {
    private final Map<ByteBuffer, byte[]> map = new HashMap<>();

    @Override
    public void put(byte[] key, byte[] value) {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        map.put(ByteBuffer.wrap(key.clone()), value.clone());
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
