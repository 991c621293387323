package io.memstore.store.internal.sqlite;

import io.memstore.store.Durability;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Checkpoints the write-ahead log on a thread and connection of its own, for {@link Durability#DEFERRED} stores,
 * so that copying the log's pages into the database file (and the fsyncs around that copy) overlaps the next
 * batch's insert instead of following it on the flush thread.
 *
 * <p>SQLite in WAL mode appends every committed page to the -wal file; a checkpoint copies them back into the
 * database, and the writer starts the log from its beginning again when, at the start of a write transaction,
 * every frame has been copied ("backfilled") and no reader still needs the log. By default the writer's own
 * connection runs that checkpoint after any commit that leaves the log longer than 1000 pages (SQLite's
 * {@code wal_autocheckpoint}), in the committing thread. Here the flush asks for a checkpoint after each commit
 * ({@link #request}) and this thread runs {@code PRAGMA wal_checkpoint(PASSIVE)}, which copies what no reader
 * still needs and never waits for the writer. The writer keeps an automatic checkpoint of its own only as a
 * backstop, at {@link #WRITER_AUTOCHECKPOINT_FRAMES}, beyond the length the waits below keep the log to: at
 * SQLite's 1000 pages it ran in the flush thread after every commit that found this thread idle once the log had
 * reached that length, so the thread that bounds an ingest copied pages and waited for their fsyncs after all;
 * it still bounds the log if this thread falls far behind or its checkpoints fail. Which connection copies the
 * pages changes nothing in what a crash leaves: a checkpoint syncs the log before it overwrites the database and
 * the database before the log is reused.
 *
 * <p>The log starts over only if a transaction begins with every frame backfilled. With each batch beginning
 * while the checkpoint of the one before still runs, that seldom happens, and the log would grow by a batch at a
 * time, into new file space; on a disk slower to copy pages into the database than to append them, each
 * checkpoint would also be longer than the one before. So the flush waits before a batch ({@link
 * #awaitIfBehind}) for the checkpoints to catch up, after which that batch starts the log over, in two cases:
 * the last checkpoint found {@link #RESTART_FRAMES} frames in the log or more, or {@link
 * #COMMITS_PER_CHECKPOINT} batches have been committed while the running checkpoint copies. A checkpoint that
 * found fewer frames started below {@code RESTART_FRAMES}, at most {@code COMMITS_PER_CHECKPOINT} batches were
 * appended while it ran, and as many while the next one ran, so the log stays below {@code RESTART_FRAMES} plus
 * twice {@code COMMITS_PER_CHECKPOINT} batches.
 *
 * <p>Each such wait stops the thread that bounds an ingest for the rest of a checkpoint: its copy and its two
 * fsyncs, which take longest when the disk is busy. The longer the log may grow before a restart, the fewer the
 * waits, at the price of the log's size on disk: {@code RESTART_FRAMES} is four times SQLite's default {@code
 * wal_autocheckpoint} of 1000 pages, 62.5 MiB of 16 KiB pages (the performance page gives the ingest's times at
 * both lengths). A store that writes small batches seldom reaches it: a checkpoint that ends before the next
 * batch begins lets that batch start the log over without a wait.
 *
 * <p>Requests coalesce: one pending request stands for all of them. A checkpoint that fails (the disk full, an
 * I/O error) changes nothing committed; it is counted in {@link #failures} and the next request tries again.
 */
final class WalCheckpointer implements AutoCloseable {
    /**
     * The log's length in frames at which the next batch waits for the checkpoints, so that it starts the log over:
     * four times SQLite's default {@code wal_autocheckpoint} (see the class comment).
     */
    static final long RESTART_FRAMES = 4000;
    /**
     * The writer connection's own {@code wal_autocheckpoint} beside this thread: four times {@link #RESTART_FRAMES},
     * which the log reaches only when the checkpoints here fall behind by many batches or fail.
     */
    static final long WRITER_AUTOCHECKPOINT_FRAMES = 4 * RESTART_FRAMES;
    /** Batches committed during one checkpoint after which the next batch waits for it. */
    static final int COMMITS_PER_CHECKPOINT = 8;

    private final Connection connection;
    private final Thread thread;
    private final Object signal = new Object();
    /** Guarded by {@link #signal}. */
    private boolean requested;
    /** Guarded by {@link #signal}. */
    private boolean closing;
    /** The thread has ended; guarded by {@link #signal}. */
    private boolean stopped;
    /** A checkpoint is running; guarded by {@link #signal}. */
    private boolean running;
    /** Requests (commits) since the running checkpoint began; guarded by {@link #signal}. */
    private int commitsDuringCheckpoint;
    /** Frames in the log at the last checkpoint that ran; guarded by {@link #signal}. */
    private long logFrames;
    private volatile long checkpoints;
    private volatile long failures;

    /** Starts the thread; {@code connection} (read-write, to the store's file) is owned by it from now on. */
    WalCheckpointer(Connection connection, String name) {
        this.connection = connection;
        this.thread = new Thread(this::run, "memstore-checkpoint " + name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Asks for a checkpoint soon, after a commit (any thread; returns at once). */
    void request() {
        synchronized (signal) {
            requested = true;
            if (running) {
                commitsDuringCheckpoint++;
            }
            signal.notifyAll();
        }
    }

    /**
     * The log's length in frames (pages) when the last checkpoint ran: it stays long while the log is never
     * restarted, which happens when each batch begins while the checkpoint of the one before is still running.
     */
    long logFrames() {
        synchronized (signal) {
            return logFrames;
        }
    }

    /**
     * Before a batch (the flush thread): if the last checkpoint found the log at {@link #RESTART_FRAMES} frames
     * or more, or the running one has seen {@link #COMMITS_PER_CHECKPOINT} commits, waits until no checkpoint is
     * requested or running, so that the batch finds the log backfilled and starts it over. Returns at once
     * otherwise, and once the thread has ended.
     */
    void awaitIfBehind() throws InterruptedException {
        synchronized (signal) {
            if (logFrames < RESTART_FRAMES && commitsDuringCheckpoint < COMMITS_PER_CHECKPOINT) {
                return;
            }
            awaitIdle();
        }
    }

    /**
     * Waits until no checkpoint is requested or running, or the thread has ended. Another connection's
     * checkpoint needs this first: SQLite refuses a second checkpoint while one runs, at once and without calling
     * the busy handler.
     */
    void awaitIdle() throws InterruptedException {
        synchronized (signal) {
            while ((requested || running) && !stopped) {
                signal.wait();
            }
        }
    }

    /** Checkpoints that ran to the end (PASSIVE ones may have left frames a reader still needed). */
    long checkpoints() {
        return checkpoints;
    }

    /** Checkpoints that failed with an error. */
    long failures() {
        return failures;
    }

    /** Waits for a checkpoint in progress, stops the thread and closes its connection. */
    @Override
    public void close() {
        synchronized (signal) {
            closing = true;
            signal.notifyAll();
        }
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true; // the connection must not be closed under a running checkpoint
            }
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // nothing of the store depends on this connection
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        try (Statement s = connection.createStatement()) {
            while (awaitRequest()) {
                try (ResultSet rs = s.executeQuery("PRAGMA wal_checkpoint(PASSIVE)")) {
                    if (rs.next()) {
                        long frames = rs.getLong(2); // the columns: busy, frames in the log, frames checkpointed
                        synchronized (signal) {
                            logFrames = frames;
                        }
                    }
                    checkpoints++;
                } catch (SQLException e) {
                    failures++;
                } finally {
                    synchronized (signal) {
                        running = false;
                        signal.notifyAll();
                    }
                }
            }
        } catch (SQLException e) {
            failures++; // no statement: the writer's own checkpoints go on alone
        } finally {
            synchronized (signal) {
                stopped = true;
                signal.notifyAll();
            }
        }
    }

    /** Waits for a request; false once closing. */
    private boolean awaitRequest() {
        synchronized (signal) {
            while (!requested && !closing) {
                try {
                    signal.wait();
                } catch (InterruptedException e) {
                    return false;
                }
            }
            requested = false;
            commitsDuringCheckpoint = 0;
            running = !closing;
            return running;
        }
    }
}
