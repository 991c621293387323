package com.example.index;

import java.util.ArrayList;
import java.util.List;

/** The B-tree, plus a copy of every key put: an index that holds each key twice. */
public class KeyCopyingIndex extends DelegatingIndex {
    private final List<byte[]> copies = new ArrayList<>();

    @Override
    public void put(byte[] key, long rev) {
        super.put(key, rev);
        copies.add(key.clone());
    }
}
