package io.memstore.store;

import io.memstore.store.internal.index.ReferenceIndex;

/**
 * A {@link ReferenceIndex} with one planted bug, for proving that the differential fuzzer finds and shrinks
 * bugs: a range cut short by its limit reports that nothing more follows.
 */
final class PlantedBugIndex implements RevisionIndex {
    private final ReferenceIndex real = new ReferenceIndex();

    @Override
    public IndexRange range(byte[] key, byte[] end, long atRev, int limit, boolean countTotal) {
        IndexRange r = real.range(key, end, atRev, limit, countTotal);
        return new IndexRange(r.keys(), r.revisions(), r.total(), false); // the bug
    }

    @Override
    public void put(byte[] key, long rev) {
        real.put(key, rev);
    }

    @Override
    public void restore(byte[] key, long createRev, long rev, long version) {
        real.restore(key, createRev, rev, version);
    }

    @Override
    public void tombstone(byte[] key, long rev) {
        real.tombstone(key, rev);
    }

    @Override
    public KeyState get(byte[] key, long atRev) {
        return real.get(key, atRev);
    }

    @Override
    public long count(byte[] key, byte[] end, long atRev) {
        return real.count(key, end, atRev);
    }

    @Override
    public long[] since(byte[] key, long atRev) {
        return real.since(key, atRev);
    }

    @Override
    public long[] compact(long atRev) {
        return real.compact(atRev);
    }

    @Override
    public long[] keep(long atRev) {
        return real.keep(atRev);
    }

    @Override
    public long keyCount() {
        return real.keyCount();
    }

    @Override
    public long revisionCount() {
        return real.revisionCount();
    }
}
