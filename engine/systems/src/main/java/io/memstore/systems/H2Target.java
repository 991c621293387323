package io.memstore.systems;

import io.memstore.measure.probe.LoadTarget;
import io.memstore.measure.probe.Metrics;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * H2's MVStore as an embedded key-value store: one {@code MVMap<byte[], byte[]>} in a new file, with MVStore's
 * defaults (its page cache of 16 MiB on the Java heap, background auto-commit, chunks kept 45 s after they are
 * superseded). A row's versions are overwrites of the same key: the map reads only the latest value; older
 * ones live on only in file chunks not yet rewritten. Deletes remove the key. Compaction rewrites the file
 * ({@link MVStore#compactFile}).
 */
final class H2Target implements LoadTarget {
    static final String FILE_NAME = "store.mv.db";
    private MVStore store;
    private MVMap<byte[], byte[]> map;
    private final Path file;
    private long writes;

    private H2Target(MVStore store, Path file) {
        this.store = store;
        this.map = store.openMap("kv");
        this.file = file;
    }

    static H2Target open(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dataDir + ": " + e.getMessage(), e);
        }
        if (Files.exists(file)) {
            throw new IllegalArgumentException(file + " exists already: each probe run needs a new store file");
        }
        return new H2Target(new MVStore.Builder().fileName(file.toString()).open(), file);
    }

    @Override
    public void put(byte[] key, byte[] value) {
        map.put(key, value.clone()); // the map keeps the array, and the probe reuses its value buffer
        writes++;
    }

    @Override
    public void delete(byte[] key) {
        map.remove(key);
        writes++;
    }

    @Override
    public void compact() {
        store.commit();
        store.compactFile(60_000);
    }

    @Override
    public void flush() {
        store.commit();
    }

    @Override
    public boolean get(byte[] key) {
        return map.get(key) != null;
    }

    @Override
    public long keyCount() {
        return map.sizeAsLong();
    }

    @Override
    public long revisionCount() {
        return writes;
    }

    @Override
    public long fileSize() {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1; // unavailable
        }
    }

    @Override
    public Object retained() {
        return store;
    }

    @Override
    public String getMethod() {
        return "MVMap.get(key) of H2's MVStore, latest value";
    }

    /** Closes the store and opens its file and map again. */
    @Override
    public boolean reopen() {
        store.close();
        open();
        return true;
    }

    /**
     * Closes the store and opens it again: {@code reopen.seconds} is the open of the file and of its map until it
     * can serve a get (MVStore reads its chunk headers and the map's root, not its keys, so no revisions per
     * second are given).
     */
    @Override
    public java.util.Map<String, Number> timedReopen() {
        store.close();
        long start = System.nanoTime();
        open();
        return java.util.Map.of(Metrics.REOPEN_SECONDS, (System.nanoTime() - start) / 1e9);
    }

    private void open() {
        store = new MVStore.Builder().fileName(file.toString()).open();
        map = store.openMap("kv");
    }

    @Override
    public void close() {
        store.close();
    }
}
