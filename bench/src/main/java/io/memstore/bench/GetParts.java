package io.memstore.bench;

import io.memstore.store.Durability;
import io.memstore.store.KeyState;
import io.memstore.store.MvccStore;
import io.memstore.store.RevisionIndex;
import io.memstore.store.StoreOptions;
import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.sqlite.ReaderPool;
import io.memstore.store.internal.sqlite.SqliteOptions;
import io.memstore.store.internal.sqlite.ValueRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Where a store get's time goes, for {@code ProcessFigures get-parts}: the get of {@code StoreGetBenchmark} and the
 * select of {@code RawPointSelectBenchmark} on the same file, and the get's parts apart, timed in one JVM by the
 * thread's CPU time, in slices of {@link #SLICE} operations of each kind alternated, so that each kind meets the
 * machine as the others do. The kinds:
 * <ul>
 *   <li>{@code get}: {@link MvccStore#get(byte[])}, as the benchmark calls it;</li>
 *   <li>{@code select}: the raw select of the same record by its revision on a connection of its own (the store's page
 *       cache size), as the benchmark's baseline;</li>
 *   <li>{@code lookup}: the index's answer alone ({@link RevisionIndex#get});</li>
 *   <li>{@code read}: the rest of a get, the index's answer given: a pooled read connection, the select, the
 *       checksum checked and the value copied ({@link ReaderPool#readValue}, on a pool of the store's default
 *       settings beside the store's own);</li>
 *   <li>{@code check}: the checksum check and the value's copy alone, on one record read once.</li>
 * </ul>
 * Every kind visits the keys in the benchmarks' shuffled order, from where the slice before it of the same round
 * stopped. The store is built as the benchmarks build it (N records ingested in DEFERRED mode, closed, reopened with
 * default options, its index kept as the store's index factory made it). The first {@link #WARM_UP_ROUNDS} rounds
 * are left out. The parts are public in the store's internal packages, not in its API.
 */
public final class GetParts {
    /** Operations of one kind timed in a row. */
    static final int SLICE = 100_000;
    static final int WARM_UP_ROUNDS = 2;
    static final String[] KINDS = {"get", "select", "lookup", "read", "check"};

    private final byte[][] keys;
    private final int[] order;
    private final MvccStore store;
    private final RevisionIndex index;
    private final ReaderPool readers;
    private final long current;
    private final KeyState[] states;
    private final PreparedStatement select;
    private final ValueRecord valueRecord = new ValueRecord();
    private final byte[] oneRecord;
    private long sink;

    private GetParts(byte[][] keys, int[] order, MvccStore store, RevisionIndex index, ReaderPool readers,
                     PreparedStatement select) throws SQLException {
        this.keys = keys;
        this.order = order;
        this.store = store;
        this.index = index;
        this.readers = readers;
        this.select = select;
        this.current = store.currentRevision();
        this.states = new KeyState[keys.length];
        for (int i = 0; i < keys.length; i++) {
            states[i] = index.get(keys[i], current);
        }
        select.setLong(1, states[0].modRevision());
        try (ResultSet rs = select.executeQuery()) {
            rs.next();
            oneRecord = rs.getBytes(1);
        }
    }

    /**
     * Builds a store of {@code keys} (each with {@code value}) in a temporary directory, times {@code rounds} rounds
     * of every kind in {@code order}, prints the ns per operation of each, and deletes the directory.
     */
    public static void measure(byte[][] keys, byte[] value, int[] order, int rounds, PrintStream out)
            throws IOException, SQLException {
        measure(keys, value, order, rounds, SLICE, out);
    }

    static void measure(byte[][] keys, byte[] value, int[] order, int rounds, int slice, PrintStream out)
            throws IOException, SQLException {
        if (rounds <= WARM_UP_ROUNDS) {
            throw new IllegalArgumentException("ROUNDS must be above the " + WARM_UP_ROUNDS + " warm-up rounds, was "
                    + rounds);
        }
        Path dir = Files.createTempDirectory("memstore-get-parts-");
        Path file = dir.resolve("get.db");
        try {
            try (MvccStore s = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED))) {
                for (byte[] key : keys) {
                    s.put(key, value);
                }
            }
            StoreOptions defaults = StoreOptions.defaults();
            RevisionIndex[] index = new RevisionIndex[1];
            try (MvccStore store = MvccStore.open(file, defaults.indexFactory(() -> index[0] = new BTreeIndex()));
                 Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath())) {
                try (Statement s = c.createStatement()) {
                    s.execute("PRAGMA cache_size = -" + defaults.sqliteCacheKiB());
                }
                ReaderPool readers = ReaderPool.open(file, new SqliteOptions(defaults.durability(),
                        defaults.readConnections(), defaults.sqliteCacheKiB()));
                try (PreparedStatement select = c.prepareStatement("SELECT value FROM kv_value WHERE rev = ?")) {
                    new GetParts(keys, order, store, index[0], readers, select).time(rounds, slice, out);
                } finally {
                    readers.closeNow();
                }
            }
        } finally {
            try (Stream<Path> left = Files.list(dir)) {
                for (Path p : left.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    private void time(int rounds, int slice, PrintStream out) throws SQLException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[KINDS.length];
        long[] wall = new long[KINDS.length];
        int from = 0;
        for (int round = 0; round < rounds; round++) {
            for (int kind = 0; kind < KINDS.length; kind++) {
                long c0 = threads.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                for (int k = 0; k < slice; k++) {
                    run(kind, order[(from + k) % order.length]);
                }
                if (round >= WARM_UP_ROUNDS) {
                    cpu[kind] += threads.getCurrentThreadCpuTime() - c0;
                    wall[kind] += System.nanoTime() - w0;
                }
            }
            from = (from + slice) % order.length;
        }
        double ops = (double) (rounds - WARM_UP_ROUNDS) * slice;
        for (int kind = 0; kind < KINDS.length; kind++) {
            out.printf(Locale.ROOT, "%-7s %,7.0f ns per operation by CPU time, %,7.0f by wall time%n", KINDS[kind],
                    cpu[kind] / ops, wall[kind] / ops);
        }
        out.printf(Locale.ROOT, "get / select by CPU time, as rates: %.3f (%d)%n", (double) cpu[1] / cpu[0],
                sink & 1);
    }

    private void run(int kind, int i) throws SQLException {
        switch (kind) {
            case 0 -> sink += store.get(keys[i]).value().length;
            case 1 -> {
                select.setLong(1, states[i].modRevision());
                try (ResultSet rs = select.executeQuery()) {
                    rs.next();
                    sink += rs.getBytes(1).length;
                }
            }
            case 2 -> sink += index.get(keys[i], current).version();
            case 3 -> {
                KeyState s = states[i];
                sink += readers.readValue(s.modRevision(), keys[i], s.createRevision(), s.version()).length;
            }
            default -> {
                KeyState s = states[0];
                if (valueRecord.problem(s.modRevision(), keys[0], s.createRevision(), s.version(), oneRecord) != null) {
                    throw new IllegalStateException("the record of revision " + s.modRevision() + " fails its check");
                }
                sink += ValueRecord.value(oneRecord).length;
            }
        }
    }
}
