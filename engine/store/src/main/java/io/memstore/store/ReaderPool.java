package io.memstore.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 *
 * <p>A connection keeps its read transaction from one read to the next ({@link ReadConnection}) until the writer
 * commits: the writer counts its commits here ({@link #committed}), and a read begins a new transaction when the
 * count moved since its connection's began. An open transaction that no read uses must not hold the write-ahead
 * log back, so the writer ends those of the idle connections before each write ({@link #endIdleReads}) and the
 * stale ones after each commit; a read that ends after a commit ends its own before handing the connection back.
 * A commit that lands while a read hands its connection back is seen by one of the two: the writer counts before
 * it looks at the slots, the read looks at the count after it filled its slot.
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
    /** The writer's commits so far ({@link #committed}). */
    private final AtomicLong commits = new AtomicLong();
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
            rc.beginRead(commits.get());
            return rc.read(revs);
        } finally {
            release(rc);
        }
    }

    /** The value of one put, read from its kv_value row alone: {@link ReadConnection#readValue}. */
    byte[] readValue(long rev, byte[] key, long createRev, long version) {
        ReadConnection rc = acquire();
        try {
            rc.beginRead(commits.get());
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

    /**
     * Hands {@code rc}, from {@link #acquire}, back; first ends its read transaction if the writer committed since it
     * began (see the class comment for a commit that lands meanwhile).
     */
    void release(ReadConnection rc) {
        long seen = commits.get();
        try {
            if (rc.staleAt(seen)) {
                rc.endRead();
            }
        } catch (StoreException e) {
            // the connection rolled its transaction back; the next read begins one again
        } finally {
            slots.set(rc.slot(), rc);
            idle.release();
        }
        if (commits.get() != seen) {
            endIdleReads(true);
        }
    }

    /** For the writer, after each commit (whether or not it succeeded): counts it and ends the stale idle reads. */
    void committed() {
        commits.incrementAndGet();
        endIdleReads(true);
    }

    /**
     * Ends the read transactions of the idle connections ({@code staleOnly}: those begun before the last commit),
     * taking each out of its slot meanwhile; a connection a read holds is left to it. Before a write, so that the
     * writer may start the write-ahead log over, and before a checkpoint that waits for every reader.
     */
    void endIdleReads(boolean staleOnly) {
        long now = commits.get();
        for (int i = 0; i < slots.length(); i++) {
            ReadConnection rc = slots.get(i);
            if (rc == null || !(staleOnly ? rc.staleAt(now) : rc.holdsSnapshot()) || !idle.tryAcquire()) {
                continue;
            }
            if (!slots.compareAndSet(i, rc, null)) {
                idle.release(); // taken meanwhile; the permit goes back unused
                continue;
            }
            try {
                if (staleOnly ? rc.staleAt(now) : rc.holdsSnapshot()) { // again, now that it is taken
                    rc.endRead();
                }
            } catch (StoreException e) {
                // the connection rolled its transaction back; the next read begins one again
            } finally {
                slots.set(i, rc);
                idle.release();
            }
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
