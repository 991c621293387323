package io.memstore.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The store's read-only connections ({@link ReadConnection}), a fixed number of them handed out one read at a
 * time: in WAL mode each reads a committed snapshot while the writer writes, and a fixed pool bounds both the open
 * descriptors and SQLite's page caches. A read waits for an idle connection; closing waits for reads in progress
 * to hand theirs back, so that no connection is closed under a read.
 */
final class ReaderPool {
    private static final long CLOSE_WAIT_SECONDS = 30;

    private final Path file;
    private final List<ReadConnection> readers;
    private final ArrayBlockingQueue<ReadConnection> idle;
    private volatile boolean closed;
    /** Connections {@link #close} left to reads that did not finish. */
    private int leftOpen;

    private ReaderPool(Path file, List<ReadConnection> readers) {
        this.file = file;
        this.readers = readers;
        this.idle = new ArrayBlockingQueue<>(readers.size());
        idle.addAll(readers);
    }

    /** {@link StoreOptions#readConnections} connections to {@code file}; none is left open when one fails. */
    static ReaderPool open(Path file, StoreOptions options) throws SQLException {
        List<ReadConnection> readers = new ArrayList<>();
        try {
            for (int i = 0; i < options.readConnections(); i++) {
                readers.add(new ReadConnection(file, SqliteConnections.readConnection(file, options)));
            }
        } catch (SQLException | RuntimeException e) {
            closeAll(readers);
            throw e;
        }
        return new ReaderPool(file, readers);
    }

    /** Closes every connection at once, each even when another fails; for a store whose open failed. */
    void closeNow() {
        closed = true;
        closeAll(readers);
    }

    private static void closeAll(List<ReadConnection> readers) {
        for (ReadConnection rc : readers) {
            try {
                rc.close();
            } catch (RuntimeException ignored) {
                // reporting the original failure
            }
        }
    }

    /** The rows at {@code revs}, aligned with it; null where no row has that revision (compacted away). */
    StoredRow[] read(long[] revs) {
        ReadConnection rc = acquire();
        try {
            return rc.read(revs);
        } finally {
            idle.offer(rc);
        }
    }

    /** The value of one put, read from its kv_value row alone: {@link ReadConnection#readValue}. */
    byte[] readValue(long rev, byte[] key, long createRev, long version) {
        ReadConnection rc = acquire();
        try {
            return rc.readValue(rev, key, createRev, version);
        } finally {
            idle.offer(rc);
        }
    }

    private ReadConnection acquire() {
        try {
            while (true) {
                if (closed) {
                    throw new StoreClosedException("store " + file + " is closed");
                }
                ReadConnection rc = idle.poll(50, TimeUnit.MILLISECONDS);
                if (rc != null) {
                    if (closed) {
                        idle.offer(rc);
                        throw new StoreClosedException("store " + file + " is closed");
                    }
                    return rc;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a read connection to " + file, e);
        }
    }

    /**
     * Closes every connection once its read has handed it back, each even when closing another failed, and
     * refuses later reads. A read that does not finish within the wait keeps its connection open.
     *
     * @return the first failure, or null; {@link #allClosed} says whether every connection was closed
     */
    StoreException close() {
        closed = true;
        StoreException failure = null;
        for (int i = 0; i < readers.size(); i++) {
            ReadConnection rc;
            try {
                rc = idle.poll(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                rc = null;
            }
            if (rc == null) {
                failure = failure != null ? failure : new StoreException("closing " + file + ": a read did not finish"
                        + " within " + CLOSE_WAIT_SECONDS + " s (or the wait was interrupted); its connection is left"
                        + " open and the file locked");
                leftOpen++;
                continue;
            }
            try {
                rc.close();
            } catch (StoreException e) {
                failure = failure != null ? failure : e;
            }
        }
        return failure;
    }

    /** After {@link #close}: whether every connection was closed (none was left to a read that did not finish). */
    boolean allClosed() {
        return leftOpen == 0;
    }
}
