package io.memstore.measure.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Probe children that time out, run out of memory, or outlive their parent: no orphan process, an error that
 * names the row, and no SQLite files left behind unless they were asked to be kept.
 */
class ChildHygieneTest {
    @TempDir
    Path work;
    private final List<String> progress = new CopyOnWriteArrayList<>();

    static List<Path> classpath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    private RunnerOptions options() {
        return RunnerOptions.of(classpath()).withWorkDir(work).withProgress(Progress.of(progress::add, progress::add)).withGets(1000)
                .withSettle(Duration.ZERO)
                .withTimeout(Duration.ofSeconds(60));
    }

    static Row storeRow(String name, long keys) {
        return new Row(name, RowParams.builder("store").keys(keys).keySize(16).valueSize(100)
                .index(IndexKind.REFERENCE).seed(7).build());
    }

    private long entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    /** The pid and store file a {@link StoreHangChild} reported. */
    static String[] storeOpen(List<String> lines) {
        String line = lines.stream().filter(l -> l.contains("store open ")).findFirst().orElseThrow();
        return line.replaceAll(".*store open (\\d+) (\\S+?),? .*", "$1 $2").split(" ");
    }

    static boolean alive(String pid) {
        return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void aStoreRowPastItsTimeoutIsKilledAndItsSqliteFilesRemoved() throws IOException {
        TimedOutRun run = TimedOutRun.of(options().withMainClass(StoreHangChild.class.getName()),
                storeRow("store/hangs", 2000), progress, "store open ");
        ProbeTimeoutException e = run.error();
        assertThat(e.row()).isEqualTo("store/hangs");
        assertThat(e.getMessage()).startsWith("row 'store/hangs': the probe did not finish within the timeout of "
                + run.timeout().toSeconds() + " s; killed it (pid ");
        String[] opened = storeOpen(progress);
        assertThat(alive(opened[0])).isFalse();
        assertThat(Path.of(opened[1])).doesNotExist();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(entries(work)).as("the run directory, SQLite files and native library included, is gone").isZero();
    }

    @Test
    void keptFilesStayAfterATimeoutAndTheirPlaceIsTold() throws IOException {
        TimedOutRun.of(options().withMainClass(StoreHangChild.class.getName()).withKeepFiles(true),
                storeRow("kept", 500), progress, "store open ");
        Path db = Path.of(storeOpen(progress)[1]);
        assertThat(db).exists();
        assertThat(progress).anyMatch(l -> l.contains("files kept in " + db.getParent().getParent()));
        try (var s = io.memstore.store.MvccStore.open(db)) {
            assertThat(s.currentRevision()).as("the kept store is whole").isEqualTo(500);
        }
    }

    @Test
    void aStoreRowThatRunsOutOfMemoryLeavesNoFiles() throws IOException {
        // the real probe, a store row, and a heap far too small for 400,000 keys: the user's -Xmx wins
        RowRunner runner = new RowRunner(options().withJvmArgs(List.of("-Xmx24m")));
        ProbeFailedException e = catchThrowableOfType(() -> runner.run(storeRow("store/oom", 400_000)),
                ProbeFailedException.class);
        assertThat(e).isNotNull();
        assertThat(e.exitCode()).isEqualTo(3);
        assertThat(e.getMessage()).startsWith("row 'store/oom': the probe ran out of memory or failed inside the JVM,"
                + " exit code 3").contains("OutOfMemoryError");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(entries(work)).isZero();
    }

    /**
     * A build killed outright (SIGKILL: no shutdown hook runs) while a row runs: the probe notices that its parent
     * is gone, removes its run directory and stops, and so does the grandchild of {@link SleepingChild}.
     */
    @Test
    void aProbeWhoseBuildWasKilledStopsAndCleansUp() throws Exception {
        Process host = new ProcessBuilder(RunnerOptions.defaultJava().toString(), "-Xmx64m", "-cp",
                System.getProperty("java.class.path"), HygieneHost.class.getName(), work.toString(),
                StoreHangChild.class.getName()).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8))) {
            List<String> lines = new CopyOnWriteArrayList<>();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lines.add(line);
                if (line.contains("store open ")) {
                    break;
                }
            }
            String[] opened = storeOpen(lines);
            ProcessHandle probe = ProcessHandle.of(Long.parseLong(opened[0])).orElseThrow();
            host.toHandle().destroyForcibly(); // SIGKILL: the host's shutdown hook does not run
            assertThat(host.waitFor(20, TimeUnit.SECONDS)).isTrue();
            probe.onExit().get(20, TimeUnit.SECONDS);
            assertThat(probe.isAlive()).isFalse();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (entries(work) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(Path.of(opened[1])).doesNotExist();
            assertThat(entries(work)).isZero();
        } finally {
            host.destroyForcibly();
        }
    }

    @Test
    void aSleepingTreeWhoseBuildWasKilledEndsToTheLastGrandchild() throws Exception {
        Process host = new ProcessBuilder(RunnerOptions.defaultJava().toString(), "-Xmx64m", "-cp",
                System.getProperty("java.class.path"), HygieneHost.class.getName(), work.toString(),
                SleepingChild.class.getName()).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8))) {
            String pids = null;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.contains(", pids ")) {
                    pids = line;
                    break;
                }
            }
            assertThat(pids).isNotNull();
            List<ProcessHandle> tree = Arrays.stream(pids.replaceAll(".*, pids (\\d+) (\\d+),.*", "$1 $2").split(" "))
                    .map(p -> ProcessHandle.of(Long.parseLong(p)).orElseThrow()).toList();
            host.toHandle().destroyForcibly();
            for (ProcessHandle p : tree) {
                p.onExit().get(20, TimeUnit.SECONDS);
                assertThat(p.isAlive()).as("process %d", p.pid()).isFalse();
            }
        } finally {
            host.destroyForcibly();
        }
    }
}
