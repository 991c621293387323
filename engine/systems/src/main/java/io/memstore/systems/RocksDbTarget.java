package io.memstore.systems;

import io.memstore.measure.probe.LoadTarget;
import io.memstore.measure.probe.Metrics;
import org.rocksdb.FlushOptions;
import org.rocksdb.NativeLibraryLoader;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * RocksDB through its JNI artifact as an embedded key-value store, in a new database directory with RocksDB's
 * defaults (a 64 MiB write buffer, its default block cache, both outside the Java heap; write-ahead log on, no
 * fsync per write).
 * A row's versions are overwrites of the same key: reads see the latest value; older ones stay in the
 * memtable and table files until a flush or compaction drops them (no snapshot holds them). Deletes write
 * tombstones. Compaction is {@link RocksDB#compactRange()} over the whole key space.
 *
 * <p>The native library is extracted into the row's directory (not the system's temporary directory), so it
 * goes with the row's files even when the probe is killed.
 */
final class RocksDbTarget implements LoadTarget {
    static final String DB_DIR = "rocksdb";
    /** The properties whose sum is {@link #nativeBytes}. */
    static final java.util.List<String> NATIVE_PROPERTIES = java.util.List.of("rocksdb.estimate-table-readers-mem",
            "rocksdb.cur-size-all-mem-tables", "rocksdb.block-cache-usage");
    private final Options options;
    private RocksDB db;
    private final Path dir;
    private long writes;

    private RocksDbTarget(Options options, RocksDB db, Path dir) {
        this.options = options;
        this.db = db;
        this.dir = dir;
    }

    static RocksDbTarget open(Path dataDir) {
        Path dir = dataDir.resolve(DB_DIR);
        try {
            Files.createDirectories(dataDir);
            if (Files.exists(dir)) {
                throw new IllegalArgumentException(dir + " exists already: each probe run needs a new database");
            }
            NativeLibraryLoader.getInstance().loadLibrary(dataDir.toAbsolutePath().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load RocksDB's native library into " + dataDir + ": "
                    + e.getMessage(), e);
        }
        Options options = new Options().setCreateIfMissing(true);
        try {
            return new RocksDbTarget(options, RocksDB.open(options, dir.toString()), dir);
        } catch (RocksDBException e) {
            options.close();
            throw new IllegalStateException("cannot open a RocksDB database in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void put(byte[] key, byte[] value) {
        try {
            db.put(key, value);
            writes++;
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB put failed after " + writes + " writes: " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(byte[] key) {
        try {
            db.delete(key);
            writes++;
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB delete failed after " + writes + " writes: " + e.getMessage(), e);
        }
    }

    @Override
    public void compact() {
        try {
            db.compactRange();
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB compaction failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void flush() {
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            db.flush(flush);
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB flush failed: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean get(byte[] key) {
        try {
            return db.get(key) != null;
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB get failed: " + e.getMessage(), e);
        }
    }

    /** Counted by iterating over every key (exact; RocksDB's own figure is an estimate). */
    @Override
    public long keyCount() {
        long n = 0;
        try (RocksIterator it = db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                n++;
            }
        }
        return n;
    }

    @Override
    public long revisionCount() {
        return writes;
    }

    @Override
    public long fileSize() {
        return DirectorySize.of(dir);
    }

    /**
     * RocksDB's own count of its memory outside the Java heap: its table readers (the index and filter blocks of
     * every open table file, which grow with the keys), its memtables and its block cache's contents
     * ({@code rocksdb.estimate-table-readers-mem}, {@code rocksdb.cur-size-all-mem-tables},
     * {@code rocksdb.block-cache-usage}).
     */
    @Override
    public long nativeBytes() {
        long sum = 0;
        for (String property : NATIVE_PROPERTIES) {
            try {
                sum += db.getLongProperty(property);
            } catch (RocksDBException e) {
                throw new IllegalStateException("cannot read RocksDB's " + property + ": " + e.getMessage(), e);
            }
        }
        return sum;
    }

    @Override
    public Object retained() {
        return db;
    }

    @Override
    public String getMethod() {
        return "RocksDB.get(key), latest value";
    }

    /** Closes the database and opens it again. */
    @Override
    public boolean reopen() {
        db.close();
        open();
        return true;
    }

    /**
     * Closes the database and opens it again: {@code reopen.seconds} is the open until it can serve a get (it
     * reads its manifest and replays its log, not its keys, so no revisions per second are given).
     */
    @Override
    public java.util.Map<String, Number> timedReopen() {
        db.close();
        long start = System.nanoTime();
        open();
        return java.util.Map.of(Metrics.REOPEN_SECONDS, (System.nanoTime() - start) / 1e9);
    }

    private void open() {
        try {
            db = RocksDB.open(options, dir.toString());
        } catch (RocksDBException e) {
            db = null;
            throw new IllegalStateException("cannot reopen the RocksDB database in " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (db != null) {
            db.close();
        }
        options.close();
    }
}
