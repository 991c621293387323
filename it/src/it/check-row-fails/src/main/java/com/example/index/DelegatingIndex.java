package com.example.index;

import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.IndexRange;
import io.memstore.store.KeyState;
import io.memstore.store.RevisionIndex;

/** The project's own index: every call goes to memstore's B-tree. */
public class DelegatingIndex implements RevisionIndex {
    protected final BTreeIndex tree = new BTreeIndex();

    @Override
    public void put(byte[] key, long rev) {
        tree.put(key, rev);
    }

    @Override
    public void restore(byte[] key, long createRev, long rev, long version) {
        tree.restore(key, createRev, rev, version);
    }

    @Override
    public void tombstone(byte[] key, long rev) {
        tree.tombstone(key, rev);
    }

    @Override
    public void settle() {
        tree.settle();
    }

    @Override
    public KeyState get(byte[] key, long atRev) {
        return tree.get(key, atRev);
    }

    @Override
    public IndexRange range(byte[] key, byte[] end, long atRev, int limit, boolean countTotal) {
        return tree.range(key, end, atRev, limit, countTotal);
    }

    @Override
    public long count(byte[] key, byte[] end, long atRev) {
        return tree.count(key, end, atRev);
    }

    @Override
    public long[] since(byte[] key, long atRev) {
        return tree.since(key, atRev);
    }

    @Override
    public long[] compact(long atRev) {
        return tree.compact(atRev);
    }

    @Override
    public long[] keep(long atRev) {
        return tree.keep(atRev);
    }

    @Override
    public long keyCount() {
        return tree.keyCount();
    }

    @Override
    public long revisionCount() {
        return tree.revisionCount();
    }
}
