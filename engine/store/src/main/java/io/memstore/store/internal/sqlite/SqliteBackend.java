package io.memstore.store.internal.sqlite;

import io.memstore.store.Durability;
import io.memstore.store.StoreException;
import io.memstore.store.VerifyReport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Everything the store does with SQLite, in the format of {@link StoreSchema}, behind the few calls
 * {@code MvccStore} makes; it knows nothing of the index, of its image or of MVCC rules (the layer above hands
 * in what it needs of them: a {@link RecordScan.RecordSink}, {@link VerifyChecks}, a {@link TableWrite}). Each concern
 * has a file of its own:
 * <ul>
 *   <li>{@link StoreOpener}: opening, and the read-only checks of an existing file before anything writes to it;</li>
 *   <li>{@link RecordScan}: the scan of the key records that restores the index on open, and damage reporting;</li>
 *   <li>{@link StoreWriter}: the one writer connection, its transactions, compaction's deletions, checkpoints;</li>
 *   <li>{@link ReaderPool}: the read-only connections that read records by revision, any thread;</li>
 *   <li>{@link StoreVerifier}: {@code MvccStore.verify}'s read of every record of a closed file;</li>
 *   <li>{@link SqliteConnections}: how each kind of connection is made and set up.</li>
 * </ul>
 *
 * <p>The file is held by a {@link StoreLock} from before the first byte is read until every connection is
 * closed.
 */
public final class SqliteBackend implements AutoCloseable {
    private final Path file;
    private final Path wal;
    private final StoreLock lock;
    private final StoreWriter writer;
    private final ReaderPool readers;
    private final StoreMeta metaAtOpen;
    private volatile boolean closed;

    /** Takes over {@code w}, the configured writer connection; on failure it opened nothing it does not close. */
    SqliteBackend(Path file, StoreLock lock, Connection w, SqliteOptions options, StoreMeta metaAtOpen)
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
            this.writer = new StoreWriter(file, w, checkpointer, pool, metaAtOpen.keyDigest());
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
     * read-only first and its key records handed to {@code sink} in revision order ({@link StoreOpener}).
     */
    public static SqliteBackend open(Path file, SqliteOptions options, RecordScan.RecordSink sink) {
        return StoreOpener.open(file, options, sink);
    }

    /** Checks {@code file} without writing to it ({@link StoreVerifier}), with the rules of the layer above. */
    public static VerifyReport verify(Path file, VerifyChecks checks) {
        return StoreVerifier.verify(file, checks);
    }

    /** The meta record values found when the file was opened. */
    public StoreMeta metaAtOpen() {
        return metaAtOpen;
    }

    Path file() {
        return file;
    }

    /** Bytes of the database file and its write-ahead log. */
    public long fileSize() {
        return SqliteConnections.sizeOf(file) + SqliteConnections.sizeOf(wal);
    }

    // ---- writing (writer lock held by the caller) ----

    /** See {@link StoreWriter#write}. */
    public void write(List<Change> records, long currentRevision) {
        writer.write(records, currentRevision);
    }

    /** See {@link StoreWriter#checkpointLog}. */
    public boolean checkpointLog() {
        return writer.checkpointLog();
    }

    /** See {@link StoreWriter#releaseCache}. */
    public void releaseWriterCache() {
        writer.releaseCache();
    }

    /** See {@link StoreWriter#inTransaction}. */
    public <T> T inTransaction(String what, TableWrite<T> write) {
        return writer.inTransaction(what, write);
    }

    /** See {@link StoreWriter#scheduleCompaction}. */
    public void scheduleCompaction(long rev) {
        writer.scheduleCompaction(rev);
    }

    /** See {@link StoreWriter#compact}. */
    public long compact(long rev, long[] kept) {
        return writer.compact(rev, kept);
    }

    /**
     * Ends the read connections' snapshots ({@link ReaderPool#endSnapshots}), as the next write would; for tests that
     * change the file behind the store's back.
     */
    public void endSnapshots() {
        readers.endSnapshots();
    }

    /** See {@link StoreWriter#logLimit(long)}; for tests. */
    public void logLimit(long bytes) {
        writer.logLimit(bytes);
    }

    /** See {@link StoreWriter#maxPageCount}; for tests. */
    public void maxPageCount(long pages) {
        writer.maxPageCount(pages);
    }

    // ---- reading (any thread) ----

    /** The records at {@code revs}, aligned with it; null where no record has that revision (compacted away). */
    public StoredRecord[] read(long[] revs) {
        return readers.read(revs);
    }

    /** The value of one put, read from its kv_value record alone: {@link ReadConnection#readValue}. */
    public byte[] readValue(long rev, byte[] key, long createRev, long version) {
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
