package io.memstore.store;

import io.memstore.store.internal.sqlite.Change;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit for {@link Durability#DEFERRED} (etcd's batchTx): commits collect in a {@link PendingRecords}
 * buffer; a full buffer (batchLimit revisions or batchBytes) or one older than batchInterval is handed to a
 * background thread that writes it to SQLite in one transaction while the writer fills the next buffer. On
 * two or more cores that overlaps SQLite's work with the writer's index updates; the write-ahead log's
 * checkpoints run on a third thread ({@code WalCheckpointer}), beside the next batch's insert.
 *
 * <p>Buffers, and where a record is at each moment:
 * <pre>
 *   pending  --(swap, writer lock)-->  flushing  --(SQLite commit, flusher thread)-->  dropped
 * </pre>
 * At most one buffer is in flight. Readers call {@link #pending()} then {@link #flushing()}, in that order,
 * then SQLite: a record of a revision they may read was added before they read the current revision, so it is
 * in the pending buffer they see, in the buffer in flight then, or already committed.
 *
 * <p>The SQLite writer connection is used by one thread at a time: a background flush is started only under
 * the writer lock and only when none is in flight; everything else that writes ({@link #flushNow}, the
 * store's compaction) first waits for the flight under the writer lock.
 *
 * <p>A failed background flush leaves its buffer in flight (still visible to readers) and is retried by the
 * next tick or full buffer; commits go on into the pending buffer until it holds twice the batch limits, then
 * a commit retries the flush itself and is refused if that fails too.
 */
final class DeferredWriter {
    /** Where batches go: one SQLite transaction per call, called by one thread at a time. */
    interface Sink {
        void write(List<Change> records, long lastMain);
    }

    private final Sink sink;
    /** The file the batches go to, for messages and the thread's name. */
    private final Path file;
    private final StoreOptions options;
    private final ReentrantLock writerLock;
    private final ScheduledThreadPoolExecutor thread;
    private volatile PendingRecords pending;
    private volatile PendingRecords flushing;
    private volatile StoreException lastFailure;
    /** The background flush, or null; guarded by the writer lock. */
    private Future<?> inFlight;
    private long pendingSince = System.nanoTime();

    DeferredWriter(Sink sink, Path file, StoreOptions options, ReentrantLock writerLock) {
        this.sink = sink;
        this.file = file;
        this.options = options;
        this.writerLock = writerLock;
        this.pending = new PendingRecords(options.batchLimit());
        this.thread = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "memstore-flush " + file.getFileName());
            t.setDaemon(true);
            return t;
        });
        long every = options.batchInterval().toNanos();
        thread.scheduleWithFixedDelay(this::tick, every, every, TimeUnit.NANOSECONDS);
    }

    /** The buffer receiving commits; readers look here first. */
    PendingRecords pending() {
        return pending;
    }

    /** The buffer being written, or null; readers look here second. */
    PendingRecords flushing() {
        return flushing;
    }

    StoreException lastFailure() {
        return lastFailure;
    }

    /**
     * Called before a commit is applied (writer lock held): when flushes keep failing and the buffer holds
     * twice its limits, waits for the flight and retries it here, throwing when that fails too, so that the
     * commit is refused rather than the buffer growing without bound.
     */
    void beforeCommit() {
        PendingRecords p = pending;
        if (p.revisions() >= 2L * options.batchLimit() || p.bytes() >= 2 * options.batchBytes()) {
            flushNow();
        }
    }

    /** Buffers a commit's records (writer lock held). */
    void add(long main, List<Change> records) {
        PendingRecords p = pending;
        if (p.isEmpty()) {
            pendingSince = System.nanoTime();
        }
        p.add(main, records);
    }

    /**
     * After a commit became visible (writer lock held): a full buffer is handed to the background thread,
     * after waiting for the flight before it (a pipeline of two buffers: the writer waits only when SQLite is
     * slower than it). A failure is recorded, not thrown: the commit stands, buffered and visible.
     */
    void afterCommit() {
        PendingRecords p = pending;
        if (p.revisions() >= options.batchLimit() || p.bytes() >= options.batchBytes()) {
            try {
                awaitFlight();
                startFlush();
            } catch (StoreException e) {
                lastFailure = e;
            }
        }
    }

    /** Writes everything buffered now, in this thread (writer lock held); throws when SQLite fails. */
    void flushNow() {
        awaitFlight();
        PendingRecords p = pending;
        if (!p.isEmpty()) {
            sink.write(p.records(), p.lastMain());
            pending = new PendingRecords(options.batchLimit());
            lastFailure = null;
        }
    }

    /** Revisions not yet in SQLite. */
    int bufferedRevisions() {
        PendingRecords f = flushing;
        return pending.revisions() + (f == null ? 0 : f.revisions());
    }

    /** Writes everything buffered and stops the background thread (writer lock held). */
    void close() {
        try {
            flushNow();
        } finally {
            thread.shutdownNow();
        }
    }

    /** Hands the buffer (or, first, a batch whose flush failed) to the background thread (writer lock held). */
    private void startFlush() {
        if (inFlight != null && !inFlight.isDone()) {
            return; // one flight at a time
        }
        inFlight = null;
        PendingRecords batch = flushing;
        if (batch == null) {
            if (pending.isEmpty()) {
                return;
            }
            batch = pending;
            flushing = batch;
            pending = new PendingRecords(options.batchLimit());
            pendingSince = System.nanoTime();
        }
        PendingRecords records = batch;
        inFlight = thread.submit(() -> {
            try {
                sink.write(records.records(), records.lastMain());
                flushing = null; // after the SQLite commit: readers find the records there from now on
                lastFailure = null;
            } catch (StoreException e) {
                lastFailure = e;
            } catch (RuntimeException | Error e) {
                // an Error too: the batch stays in flight for the next attempt instead of failing every wait after
                lastFailure = new StoreException("background flush of " + file + " failed: " + e, e);
            }
        });
    }

    /** Waits for the background flush, then retries its buffer here if it failed (writer lock held). */
    private void awaitFlight() {
        Future<?> f = inFlight;
        if (f != null) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while waiting for a flush of " + file, e);
            } catch (ExecutionException e) {
                // the task catches what the write throws: only something thrown outside it ends up here
                throw new StoreException("background flush of " + file + " failed: " + e.getCause(), e.getCause());
            }
            inFlight = null;
        }
        PendingRecords failed = flushing;
        if (failed != null) {
            sink.write(failed.records(), failed.lastMain());
            flushing = null;
            lastFailure = null;
        }
    }

    /** batchInterval tick, on the background thread: flushes a buffer that has waited long enough. */
    private void tick() {
        if (!writerLock.tryLock()) {
            return; // a writer is busy; it or the next tick will flush
        }
        try {
            PendingRecords p = pending;
            boolean due = !p.isEmpty() && System.nanoTime() - pendingSince >= options.batchInterval().toNanos() / 2;
            if (due || flushing != null) {
                startFlush();
            }
        } finally {
            writerLock.unlock();
        }
    }
}
