package io.memstore.measure.probe;

import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;

/**
 * The index alone (store none), driven directly: put i gets main revision i (1, 2, 3, ...) and sub 0,
 * as if each put were its own transaction; tombstones continue the sequence. Values are ignored.
 */
final class IndexTarget implements LoadTarget {
    private final RevisionIndex index;
    private final String className;
    private long lastMain;

    /** @param className the index's class as the spec names it, when it is a project's own; null for a built-in */
    IndexTarget(RevisionIndex index, String className) {
        this.index = index;
        this.className = className;
    }

    /** A project's index class that throws fails with a {@link TargetClassException} naming it. */
    @Override
    public void put(byte[] key, byte[] value) {
        long revision = Revision.pack(++lastMain, 0);
        if (className == null) {
            index.put(key, revision);
            return;
        }
        try {
            index.put(key, revision);
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "put", e);
        }
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
    public void flush() {
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
    public long fileSize() {
        return 0; // no file: nothing on disk, which is a value, not an unavailable one
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
