package com.example.store;

import java.util.ArrayList;
import java.util.List;

/** The same store with a regression: it also keeps a copy of every key it was given. */
public class KeyCopyingMapStore extends MapStore {
    private final List<byte[]> copies = new ArrayList<>();

    @Override
    public void put(byte[] key, byte[] value) {
        super.put(key, value);
        copies.add(key.clone());
    }
}
