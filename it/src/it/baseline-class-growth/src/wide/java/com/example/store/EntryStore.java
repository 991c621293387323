package com.example.store;

import io.memstore.target.KeyValueTarget;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/** The store under test: a HashMap of keys to entries that hold a value and its version. */
public class EntryStore implements KeyValueTarget {
    private final Map<ByteBuffer, Entry> map = new HashMap<>();
    private long version;

    @Override
    public void put(byte[] key, byte[] value) {
        map.put(ByteBuffer.wrap(key), new Entry(value.clone(), ++version));
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
