package io.memstore.measure.run;

import io.memstore.measure.probe.Metrics;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Forks real probe JVMs with the test classpath. */
class RowRunnerTest {
    @TempDir
    Path work;

    private final List<String> progress = new CopyOnWriteArrayList<>();

    private RunnerOptions options() {
        List<Path> classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of).toList();
        return RunnerOptions.of(classpath).withWorkDir(work).withProgress(Progress.of(progress::add, progress::add)).withGets(20_000)
                .withSettle(Duration.ZERO)
                .withTimeout(Duration.ofSeconds(60));
    }

    private static Row row(String name, long keys, int keySize, int runs) {
        return new Row(name, RowParams.builder("index").keys(keys).keySize(keySize).valueSize(0).store(StoreKind.NONE)
                .index(IndexKind.REFERENCE).seed(42).runs(runs).build());
    }

    private long filesLeft() throws IOException {
        try (Stream<Path> s = Files.list(work)) {
            return s.count();
        }
    }

    @Test
    void measuresATinyIndexRowInAForkedJvm() throws IOException {
        Row row = row("tiny/keys=2000", 2000, 64, 1);
        RowMeasurement m = new RowRunner(options().withJvmArgs(List.of("-Dmemstore.test=1"))).run(row, 3, 12);

        assertThat(m.row()).isEqualTo(row);
        assertThat(m.runs()).isEqualTo(1);
        assertThat(m.median(Metrics.LOAD_PUTS)).isEqualTo(2000.0);
        assertThat(m.median(Metrics.INDEX_KEYS)).isEqualTo(2000.0);
        assertThat(m.median(Metrics.INDEX_LIVE_HEAP)).isPositive();
        // the probe JVM's whole run, as timed from here: longer than the load inside it
        assertThat(m.median(Metric.ROW_SECONDS.metricName())).isGreaterThan(m.median(Metrics.LOAD_SECONDS));
        assertThat(m.toRowResult().metric(Metric.ROW_SECONDS)).isPresent();
        // the reference index holds each 64 B key in an 80 B array plus its TreeMap entry and keyIndex
        assertThat(m.median(Metrics.INDEX_BYTES_PER_KEY)).isGreaterThan(64 + 16 + 40).isLessThan(1000);
        // one version into the TreeMap index makes no garbage: nearly all that was allocated is retained (the
        // rest, for so small a row, is the first-use garbage of class initialisation and string concatenation)
        assertThat(m.median(Metrics.INDEX_LIVE_HEAP)).isLessThanOrEqualTo(m.median(Metrics.INDEX_ALLOCATED) * 1.01)
                .isGreaterThan(m.median(Metrics.INDEX_ALLOCATED) * 0.75);
        assertThat(m.median(Metrics.GET_OPS_PER_SECOND)).isPositive();
        assertThat(m.median(Metrics.JVM_VERSION)).isEqualTo((double) Runtime.version().feature());
        assertThat(m.median(Metrics.JVM_MAX_HEAP)).isEqualTo(128.0 * (1 << 20), org.assertj.core.data.Offset.offset(
                16.0 * (1 << 20))); // -Xmx128m, as the JVM reports it (minus a survivor space)
        assertThat(m.median(Metrics.STORE_FILE_SIZE)).isZero();
        if (Files.isReadable(Path.of("/proc/self/status"))) {
            assertThat(m.median(Metrics.PROCESS_RSS)).isGreaterThan(m.median(Metrics.INDEX_LIVE_HEAP));
            assertThat(m.median(Metrics.PROCESS_PEAK_RSS)).isGreaterThanOrEqualTo(m.median(Metrics.PROCESS_RSS));
            assertThat(m.median(Metrics.JVM_BASELINE_RSS)).isPositive();
        }
        assertThat(m.spread(Metrics.INDEX_LIVE_HEAP)).isZero();
        assertThat(m.jvmArgs()).startsWith("-XX:+UseSerialGC").contains("-Xmx128m", "-XX:+ExitOnOutOfMemoryError", "-XX:MaxNewSize=8m")
                .endsWith("-Dmemstore.test=1");
        assertThat(progress).anyMatch(l -> l.startsWith("row 3/12 tiny/keys=2000: run 1/1, started (pid "))
                .anyMatch(l -> l.startsWith("row 3/12 tiny/keys=2000: run 1/1, measuring heap, "))
                .anyMatch(l -> l.matches("row 3/12 tiny/keys=2000: run 1/1, done in \\d+ s"));
        assertThat(filesLeft()).as("the run's directory is deleted").isZero();
        // every reported name that budgets know is accepted by the result model
        assertThat(m.toRowResult().metric(io.memstore.measure.spec.Metric.INDEX_LIVE_HEAP))
                .hasValue(m.median(Metrics.INDEX_LIVE_HEAP));
    }

    @Test
    void theLiveHeapOfAGarbageFreeBuildIsWhatWasAllocated() {
        // 150,000 keys (~40 MB) outgrow the 8 MiB young generation, so the build promotes and the heap expands;
        // retained heap and allocated bytes, two independent methods, must agree (an under-read seen once at 1M
        // keys does not reproduce at this size: this is a check of the method, not of that case)
        RowMeasurement m = new RowRunner(options().withGets(1000)).run(row("garbage-free", 150_000, 64, 1));
        assertThat(m.median(Metrics.INDEX_LIVE_HEAP)).isCloseTo(m.median(Metrics.INDEX_ALLOCATED),
                org.assertj.core.data.Percentage.withPercentage(2));
    }

    @Test
    void aStoreRowMeasuresTheFileAndLeavesNothingBehind() throws IOException {
        Row row = new Row("store/keys=2000", RowParams.builder("store").keys(2000).versions(2)
                .index(IndexKind.REFERENCE).seed(42).build());
        RowMeasurement m = new RowRunner(options()).run(row);
        assertThat(m.median(Metrics.LOAD_PUTS)).isEqualTo(4000.0);
        assertThat(m.median(Metrics.STORE_FILE_SIZE)).isGreaterThan(4000.0 * 256);
        assertThat(m.median(Metrics.INDEX_LIVE_HEAP)).isPositive();
        assertThat(m.median(Metrics.GET_OPS_PER_SECOND)).isPositive();
        assertThat(filesLeft()).as("the SQLite files and the extracted native library are deleted").isZero();
    }

    @Test
    void severalRunsGiveTheMedianAndSpread() {
        RowMeasurement m = new RowRunner(options().withKeepFiles(true)).run(row("three", 1000, 16, 3));
        assertThat(m.runs()).isEqualTo(3);
        assertThat(m.median(Metrics.LOAD_PUTS)).isEqualTo(1000.0);
        assertThat(m.spread(Metrics.LOAD_PUTS)).isZero();
        assertThat(m.spread(Metrics.LOAD_SECONDS)).isNotNull().isGreaterThanOrEqualTo(0);
        assertThat(progress).anyMatch(l -> l.contains("run 3/3, done in"));
        assertThat(progress.stream().filter(l -> l.contains("files kept in "))).hasSize(3);
        try (Stream<Path> s = Files.list(work)) {
            assertThat(s.filter(d -> Files.exists(d.resolve("result.json")))).hasSize(3);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aChildStillRunningAtTheTimeoutIsKilledWithItsDescendants() throws Exception {
        TimedOutRun run = TimedOutRun.of(options().withMainClass(SleepingChild.class.getName()),
                row("sleepy", 10, 16, 1), progress, ", pids ");
        ProbeTimeoutException e = run.error();
        assertThat(e.getMessage()).startsWith("row 'sleepy': the probe did not finish within the timeout of "
                + run.timeout().toSeconds() + " s").contains("and 1 descendant process(es)");
        assertThat(e.row()).isEqualTo("sleepy");

        String pids = progress.stream().filter(l -> l.contains(", pids ")).findFirst().orElseThrow();
        String[] parts = pids.replaceAll(".*, pids (\\d+) (\\d+),.*", "$1 $2").split(" ");
        for (String pid : parts) {
            assertThat(ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false))
                    .as("process %s is gone", pid).isFalse();
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(filesLeft()).isZero();
    }

    @Test
    void interruptingTheParentJvmKillsItsProbes() throws Exception {
        Process host = new ProcessBuilder(RunnerOptions.defaultJava().toString(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                RunnerHost.class.getName(), work.toString()).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8))) {
            String pidsLine = null;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.contains(", pids ")) {
                    pidsLine = line;
                    break;
                }
            }
            assertThat(pidsLine).as("the hosted runner reported its probe's pids").isNotNull();
            List<ProcessHandle> probes = Arrays.stream(pidsLine.replaceAll(".*, pids (\\d+) (\\d+),.*", "$1 $2")
                    .split(" ")).map(p -> ProcessHandle.of(Long.parseLong(p)).orElseThrow()).toList();
            host.destroy(); // SIGTERM, as Ctrl-C on Maven: shutdown hooks run
            assertThat(host.waitFor(20, TimeUnit.SECONDS)).isTrue();
            for (ProcessHandle p : probes) {
                p.onExit().get(10, TimeUnit.SECONDS);
                assertThat(p.isAlive()).as("probe process %d", p.pid()).isFalse();
            }
        } finally {
            host.destroyForcibly();
        }
    }

    @Test
    void aChildThatRunsOutOfMemoryIsReportedWithItsExitCodeAndOutput() throws IOException {
        // the user's -Xmx comes last and wins: 400,000 keys cannot fit in 16 MiB
        RowRunner runner = new RowRunner(options().withJvmArgs(List.of("-Xmx16m")));
        ProbeFailedException e = catchThrowableOfType(() -> runner.run(row("oom", 400_000, 64, 1)),
                ProbeFailedException.class);
        assertThat(e).isNotNull();
        assertThat(e.exitCode()).isEqualTo(3);
        assertThat(e.outputTail()).contains("OutOfMemoryError");
        assertThat(e.getMessage()).startsWith("row 'oom': the probe ran out of memory").contains("exit code 3")
                .contains("OutOfMemoryError");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(filesLeft()).isZero();
    }

    @Test
    void aRowTheProbeRejectsIsReportedWithTheReason() {
        Row bad = new Row("bad", RowParams.builder("index").keys(5000).keySize(2).valueSize(0)
                .keyPattern(KeyPattern.SEQUENTIAL).store(StoreKind.NONE).index(IndexKind.REFERENCE).build());
        assertThatThrownBy(() -> new RowRunner(options()).run(bad))
                .isInstanceOf(ProbeFailedException.class)
                .hasMessageContaining("row 'bad': the probe rejected the row, exit code 2")
                .hasMessageContaining("memstore probe: row 'bad': 5000 sequential keys need keySize >= 4 B");
    }

    @Test
    void aMissingJavaIsAClearError() {
        RowRunner runner = new RowRunner(options().withJava(work.resolve("no-such-java")));
        assertThatThrownBy(() -> runner.run(row("nojava", 10, 16, 1)))
                .isInstanceOf(ProbeFailedException.class)
                .hasMessageContaining("row 'nojava': cannot start the probe JVM");
    }
}
