package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class IngestThreadsTest {
    /** A thread's stat line as Linux writes it: a name with a space and parentheses, then the fields. */
    private static final String STAT = "4242 (memstore-flush (x) 7) S 1 4242 4242 0 -1 4194368 10 0 0 0 123 45 0 0 20 0";

    @Test
    void readsTheNameAndTheUserAndSystemTicksOfAStatLine() {
        assertThat(IngestThreads.threadName(STAT)).isEqualTo("memstore-flush");
        assertThat(IngestThreads.threadName("7 (C2 CompilerThre) S 1")).isEqualTo("C2");
        assertThat(IngestThreads.threadName("7 (GC Thread#1) S 1")).isEqualTo("GC");
        assertThat(IngestThreads.threadName("7 (pool-3) S 1")).isEqualTo("pool-");
        assertThat(IngestThreads.threadName("7 (memstore-checkp) S 1")).isEqualTo("memstore-checkp");
        assertThat(IngestThreads.cpuNanos(STAT)).isEqualTo((123 + 45) * 10_000_000L);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void countsTheCpuOfThisThreadAndNoneOfAThreadThatHasNotRun() throws Exception {
        Map<String, Long> before = IngestThreads.threadCpu(Path.of("/proc/self/task"));
        // spins until this thread has had 0.3 s of CPU, however long a busy machine takes to give it that
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long spin = mx.getCurrentThreadCpuTime() + 300_000_000L;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < spin) {
            x += x * 31 + 7;
        }
        Map<String, Long> after = IngestThreads.threadCpu(Path.of("/proc/self/task"));
        String line = IngestThreads.line("store", 0, true, 1_000_000L, before, after);
        long grown = after.entrySet().stream()
                .mapToLong(e -> e.getValue() - before.getOrDefault(e.getKey(), 0L)).max().orElseThrow();
        assertThat(grown).as("some thread used the 0.3 s of CPU just spent (%d)", x).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(line).startsWith("store pair 0: wall 1 ms; CPU ms").contains(" total=");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void printsEveryPairAndTheMeansOfTheWarmOnesLeavingNoFileBehind() throws Exception {
        java.util.Set<String> before = runDirectories();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        IngestThreads.measure(3_000, 3, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out.lines().filter(l -> l.startsWith("store pair")).count()).isEqualTo(3);
        assertThat(out.lines().filter(l -> l.startsWith("raw   pair")).count()).isEqualTo(3);
        assertThat(out).contains("store pair 0 (warm-up)", "raw   pair 1 (warm-up)", "store pair 2: wall")
                .containsPattern("means of 1 warm pairs: store [0-9,]+ ms, raw [0-9,]+ ms;"
                        + " store/raw in rows/s [0-9.]+");
        assertThat(runDirectories()).as("directories of this run left behind").isSubsetOf(before);
    }

    /** The run directories in the temporary directory now: another build's may be there before and during a run. */
    private static java.util.Set<String> runDirectories() throws java.io.IOException {
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return left.map(Path::getFileName).map(Path::toString).filter(n -> n.startsWith("memstore-ingest-threads-"))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void refusesTooFewPairsForTheWarmUp() {
        assertThatThrownBy(() -> IngestThreads.measure(10, 2, System.out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("above the 2 warm-up pairs");
    }
}
