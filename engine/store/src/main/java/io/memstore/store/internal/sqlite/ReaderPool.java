package io.memstore.store.internal.sqlite;

import io.memstore.store.StoreClosedException;
import io.memstore.store.StoreException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

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
 * <p>The writer tells the pool before each write transaction and after each commit ({@link #endSnapshots}), which
 * counts a change here. A read begins a transaction that its connection keeps from one read to the next
 * ({@link ReadConnection}) only once the writer has been quiet for {@link #QUIET_MILLIS}; while it writes, each
 * read runs in a transaction of its own, as SQLite's own statements do, because a snapshot held open through the
 * writes would keep the checkpoints from copying the frames committed after it, and the writer from starting the
 * write-ahead log over, which SQLite does at a write's first frame only once every frame has been copied and no
 * reader's snapshot uses the log. A held transaction ends when the count moves: the idle connections' at once, in
 * {@code endSnapshots}; a read in progress ends its own as it hands its connection back. After a commit that is
 * what makes the commit visible. A change counted while a read hands its connection back is seen by one of the
 * two: the writer counts before it looks at the slots, the read looks at the count again after it filled its slot.
 * A checkpoint that waits until no reader uses the log ({@link #withoutHeldSnapshots}) holds none meanwhile; one that
 * must not wait for readers at all, the writer's truncation of a long log, takes every connection out of the pool
 * first ({@link #withoutReads}), while new reads wait.
 */
public final class ReaderPool {
    private static final long CLOSE_WAIT_SECONDS = 30;
    private static final long WAIT_MILLIS = 50;
    /**
     * How long the writer must have been quiet before a read keeps its transaction open: longer than the pause
     * between the commits of a writer at work (a group commit's batch interval is 100 ms by default, a commit of
     * FULL durability waits for an fsync), so that reads keep no snapshot through a run of writes.
     */
    public static final long QUIET_MILLIS = 200;
    private static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(QUIET_MILLIS);

    private final Path file;
    private final List<ReadConnection> readers;
    /** Slot i holds connection i while it is idle, null while a read has it. */
    private final AtomicReferenceArray<ReadConnection> slots;
    /** Permits: the idle connections; a slot is filled before its permit is released. */
    private final Semaphore idle;
    /** Changes of the writer counted so far ({@link #endSnapshots}). */
    private final AtomicLong changes = new AtomicLong();
    /** Set while a checkpoint waits for every snapshot to end: each read ends its transaction as it ends. */
    private volatile boolean holdNone;
    /** Set while {@link #withoutReads} takes every connection: reads wait on {@link #gate} meanwhile. */
    private volatile boolean gathering;
    private final Object gate = new Object();
    /** {@link System#nanoTime} of the last change counted. */
    private volatile long lastChange = System.nanoTime() - QUIET_NANOS;
    private volatile boolean closed;
    /** Connections {@link #close} left to reads that did not finish. */
    private int leftOpen;

    private ReaderPool(Path file, List<ReadConnection> readers) {
        this.file = file;
        this.readers = readers;
        this.slots = new AtomicReferenceArray<>(readers.toArray(new ReadConnection[0]));
        this.idle = new Semaphore(readers.size());
    }

    /** {@link SqliteOptions#readConnections} connections to {@code file}; none is left open when one fails. */
    public static ReaderPool open(Path file, SqliteOptions options) throws SQLException {
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

    /**
     * Closes every connection at once, each even when another fails: for a store whose open failed, or a pool no read
     * uses.
     */
    public void closeNow() {
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

    /** The records at {@code revs}, aligned with it; null where no record has that revision (compacted away). */
    StoredRecord[] read(long[] revs) {
        ReadConnection rc = acquire();
        try {
            rc.beginRead(changes.get(), quiet());
            return rc.read(revs);
        } finally {
            release(rc);
        }
    }

    /** The value of one put, read from its kv_value record alone: {@link ReadConnection#readValue}. */
    public byte[] readValue(long rev, byte[] key, long createRev, long version) {
        ReadConnection rc = acquire();
        try {
            rc.beginRead(changes.get(), quiet());
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
                if (gathering) {
                    awaitGathered();
                    continue;
                }
                if (idle.tryAcquire() || idle.tryAcquire(WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    ReadConnection rc = take();
                    if (closed) {
                        release(rc);
                        throw new StoreClosedException("store " + file + " is closed");
                    }
                    if (gathering) {
                        handBack(rc); // to withoutReads, which waits for it
                        continue;
                    }
                    return rc;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a read connection to " + file, e);
        }
    }

    /** Waits while {@link #withoutReads} holds the connections (or until the pool closes). */
    private void awaitGathered() throws InterruptedException {
        synchronized (gate) {
            while (gathering && !closed) {
                gate.wait(WAIT_MILLIS);
            }
        }
    }

    /** Puts {@code rc}, taken with its permit, back in its slot as it is. */
    private void handBack(ReadConnection rc) {
        slots.set(rc.slot(), rc);
        idle.release();
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
     * Hands {@code rc}, from {@link #acquire}, back; first ends its read transaction if the writer moved since it
     * began, or a checkpoint waits (see the class comment for a change counted meanwhile).
     */
    void release(ReadConnection rc) {
        long seen = changes.get();
        try {
            if (holdNone || rc.staleAt(seen)) {
                rc.endRead();
            }
        } catch (StoreException e) {
            // the connection rolled its transaction back; the next read begins one again
        } finally {
            slots.set(rc.slot(), rc);
            idle.release();
        }
        if (changes.get() != seen) {
            endIdleReads();
        }
    }

    /**
     * For the writer, before each write transaction and after each commit (whether or not it succeeded): no read
     * from now on uses a snapshot begun before. Counts a change and ends the idle connections' transactions.
     */
    void endSnapshots() {
        lastChange = System.nanoTime();
        changes.incrementAndGet();
        endIdleReads();
    }

    /** Whether a read may keep its transaction: the writer has been quiet long enough, and no checkpoint waits. */
    private boolean quiet() {
        return !holdNone && System.nanoTime() - lastChange > QUIET_NANOS;
    }

    /**
     * Runs {@code checkpoint}, which waits until no reader's snapshot uses the write-ahead log, with every read
     * ending its transaction as it ends, and every transaction of an idle connection ended first.
     */
    <T> T withoutHeldSnapshots(Supplier<T> checkpoint) {
        holdNone = true;
        try {
            endSnapshots();
            return checkpoint.get();
        } finally {
            holdNone = false;
        }
    }

    /**
     * Runs {@code work} with every connection taken out of the pool and its read transaction ended, so that no read
     * is in progress and no snapshot is in the write-ahead log: SQLite's checkpoint waits for no reader, and cannot
     * be held up by reads on several connections one after the other, which on SQLite's few read marks can keep a
     * snapshot older than the last commit in the log for as long as they go on. Reads that begin meanwhile wait
     * ({@link #acquire}); the connections are taken as the reads in progress hand them back, and when that takes
     * longer than {@code waitMillis} (a long read), they go back to the pool and {@code work} does not run.
     *
     * @return what {@code work} returned; false when it did not run
     */
    boolean withoutReads(long waitMillis, BooleanSupplier work) {
        List<ReadConnection> taken = new ArrayList<>(readers.size());
        gathering = true;
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
            while (taken.size() < readers.size()) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !idle.tryAcquire(left, TimeUnit.NANOSECONDS)) {
                    return false;
                }
                ReadConnection rc = take();
                taken.add(rc);
                try {
                    rc.endRead();
                } catch (StoreException e) {
                    // the connection rolled its transaction back, which ends it too
                }
            }
            return work.getAsBoolean();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            for (ReadConnection rc : taken) {
                handBack(rc);
            }
            synchronized (gate) {
                gathering = false;
                gate.notifyAll();
            }
        }
    }

    /** Ends the transactions of the idle connections begun before the last change, taking each from its slot. */
    private void endIdleReads() {
        long now = changes.get();
        for (int i = 0; i < slots.length(); i++) {
            ReadConnection rc = slots.get(i);
            if (rc == null || !rc.staleAt(now) || !idle.tryAcquire()) {
                continue;
            }
            if (!slots.compareAndSet(i, rc, null)) {
                idle.release(); // taken meanwhile; the permit goes back unused
                continue;
            }
            try {
                if (rc.staleAt(now)) { // again, now that it is taken
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
