package io.memstore.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Every kv_key row in revision order, read on a thread of its own and handed over in batches, so that the open
 * checks and indexes one batch while the next is read. Reading a row through the JDBC driver (a native call per
 * column) costs about as much as checking and grouping it, so on two cores the open takes the longer of the two
 * instead of their sum.
 *
 * <p>Batches circulate between two queues: the reader fills a free one and passes it on; {@link #next} returns
 * the previous batch to the free queue and takes the next full one. A short batch is the last. A failure of the
 * reader is rethrown by {@link #next}. {@link #close} stops the reader (a caller that stops early, as on a damaged
 * row) and waits for it, so the statement is the caller's alone again once it returns.
 */
final class KeyScan implements AutoCloseable {
    /** The columns read, in this order. */
    static final String QUERY = "SELECT rev, key, create_rev, version, tombstone, crc FROM kv_key ORDER BY rev";
    private static final int BATCH_ROWS = 1024;
    private static final int BATCHES = 4;

    /** Rows {@code [0, size)} of kv_key, one array per column. */
    static final class Batch {
        final long[] rev = new long[BATCH_ROWS];
        final byte[][] key = new byte[BATCH_ROWS][];
        final long[] createRev = new long[BATCH_ROWS];
        final long[] version = new long[BATCH_ROWS];
        final int[] tombstone = new int[BATCH_ROWS];
        final long[] crc = new long[BATCH_ROWS];
        int size;
        /** Set on the batch that ends a failed read. */
        Throwable failure;
    }

    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES + 1);
    private final Thread reader;
    private volatile boolean stopped;
    private Batch current;
    private boolean ended;

    private KeyScan(Statement s, String name) {
        for (int i = 0; i < BATCHES; i++) {
            free.add(new Batch());
        }
        reader = new Thread(() -> read(s), "memstore-open " + name);
        reader.setDaemon(true);
    }

    /** Starts reading kv_key through {@code s}, which the caller must not use until {@link #close}. */
    static KeyScan start(Statement s, String name) {
        KeyScan scan = new KeyScan(s, name);
        scan.reader.start();
        return scan;
    }

    /**
     * The next batch of rows, or null after the last. The batch returned before is given back to the reader and
     * must no longer be read.
     */
    Batch next() throws SQLException {
        if (current != null) {
            Batch done = current;
            current = null;
            for (int i = 0; i < done.size; i++) {
                done.key[i] = null;
            }
            free.add(done);
        }
        if (ended) {
            return null;
        }
        Batch b;
        try {
            b = full.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while reading kv_key", e);
        }
        if (b.failure != null) {
            ended = true;
            if (b.failure instanceof SQLException se) {
                throw se;
            }
            if (b.failure instanceof RuntimeException re) {
                throw re;
            }
            throw (Error) b.failure;
        }
        if (b.size < BATCH_ROWS) {
            ended = true;
        }
        current = b;
        return b;
    }

    private void read(Statement s) {
        Batch b = null;
        try (ResultSet rs = s.executeQuery(QUERY)) {
            while (!stopped) {
                b = free.take();
                int n = 0;
                while (n < BATCH_ROWS && rs.next()) {
                    b.rev[n] = rs.getLong(1);
                    b.key[n] = SqliteBackend.orEmpty(rs.getBytes(2));
                    b.createRev[n] = rs.getLong(3);
                    b.version[n] = rs.getLong(4);
                    b.tombstone[n] = rs.getInt(5);
                    b.crc[n] = rs.getLong(6);
                    n++;
                }
                b.size = n;
                full.add(b);
                b = null;
                if (n < BATCH_ROWS) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // stopped by close
        } catch (Throwable t) {
            Batch end = b != null ? b : new Batch();
            end.size = 0;
            end.failure = t;
            full.add(end); // room for every batch and one more: never blocks
        }
    }

    /** Stops the reader if it is still reading and waits for it to end. */
    @Override
    public void close() {
        stopped = true;
        reader.interrupt();
        boolean interrupted = false;
        while (true) {
            try {
                reader.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
