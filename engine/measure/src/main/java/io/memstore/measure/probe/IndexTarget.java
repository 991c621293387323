package io.memstore.measure.probe;

import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;

/**
 * The index alone (store none), driven directly: put i gets main revision i (1, 2, 3, ...) and sub 0,
 * as if each put were its own transaction; tombstones continue the sequence. Values are ignored.
 */
final class IndexTarget implements LoadTarget {
    private final RevisionIndex index;
    private long lastMain;

    IndexTarget(RevisionIndex index) {
        this.index = index;
    }

    @Override
    public void put(byte[] key, byte[] value) {
        index.put(key, Revision.pack(++lastMain, 0));
    }

    @Override
    public void delete(byte[] key) {
        index.tombstone(key, Revision.pack(++lastMain, 0));
    }

    @Override
    public void compact() {
        index.compact(lastMain);
    }

    @Override
    public void compactBack(long window) {
        if (lastMain > window) {
            index.compact(lastMain - window);
        }
    }

    @Override
    public void finish() {
        index.settle(); // the end of the load: the room the write path kept is released
    }

    @Override
    public boolean get(byte[] key) {
        return index.get(key, lastMain) != null;
    }

    @Override
    public long keyCount() {
        return index.keyCount();
    }

    @Override
    public long revisionCount() {
        return index.revisionCount();
    }

    @Override
    public Long fileSize() {
        return 0L; // no file: nothing on disk, which is a value, not an unavailable one
    }

    @Override
    public Object retained() {
        return index;
    }

    @Override
    public String getMethod() {
        return "RevisionIndex.get(key, latest revision)";
    }

    @Override
    public void close() {
        // nothing to release
    }
}
