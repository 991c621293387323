package io.memstore.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The store's read-only connections ({@link ReadConnection}), a fixed number of them handed out one read at a
 * time: in WAL mode each reads a committed snapshot while the writer writes, and a fixed pool bounds both the open
 * descriptors and SQLite's page caches. A read waits for an idle connection; closing waits for reads in progress
 * to hand theirs back, so that no connection is closed under a read.
 *
 * <p>A read takes the idle connection of the lowest slot, not the one idle longest: reads one after the other
 * (one thread, or few at a time) keep using the same connection, whose page cache, statements and SQLite structures
 * are still in the CPU's caches from the read before, where a queue would send each read to another connection's
 * colder ones. The hand-over is a permit of a semaphore that counts the idle connections and a compare-and-set of
 * a slot, no lock.
 */
final class ReaderPool {
    private static final long CLOSE_WAIT_SECONDS = 30;
    private static final long WAIT_MILLIS = 50;

    private final Path file;
    private final List<ReadConnection> readers;
    /** Slot i holds connection i while it is idle, null while a read has it. */
    private final AtomicReferenceArray<ReadConnection> slots;
    /** Permits: the idle connections; a slot is filled before its permit is released. */
    private final Semaphore idle;
    private volatile boolean closed;
    /** Connections {@link #close} left to reads that did not finish. */
    private int leftOpen;

    private ReaderPool(Path file, List<ReadConnection> readers) {
        this.file = file;
        this.readers = readers;
        this.slots = new AtomicReferenceArray<>(readers.toArray(new ReadConnection[0]));
        this.idle = new Semaphore(readers.size());
    }

    /** {@link StoreOptions#readConnections} connections to {@code file}; none is left open when one fails. */
    static ReaderPool open(Path file, StoreOptions options) throws SQLException {
        List<ReadConnection> readers = new ArrayList<>();
        try {
            for (int i = 0; i < options.readConnections(); i++) {
                readers.add(new ReadConnection(file, SqliteConnections.readConnection(file, options), i));
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
            release(rc);
        }
    }

    /** The value of one put, read from its kv_value row alone: {@link ReadConnection#readValue}. */
    byte[] readValue(long rev, byte[] key, long createRev, long version) {
        ReadConnection rc = acquire();
        try {
            return rc.readValue(rev, key, createRev, version);
        } finally {
            release(rc);
        }
    }

    /** An idle connection, the one of the lowest slot; waits while every one is reading. */
    ReadConnection acquire() {
        try {
            while (true) {
                if (closed) {
                    throw new StoreClosedException("store " + file + " is closed");
                }
                if (idle.tryAcquire() || idle.tryAcquire(WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    ReadConnection rc = take();
                    if (closed) {
                        release(rc);
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
     * Empties the lowest filled slot and returns its connection; the caller holds a permit, so a slot holds one (a
     * slot is filled before its permit is released), though another taker may empty it first: then the scan goes on.
     */
    private ReadConnection take() {
        while (true) {
            for (int i = 0; i < slots.length(); i++) {
                ReadConnection rc = slots.get(i);
                if (rc != null && slots.compareAndSet(i, rc, null)) {
                    return rc;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** Hands {@code rc}, from {@link #acquire}, back. */
    void release(ReadConnection rc) {
        slots.set(rc.slot(), rc);
        idle.release();
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
                rc = idle.tryAcquire(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS) ? take() : null;
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
