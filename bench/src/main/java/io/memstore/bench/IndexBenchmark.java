package io.memstore.bench;

import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.KeyState;
import io.memstore.store.internal.index.ReferenceIndex;
import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Get and put throughput of {@link BTreeIndex} against {@link ReferenceIndex} on the same keys (the bounds of
 * btree/reference are the {@code get} and {@code put} targets of {@link Targets}): N random 64 B keys
 * ({@link Workload}), one version each, revision i for the i-th put.
 *
 * <h2>get</h2>
 * Throughput of {@code get(key, latest revision)}, one key per operation, on an index filled once per trial with
 * the N keys and settled ({@link RevisionIndex#settle}, as a store holds it after a flush). The keys looked up are copies of the stored ones (equal bytes, other arrays, as a client's
 * request would bring: {@code Arrays.compareUnsigned} answers at once for the very same array) and are visited
 * in a fixed shuffled order, so successive gets touch unrelated parts of the index instead of walking memory in
 * insertion order.
 *
 * <h2>put</h2>
 * One operation is a whole build: a new, empty index and the N keys put into it in random key order, so the
 * puts land in an index growing from 0 to N keys, as in the harness and as in a store's bulk load, and the build
 * ends with a {@link RevisionIndex#settle}, as the store's load of its file does. The primary
 * score is builds per second; the secondary {@code put:puts} ({@link Puts}, an auxiliary counter advanced by N
 * per build and divided by the same measured time) is the per-put throughput, and btree/reference is the same
 * ratio either way. Why not a single put per operation: an index that keeps growing for the whole iteration
 * would reach a size that depends on how fast it is, so the two indexes would be measured at different sizes;
 * and resetting it every N puts inside an iteration leaves a partial, cheaper build at the end of each one.
 * Why not {@code @OperationsPerInvocation(N)}: it takes a constant and N is a parameter. A build of 10^6 keys
 * takes seconds (4 s B-tree, 7 s reference on the shared 2-core machine under load), so a 5 s iteration holds
 * one or two builds of 10^6 keys and dozens of 10^5: JMH lets the build that runs past the iteration's end
 * finish and counts it in full, with its time, so no partial build biases the figure (it only makes the
 * iteration longer). The garbage of the previous build is collected during the next one and counts, as any
 * build's garbage would in an application.
 *
 * <h2>JVM</h2>
 * Forks run with {@code -XX:+UseSerialGC -Xms2g -Xmx2g -XX:+AlwaysPreTouch}:
 * <ul>
 *   <li>the serial collector, which the memory probe uses too, collects on the benchmark's own thread: every
 *       collection the workload causes is in its time, and no collector thread runs on the second core beside
 *       it (the machine has 2 cores, shared), where a concurrent collector's work would be hidden from the
 *       score or steal time from the next benchmark at random;</li>
 *   <li>a fixed heap keeps the collector from resizing the heap (and the young generation) between
 *       iterations, so both indexes run with the same heap from the first operation on; 2 GiB holds 10^6 keys
 *       of either index, the key arrays and a build's garbage several times over;</li>
 *   <li>pre-touching it maps all of it at start-up, so the first iterations do not pay page faults that the
 *       later ones do not.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar IndexBenchmark -f 1 -wi 2 -i 3} (add {@code -p keys=100000}
 * for a quick run).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 3, time = 5, timeUnit = TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class IndexBenchmark {

    /** The parameters, shared by name by every state below: which index, how many keys. */
    @State(Scope.Benchmark)
    public abstract static class Choice {
        @Param({"btree", "reference"})
        public String index;

        @Param({"1000000"})
        public int keys;

        RevisionIndex newIndex() {
            return switch (index) {
                case "btree" -> new BTreeIndex();
                case "reference" -> new ReferenceIndex();
                default -> throw new IllegalArgumentException("index must be btree or reference, was '" + index
                        + "'");
            };
        }
    }

    /** get's index: the N keys put once per trial, and the lookup keys in their shuffled order. */
    @State(Scope.Benchmark)
    public static class Filled extends Choice {
        RevisionIndex built;
        byte[][] lookups;
        long latest;

        @Setup(Level.Trial)
        public void fill() {
            byte[][] stored = Workload.keys(keys);
            built = newIndex();
            for (byte[] key : stored) {
                built.put(key, Revision.pack(++latest, 0));
            }
            built.settle(); // as a store holds it after a flush: settled leaves, coded words
            int[] order = Workload.shuffled(keys);
            lookups = new byte[keys][];
            for (int i = 0; i < keys; i++) {
                lookups[i] = Arrays.copyOf(stored[order[i]], stored[order[i]].length);
            }
            if (built.keyCount() != keys || built.get(lookups[0], latest) == null) {
                throw new IllegalStateException(index + " index holds " + built.keyCount() + " keys after "
                        + keys + " puts, or misses a stored key");
            }
        }
    }

    /** Where this thread's next get looks (its own cursor through the shared lookup order). */
    @State(Scope.Thread)
    public static class Cursor {
        int next;
    }

    /** put's keys, made once per trial (outside the measurement), in the order they are put. */
    @State(Scope.Benchmark)
    public static class Keys extends Choice {
        byte[][] ordered;

        @Setup(Level.Trial)
        public void make() {
            ordered = Workload.keys(keys);
        }
    }

    /** The per-put figure of {@link #put}: JMH resets the public field each iteration and divides it by time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Puts {
        public long puts;
    }

    @Benchmark
    public KeyState get(Filled filled, Cursor cursor) {
        int i = cursor.next;
        cursor.next = i + 1 == filled.lookups.length ? 0 : i + 1;
        return filled.built.get(filled.lookups[i], filled.latest);
    }

    /** One build of N keys into a new index; returns the index so that the build cannot be optimized away. */
    @Benchmark
    public RevisionIndex put(Keys keys, Puts puts) {
        RevisionIndex built = keys.newIndex();
        long rev = 0;
        for (byte[] key : keys.ordered) {
            built.put(key, Revision.pack(++rev, 0));
        }
        built.settle();
        puts.puts += keys.ordered.length;
        return built;
    }
}
