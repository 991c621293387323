package io.memstore.measure.probe;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.RevisionIndex;
import io.memstore.store.StoreOptions;
import io.memstore.measure.spec.StoreSettings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The full store: {@link MvccStore} over a new SQLite file with the row's index and store options
 * ({@link StoreSettings}; by default {@link Durability#DEFERRED}, group commit as etcd's backend batches
 * writes). Each put is its own write transaction, so
 * revisions advance exactly as in {@link IndexTarget}; the store copies keys and values, so the probe's
 * reused value buffer is safe to pass. Gets are single-key ranges at the latest revision
 * ({@link MvccStore#get(byte[])}): the index lookup plus the value's row read from SQLite.
 */
final class StoreTarget implements LoadTarget {
    static final String FILE_NAME = "store.db";
    private final StoreOptions options;
    private MvccStore store;

    private StoreTarget(MvccStore store, StoreOptions options) {
        this.store = store;
        this.options = options;
    }

    /** Opens a new store in {@code dataDir}; an existing store file there is an error, never reused. */
    static StoreTarget open(Path dataDir, Supplier<RevisionIndex> index, StoreSettings settings) {
        Path file = dataDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the probe's data directory " + dataDir + ": "
                    + e.getMessage(), e);
        }
        if (Files.exists(file)) {
            throw new IllegalArgumentException(file + " exists already: each probe run needs a new store file");
        }
        StoreOptions options = StoreOptions.defaults().durability(settings.durability())
                .sqliteCacheKiB(settings.sqliteCacheKiB()).readConnections(settings.readConnections())
                .batchLimit(settings.batchLimit()).batchBytes(settings.batchBytes())
                .batchInterval(Duration.ofMillis(settings.batchIntervalMillis())).indexFactory(index);
        return new StoreTarget(MvccStore.open(file, options), options);
    }

    @Override
    public void put(byte[] key, byte[] value) {
        store.put(key, value);
    }

    @Override
    public void delete(byte[] key) {
        store.deleteRange(key, null);
    }

    @Override
    public void compact() {
        store.compact(store.currentRevision());
    }

    @Override
    public void compactBack(long window) {
        long at = store.currentRevision() - window;
        if (at > 0) {
            store.compact(at);
        }
    }

    /**
     * Writes every buffered commit into the file, then checkpoints the write-ahead log into the database and
     * truncates it ({@link MvccStore#checkpoint}): the state a store settles into between bursts of writes, with no
     * log frames left to replay.
     */
    @Override
    public void flush() {
        if (!store.checkpoint()) {
            throw new IllegalStateException("the write-ahead log of " + store.file() + " could not be"
                    + " checkpointed: SQLite reported it busy");
        }
    }

    @Override
    public boolean get(byte[] key) {
        return store.get(key) != null;
    }

    @Override
    public long keyCount() {
        return store.index().keyCount();
    }

    @Override
    public long revisionCount() {
        return store.index().revisionCount();
    }

    @Override
    public long fileSize() {
        return store.fileSize();
    }

    @Override
    public Object retained() {
        return store;
    }

    @Override
    public String getMethod() {
        return "MvccStore.get(key): single-key range at the latest revision, value read from SQLite";
    }

    /** Closes the store and opens its file again with the same options and a new index. */
    @Override
    public boolean reopen() {
        Path file = store.file();
        store.close();
        store = null;
        store = MvccStore.open(file, options);
        return true;
    }

    /**
     * Closes the store and opens its file again with the same options and a new index, timed from the close's end
     * to the open's: the restart of a service, with the file in the OS page cache as the load left it (the
     * write-ahead log checkpointed by {@link #flush}). The open rebuilds the index from every row and checks
     * them ({@link MvccStore#open}); revisions per second are those the new index holds. Before the timer starts,
     * the closed store is released and a full collection run, untimed: a restarted process would not hold the old
     * index, nor collect it while it builds the new one.
     */
    @Override
    public Map<String, Number> timedReopen() {
        Path file = store.file();
        store.close();
        store = null;
        System.gc();
        long start = System.nanoTime();
        store = MvccStore.open(file, options);
        double seconds = (System.nanoTime() - start) / 1e9;
        long revisions = store.index().revisionCount();
        Map<String, Number> m = new LinkedHashMap<>();
        m.put(Metrics.REOPEN_SECONDS, seconds);
        m.put(Metrics.REOPEN_REVISIONS_PER_SECOND, revisions / Math.max(1e-9, seconds));
        return m;
    }

    @Override
    public void close() {
        if (store != null) { // null when the reopen failed
            store.close();
        }
    }
}
