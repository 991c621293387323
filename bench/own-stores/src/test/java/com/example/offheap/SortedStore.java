package com.example.offheap;

import io.memstore.target.KeyValueTarget;

import java.util.Arrays;
import java.util.TreeMap;

/** A key-value store on the heap: a TreeMap of copies of the keys to copies of their values, in key order. */
public class SortedStore implements KeyValueTarget {
    private final TreeMap<byte[], byte[]> map = new TreeMap<>(Arrays::compareUnsigned);

    @Override
    public void put(byte[] key, byte[] value) {
        map.put(key.clone(), value.clone());
    }

    @Override
    public boolean get(byte[] key) {
        return map.containsKey(key);
    }

    @Override
    public void delete(byte[] key) {
        map.remove(key);
    }

    @Override
    public void close() {
        map.clear();
    }
}
