package io.memstore.bench;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * The baseline of {@link StoreGetBenchmark}: SQLite's own point select of the same rows, with nothing of the
 * store around it. The file is made exactly as StoreGetBenchmark makes it (N rows of {@link Workload} ingested by
 * {@link MvccStore} in DEFERRED mode, then closed), and read on one JDBC connection with the store's page cache
 * (2,000 KiB) and a prepared {@code SELECT value FROM kv_value WHERE rev = ?}, the rows visited in the same shuffled
 * order. The select goes by the table's primary key, the revision, which a store without an in-memory index could
 * not know from the key: it is the least SQLite can do to return the row, so {@code get / select} says what the
 * store's index lookup, snapshot, row decoding and checksum cost on top.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar "StoreGetBenchmark|RawPointSelectBenchmark" -f 1} (add
 * {@code -p keys=100000} for a quick run). The forks' JVM flags are those of {@link IndexBenchmark}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class RawPointSelectBenchmark {
    /** Rows in the file; named as in {@link IndexBenchmark} so that one {@code -p keys=...} sets both. */
    @Param({"1000000"})
    public int keys;

    long[] revs;
    int[] order;
    Path dir;
    Connection connection;
    PreparedStatement select;
    private int next;

    @Setup
    public void buildFile() throws IOException, SQLException {
        byte[][] rows = Workload.keys(keys);
        order = Workload.shuffled(keys);
        byte[] value = Workload.value();
        dir = Files.createTempDirectory("memstore-select-");
        Path file = dir.resolve("get.db");
        try (MvccStore s = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED))) {
            for (byte[] key : rows) {
                s.put(key, value);
            }
        }
        connection = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA cache_size = -" + StoreOptions.defaults().sqliteCacheKiB());
            revs = new long[keys];
            int i = 0;
            // the rows' revisions in ingest order: row i of Workload.keys was the i-th put
            try (ResultSet rs = s.executeQuery("SELECT rev FROM kv_value ORDER BY rev")) {
                while (rs.next()) {
                    revs[i++] = rs.getLong(1);
                }
            }
            if (i != keys) {
                throw new IllegalStateException(file + " holds " + i + " rows, expected " + keys);
            }
        }
        select = connection.prepareStatement("SELECT value FROM kv_value WHERE rev = ?");
    }

    @TearDown
    public void deleteFile() throws IOException, SQLException {
        select.close();
        connection.close();
        try (Stream<Path> left = Files.list(dir)) {
            for (Path p : left.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    /** Returns the value row (the change's checksum, then the value), so that the read cannot be optimized away. */
    @Benchmark
    public byte[] select() throws SQLException {
        int i = order[next];
        next = next + 1 == order.length ? 0 : next + 1;
        select.setLong(1, revs[i]);
        try (ResultSet rs = select.executeQuery()) {
            if (!rs.next()) {
                throw new IllegalStateException("no row at revision " + revs[i]);
            }
            return rs.getBytes(1);
        }
    }
}
