package io.memstore.bench;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ingest of N rows into a new SQLite file (the store at least 0.9x a raw batched insert of the same rows), measured by JMH:
 * N random 64 B keys, one 256 B value ({@link Workload}),
 * one put per revision. Each side is timed from its open until every row is committed to the file; its close
 * follows, untimed, as its own work: the raw connection's copies the write-ahead log's last frames into the
 * database, the store's does that too and first writes the index's image into the file for the next open, which is
 * no part of taking the rows in.
 * <ul>
 *   <li>{@link #store}: {@link MvccStore} with {@link Durability#DEFERRED} (group commit) and default options,
 *       {@code put} per row, then {@link MvccStore#flush}, which writes the last batch (and settles the index).</li>
 *   <li>{@link #raw}: {@link RawSqliteInsert}, the same rows into the same two tables with no checksum, index or store logic,
 *       one transaction per {@link StoreOptions#DEFAULT_BATCH_LIMIT} rows, as the store's batches, to its last
 *       commit.</li>
 * </ul>
 * One operation is a whole ingest into a file of its own, so the mode is single-shot: the score is the time of
 * one ingest of N rows (rows per second = N / score; the Ratios tool prints it). A warm-up iteration runs three
 * ingests (its printed score is their sum), so that {@code -wi 2} still compiles the store's and the JDBC
 * driver's paths before the three measured ingests: with one ingest per warm-up iteration the measured times
 * still fell from one ingest to the next at 10^5 rows. Files live in a temporary directory, each closed and deleted
 * after its ingest (outside the measurement), the directory at the end of the trial; {@code -jvmArgsAppend
 * -Djava.io.tmpdir=DIR} moves it.
 *
 * <p>The forks' JVM flags are those of {@link IndexBenchmark} and for the same reasons: the store's index and
 * its garbage are collected on the benchmark thread by the serial collector, in a fixed heap.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar IngestBenchmark -f 1 -wi 2 -i 3} (add
 * {@code -p keys=100000} for a quick run).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, batchSize = 3)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class IngestBenchmark {
    /** Rows per ingest; named as in {@link IndexBenchmark} so that one {@code -p keys=...} sets both. */
    @Param({"1000000"})
    public int keys;

    byte[][] rows;
    byte[] value;
    Path dir;
    Path file;
    private int files;
    /** The invocation's store or raw connection, open after its ingest, closed untimed by {@link #deleteFile}. */
    MvccStore openStore;
    Connection openConnection;

    @Setup(Level.Trial)
    public void makeRows() throws IOException {
        rows = Workload.keys(keys);
        value = Workload.value();
        dir = Files.createTempDirectory("memstore-ingest-");
    }

    @Setup(Level.Invocation)
    public void newFile() {
        file = dir.resolve("ingest-" + ++files + ".db");
    }

    /** Closes the invocation's store or connection, then deletes the file and SQLite's -wal and -shm beside it. */
    @TearDown(Level.Invocation)
    public void deleteFile() throws IOException, SQLException {
        if (openStore != null) {
            openStore.close();
            openStore = null;
        }
        if (openConnection != null) {
            openConnection.close();
            openConnection = null;
        }
        for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
            Files.deleteIfExists(dir.resolve(file.getFileName() + suffix));
        }
    }

    @TearDown(Level.Trial)
    public void deleteDir() throws IOException {
        try (Stream<Path> left = Files.list(dir)) {
            for (Path p : left.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    /** Returns the store's last revision, so that the puts cannot be optimized away. */
    @Benchmark
    public long store() {
        MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED));
        openStore = store;
        for (byte[] key : rows) {
            store.put(key, value);
        }
        store.flush();
        return store.currentRevision();
    }

    @Benchmark
    public void raw() {
        try {
            openConnection = RawSqliteInsert.insert(file, rows, value, StoreOptions.DEFAULT_BATCH_LIMIT);
        } catch (SQLException e) {
            throw new IllegalStateException("raw insert into " + file + " failed: " + e.getMessage(), e);
        }
    }
}
