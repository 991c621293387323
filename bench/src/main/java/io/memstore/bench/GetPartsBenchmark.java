package io.memstore.bench;

import io.memstore.store.Revision;
import io.memstore.store.internal.index.BTreeIndex;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The parts of {@link BTreeIndex#get}, on the index and lookups of {@code IndexBenchmark.get} (N keys of the bench's
 * workload, one version each, settled; copies of the stored keys in a shuffled order): {@link #descend}, the inner
 * nodes down to the leaf, and {@link #find}, that and the leaf's search. The whole get (lock, search and the run's
 * state) is {@code IndexBenchmark.get} with {@code index=btree}; the three side by side say where a get's time goes.
 * The parts ({@code BTreeIndex.descend}, {@code BTreeLeaf.find}) are public in the store's internal index
 * package, not in its API.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar "GetPartsBenchmark|IndexBenchmark.get" -p index=btree -f 1}
 * (add {@code -p keys=100000} for a quick run). The forks' JVM flags are those of {@code IndexBenchmark}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 3, time = 5, timeUnit = TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class GetPartsBenchmark {
    /** Keys in the index; named as in {@code IndexBenchmark} so that one {@code -p keys=...} sets both. */
    @Param({"1000000"})
    public int keys;

    BTreeIndex index;
    byte[][] lookups;
    private int next;

    @Setup(Level.Trial)
    public void fill() {
        byte[][] stored = Workload.keys(keys);
        index = new BTreeIndex();
        long rev = 0;
        for (byte[] key : stored) {
            index.put(key, Revision.pack(++rev, 0));
        }
        index.settle();
        int[] order = Workload.shuffled(keys);
        lookups = new byte[keys][];
        for (int i = 0; i < keys; i++) {
            lookups[i] = Arrays.copyOf(stored[order[i]], stored[order[i]].length);
        }
        if (index.descend(lookups[0]).find(lookups[0]) < 0) {
            throw new IllegalStateException("the B-tree misses a stored key after " + keys + " puts");
        }
    }

    private byte[] nextKey() {
        int i = next;
        next = i + 1 == lookups.length ? 0 : i + 1;
        return lookups[i];
    }

    /** The leaf's size, so that the descent cannot be optimized away. */
    @Benchmark
    public int descend() {
        return index.descend(nextKey()).size();
    }

    @Benchmark
    public int find() {
        byte[] key = nextKey();
        return index.descend(key).find(key);
    }
}
