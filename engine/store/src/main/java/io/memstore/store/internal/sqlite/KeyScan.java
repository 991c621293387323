package io.memstore.store.internal.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Every kv_key record in revision order, read by threads of their own and handed to the caller in batches, so that
 * the open checks and indexes records while the next ones are read. Reading a record through the JDBC driver (a native
 * call per column, under the connection's lock) costs more than checking and grouping it, so the reading is split
 * too.
 *
 * <h2>Intervals</h2>
 * The revisions from the table's first to its last are cut into intervals of equal width, sized from the number of
 * records expected so that each holds about {@link #INTERVAL_RECORDS}. With {@code n} connections, reader {@code j}
 * reads intervals {@code j, j + n, j + 2n, ...}, each by a range query on the table's key ({@code rev}), and the caller
 * takes the intervals in order, one reader's after the other's: while it consumes one interval, the other readers
 * read ahead into their queues. The expected number of records only shapes the intervals; a wrong one makes the
 * reading slower, never different. With one connection, or revisions outside the packed range (a damaged file),
 * the whole table is one interval read in one query.
 *
 * <h2>Batches</h2>
 * Each reader has its own batches, circulating between two queues: it fills a free one and passes it on;
 * {@link #next} returns the previous batch to its reader and takes the next full one. The last batch of an interval
 * is marked. A failure of a reader ends its queue with a batch that carries it, rethrown by {@link #next} when the
 * caller reaches it. {@link #close} stops the readers (a caller that stops early, as on a damaged record) and waits for
 * them, so the connections are the caller's alone again once it returns.
 */
final class KeyScan implements AutoCloseable {
    private static final String COLUMNS = "SELECT rev, entry FROM kv_key";
    /** One interval from {@code from} on: the whole table when that is its first revision, whatever the others. */
    private static final String WHOLE = COLUMNS + " WHERE rev >= ? ORDER BY rev";
    private static final String RANGE = COLUMNS + " WHERE rev >= ? AND rev < ? ORDER BY rev";
    static final int INTERVAL_RECORDS = 16_384;
    /** At most this many intervals, whatever the records expected. */
    private static final long MAX_INTERVALS = 1 << 16;
    static final int BATCH_RECORDS = 1024;
    /** Batches per reader: one interval's worth, so that a reader can read a whole interval ahead. */
    private static final int BATCHES = INTERVAL_RECORDS / BATCH_RECORDS;

    /** Records {@code [0, size)} of kv_key, one array per column. */
    static final class Batch {
        final long[] rev = new long[BATCH_RECORDS];
        /** The records' {@link KeyEntry} bytes. */
        final byte[][] entry = new byte[BATCH_RECORDS][];
        int size;
        /** The last batch of its interval. */
        boolean endsInterval;
        /** Set on the batch that ends a failed reader's queue. */
        Throwable failure;
        private final Reader owner;

        private Batch(Reader owner) {
            this.owner = owner;
        }
    }

    private final class Reader implements Runnable {
        final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
        final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES + 1);
        final Connection connection;
        final int first;
        final Thread thread;

        Reader(Connection connection, int first, String name) {
            this.connection = connection;
            this.first = first;
            for (int i = 0; i < BATCHES; i++) {
                free.add(new Batch(this));
            }
            thread = new Thread(this, "memstore-open " + name + " " + first);
            thread.setDaemon(true);
        }

        @Override
        public void run() {
            try {
                if (intervals == 1) {
                    try (PreparedStatement ps = connection.prepareStatement(WHOLE)) {
                        ps.setLong(1, from);
                        try (ResultSet rs = ps.executeQuery()) {
                            readInterval(rs);
                        }
                    }
                    return;
                }
                try (PreparedStatement ps = connection.prepareStatement(RANGE)) {
                    for (long i = first; i < intervals && !stopped; i += readers.size()) {
                        ps.setLong(1, from + i * width);
                        ps.setLong(2, i == intervals - 1 ? to + 1 : from + (i + 1) * width);
                        try (ResultSet rs = ps.executeQuery()) {
                            readInterval(rs);
                        }
                    }
                }
            } catch (InterruptedException e) {
                // stopped by close
            } catch (Throwable t) {
                Batch end = new Batch(this);
                end.failure = t;
                full.add(end); // room for every batch and one more: never blocks
            }
        }

        /**
         * Reads one interval's records into batches and hands them on, the last one marked (empty when the records
         * filled the one before).
         */
        private void readInterval(ResultSet rs) throws SQLException, InterruptedException {
            while (true) {
                Batch b = free.take();
                int n = 0;
                boolean more = true;
                while (n < BATCH_RECORDS && (more = rs.next())) {
                    b.rev[n] = rs.getLong(1);
                    b.entry[n] = SqliteConnections.orEmpty(rs.getBytes(2));
                    n++;
                }
                b.size = n;
                b.endsInterval = !more;
                full.add(b);
                if (!more) {
                    return;
                }
            }
        }
    }

    private final List<Reader> readers = new ArrayList<>();
    private final long from;
    private final long to;
    private final long width;
    private final long intervals;
    private volatile boolean stopped;
    private Batch current;
    private long interval;

    private KeyScan(List<Connection> connections, long from, long to, long expectedRecords, String name) {
        this.from = from;
        this.to = to;
        boolean packed = from >= 0 && to >= from && to >>> 62 == 0;
        long wanted = Math.max(1, Math.min(MAX_INTERVALS, expectedRecords / INTERVAL_RECORDS));
        if (connections.size() == 1 || !packed || wanted == 1) {
            this.intervals = 1;
            this.width = 0;
        } else {
            long span = to - from + 1;
            this.width = Math.max(1, (span + wanted - 1) / wanted);
            this.intervals = (span + width - 1) / width;
        }
        int used = (int) Math.min(connections.size(), intervals);
        for (int j = 0; j < used; j++) {
            readers.add(new Reader(connections.get(j), j, name));
        }
    }

    /**
     * Starts reading kv_key, whose revisions run from {@code from} to {@code to}, through {@code connections} (one
     * reader each, used by no one else until {@link #close}); {@code expectedRecords} sizes the intervals.
     */
    static KeyScan start(List<Connection> connections, long from, long to, long expectedRecords, String name) {
        KeyScan scan = new KeyScan(connections, from, to, expectedRecords, name);
        try {
            for (Reader r : scan.readers) {
                r.thread.start();
            }
        } catch (RuntimeException | Error e) {
            scan.close(); // the readers that started stop; joining one that never started returns at once
            throw e;
        }
        return scan;
    }

    /** Intervals the table is read in. */
    long intervals() {
        return intervals;
    }

    /**
     * The next batch of records, never empty, or null after the last. The batch returned before is given back to its
     * reader and must no longer be read.
     */
    Batch next() throws SQLException {
        release();
        while (interval < intervals) {
            Reader r = readers.get((int) (interval % readers.size()));
            Batch b;
            try {
                b = r.full.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while reading kv_key", e);
            }
            if (b.failure != null) {
                interval = intervals;
                if (b.failure instanceof SQLException se) {
                    throw se;
                }
                if (b.failure instanceof RuntimeException re) {
                    throw re;
                }
                throw (Error) b.failure;
            }
            if (b.endsInterval) {
                interval++;
            }
            current = b;
            if (b.size > 0) {
                return b;
            }
            release();
        }
        return null;
    }

    private void release() {
        if (current != null) {
            Batch done = current;
            current = null;
            for (int i = 0; i < done.size; i++) {
                done.entry[i] = null;
            }
            done.owner.free.add(done);
        }
    }

    /** Stops the readers that are still reading and waits for them to end. */
    @Override
    public void close() {
        stopped = true;
        boolean interrupted = false;
        for (Reader r : readers) {
            r.thread.interrupt();
            while (true) {
                try {
                    r.thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
