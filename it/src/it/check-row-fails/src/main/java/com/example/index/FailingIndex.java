package com.example.index;

/** memstore's B-tree, which fails its 100th put when the probe runs with -Dit.fail=true. */
public class FailingIndex extends DelegatingIndex {
    private final boolean fail = Boolean.getBoolean("it.fail");
    private int puts;

    @Override
    public void put(byte[] key, long rev) {
        if (fail && ++puts == 100) {
            throw new IllegalStateException("this index fails its 100th put (-Dit.fail=true)");
        }
        super.put(key, rev);
    }
}
