package io.memstore.bench;

import io.memstore.store.Durability;
import io.memstore.store.KeyValue;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * {@link MvccStore#get(byte[])} of a stored key, in shuffled order: the index lookup, then the read of the change's
 * value row by revision from SQLite on a pooled read connection, its checksum checked against the key and fields
 * the index holds, and the value's copy. Its target is {@code read} in {@code targets.properties}, against
 * {@link RawPointSelectBenchmark}. The store holds N rows of
 * {@link Workload} (64 B random keys, 256 B values), ingested once per trial in DEFERRED mode, then closed and
 * reopened with default options, so the reads go to a file as a restarted service finds it; SQLite's page
 * cache (2,000 KiB per connection) holds a fraction of it and the OS page cache the rest.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar StoreGetBenchmark -f 1} (add {@code -p keys=100000} for a
 * quick run). The forks' JVM flags are those of {@link IndexBenchmark}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class StoreGetBenchmark {
    /** Rows in the store; named as in {@link IndexBenchmark} so that one {@code -p keys=...} sets both. */
    @Param({"1000000"})
    public int keys;

    byte[][] rows;
    int[] order;
    Path dir;
    MvccStore store;
    private int next;

    @Setup
    public void buildStore() throws IOException {
        rows = Workload.keys(keys);
        order = Workload.shuffled(keys);
        byte[] value = Workload.value();
        dir = Files.createTempDirectory("memstore-get-");
        Path file = dir.resolve("get.db");
        try (MvccStore s = MvccStore.open(file, StoreOptions.defaults().durability(Durability.DEFERRED))) {
            for (byte[] key : rows) {
                s.put(key, value);
            }
        }
        store = MvccStore.open(file);
    }

    @TearDown
    public void deleteStore() throws IOException {
        store.close();
        try (Stream<Path> left = Files.list(dir)) {
            for (Path p : left.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(dir);
    }

    /** Returns the value, so that the read cannot be optimized away. */
    @Benchmark
    public byte[] get() {
        int i = order[next];
        next = next + 1 == order.length ? 0 : next + 1;
        KeyValue kv = store.get(rows[i]);
        return kv.value();
    }
}
