package io.memstore.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Everything the store does with SQLite, in the format of {@link StoreSchema}, behind the few calls
 * {@link MvccStore} makes; it knows nothing of the index or of MVCC rules. Each concern has a file of its own:
 * <ul>
 *   <li>{@link StoreOpener}: opening, and the read-only checks of an existing file before anything writes to it;</li>
 *   <li>{@link RowScan}: the scan of the key rows that restores the index on open, and damage reporting;</li>
 *   <li>{@link StoreWriter}: the one writer connection, its transactions, compaction's deletions, checkpoints;</li>
 *   <li>{@link ReaderPool}: the read-only connections that read rows by revision, any thread;</li>
 *   <li>{@link StoreVerifier}: {@link MvccStore#verify}'s read of every row of a closed file;</li>
 *   <li>{@link SqliteConnections}: how each kind of connection is made and set up.</li>
 * </ul>
 *
 * <p>The file is held by a {@link StoreLock} from before the first byte is read until every connection is
 * closed.
 */
final class SqliteBackend implements AutoCloseable {
    private final Path file;
    private final Path wal;
    private final StoreLock lock;
    private final StoreWriter writer;
    private final ReaderPool readers;
    private final StoreMeta metaAtOpen;
    private volatile boolean closed;

    /** Takes over {@code w}, the configured writer connection; on failure it opened nothing it does not close. */
    SqliteBackend(Path file, StoreLock lock, Connection w, StoreOptions options, StoreMeta metaAtOpen)
            throws SQLException {
        this.file = file;
        this.wal = SqliteConnections.sideFile(file, "-wal");
        this.lock = lock;
        this.metaAtOpen = metaAtOpen;
        ReaderPool pool = ReaderPool.open(file, options);
        WalCheckpointer checkpointer = null;
        try {
            checkpointer = options.durability() == Durability.DEFERRED
                    ? new WalCheckpointer(SqliteConnections.checkpointConnection(file, options),
                            file.getFileName().toString()) : null;
            this.writer = new StoreWriter(file, w, checkpointer, pool);
        } catch (SQLException | RuntimeException e) {
            if (checkpointer != null) {
                checkpointer.close();
            }
            pool.closeNow();
            throw e;
        }
        this.readers = pool;
    }

    /**
     * Opens {@code file}, creating it when it does not exist (or is empty); an existing file is checked
     * read-only first and its key rows handed to {@code sink} in revision order ({@link StoreOpener}).
     */
    static SqliteBackend open(Path file, StoreOptions options, RowScan.RowSink sink) {
        return StoreOpener.open(file, options, sink);
    }

    /** Checks {@code file} without writing to it ({@link StoreVerifier}). */
    static VerifyReport verify(Path file) {
        return StoreVerifier.verify(file);
    }

    /** The meta row values found when the file was opened. */
    StoreMeta metaAtOpen() {
        return metaAtOpen;
    }

    Path file() {
        return file;
    }

    /** Bytes of the database file and its write-ahead log. */
    long fileSize() {
        return SqliteConnections.sizeOf(file) + SqliteConnections.sizeOf(wal);
    }

    // ---- writing (writer lock held by the caller) ----

    /** See {@link StoreWriter#write}. */
    void write(List<Change> rows, long currentRevision) {
        writer.write(rows, currentRevision);
    }

    /** See {@link StoreWriter#checkpointLog}. */
    boolean checkpointLog() {
        return writer.checkpointLog();
    }

    /** See {@link StoreWriter#releaseCache}. */
    void releaseWriterCache() {
        writer.releaseCache();
    }

    /** See {@link StoreWriter#writeImage}. */
    IndexImage.Header writeImage(BTreeIndex index, List<BTreeLeaf> leaves, long revision, long compacted) {
        return writer.writeImage(index, leaves, revision, compacted);
    }

    /** See {@link StoreWriter#scheduleCompaction}. */
    void scheduleCompaction(long rev) {
        writer.scheduleCompaction(rev);
    }

    /** See {@link StoreWriter#compact}. */
    long compact(long rev, long[] kept) {
        return writer.compact(rev, kept);
    }

    /**
     * Ends the read connections' snapshots ({@link ReaderPool#endSnapshots}), as the next write would; for tests that
     * change the file behind the store's back.
     */
    void endSnapshots() {
        readers.endSnapshots();
    }

    /** See {@link StoreWriter#logLimit(long)}; for tests. */
    void logLimit(long bytes) {
        writer.logLimit(bytes);
    }

    /** See {@link StoreWriter#maxPageCount}; for tests. */
    void maxPageCount(long pages) {
        writer.maxPageCount(pages);
    }

    // ---- reading (any thread) ----

    /** The rows at {@code revs}, aligned with it; null where no row has that revision (compacted away). */
    StoredRow[] read(long[] revs) {
        return readers.read(revs);
    }

    /** The value of one put, read from its kv_value row alone: {@link ReadConnection#readValue}. */
    byte[] readValue(long rev, byte[] key, long createRev, long version) {
        return readers.readValue(rev, key, createRev, version);
    }

    /**
     * Closes every connection, each even when closing another failed, then releases the lock; waits for reads
     * in progress to hand their connection back. A read that does not finish within the wait keeps its
     * connection, and the file stays locked until this JVM ends.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        StoreException failure = readers.close();
        StoreException writing = writer.close();
        failure = failure != null ? failure : writing;
        if (readers.allClosed()) {
            lock.close();
        }
        if (failure != null) {
            throw failure;
        }
    }
}
