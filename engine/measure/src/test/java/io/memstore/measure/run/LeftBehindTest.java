package io.memstore.measure.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.fixture.ProcessStartingTarget;
import io.memstore.measure.fixture.ThreadLeavingTarget;
import io.memstore.measure.probe.Metrics;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowField;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A probe and a class trial end when their work ends, whatever the project's class left behind: a non-daemon
 * thread does not hold the JVM open (the row gets its result, with a warning naming the thread), a process it
 * started does not outlive it (ended, and named in a warning), and a {@code System.exit} in its code is reported as
 * that call, not as the JVM's own failure. The trial also runs within its timeout and heap limit, and names the
 * class in every problem.
 */
class LeftBehindTest {
    private static final String FIXTURE = "io.memstore.measure.fixture.";

    @TempDir
    Path work;

    private final List<String> warnings = new CopyOnWriteArrayList<>();

    private static List<Path> testClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    /**
     * A runner whose timeout a probe held open by a thread would reach: then the row fails instead of being
     * measured, and the assertions that it was measured fail.
     */
    private RowRunner runner() {
        Progress progress = Progress.of(line -> { }, line -> { }, warnings::add);
        return new RowRunner(RunnerOptions.of(testClasspath()).withWorkDir(work).withGets(100)
                .withTimeout(Duration.ofSeconds(90)).withSettle(Duration.ZERO).withProgress(progress));
    }

    private ClassTrial trial(Duration timeout) {
        return new ClassTrial(testClasspath(), RunnerOptions.defaultJava(), work.resolve("trials"), timeout,
                warnings::add);
    }

    private static Row row(String className) {
        return new Row("own/system=" + className, RowParams.builder("own").keys(2_000).valueSize(100)
                .store(StoreKind.NONE).seed(7).system(SystemKind.of(FIXTURE + className)).build());
    }

    /** The live processes whose environment carries the fixture's mark with a data directory under {@code dir}. */
    private static List<Long> fixtureProcesses(Path dir) throws IOException {
        String mark = ProcessStartingTarget.MARK + "=" + dir.toAbsolutePath();
        List<Long> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String env = new String(Files.readAllBytes(p.resolve("environ")), StandardCharsets.UTF_8);
                    if (Arrays.stream(env.split("\0")).anyMatch(e -> e.startsWith(mark))) {
                        found.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException gone) {
                    // ended while listed, or not ours to read
                }
            }
        }
        return found;
    }

    @Test
    void aThreadLeftRunningDoesNotHoldTheProbeAndIsNamed() {
        RowMeasurement m = runner().run(row("ThreadLeavingTarget"));
        assertThat(m.median(Metrics.LOAD_PUTS)).isEqualTo(2_000.0);
        // two: the measured target's, and that of the empty one the class account opens after it is closed
        assertThat(warnings).singleElement().asString()
                .startsWith("row 'own/system=ThreadLeavingTarget': the measured code left 2 non-daemon thread(s)"
                        + " running")
                .contains("'" + ThreadLeavingTarget.THREAD + "'");
    }

    @Test
    void aProcessTheTargetStartedEndsWithTheProbeAndIsNamed() throws Exception {
        RowMeasurement m = runner().run(row("ProcessStartingTarget"));
        assertThat(m.median(Metrics.LOAD_PUTS)).isEqualTo(2_000.0);
        // two: the measured target's, and that of the empty one the class account opens after it is closed
        assertThat(warnings).singleElement().asString().contains("the measured code left 2 process(es) running: ")
                .containsPattern("pid \\d+ \\(sleep 901\\)");
        assertThat(fixtureProcesses(work)).as("sleep processes left").isEmpty();
    }

    @Test
    void aSystemExitInTheTargetIsReportedAsThatCall() {
        ProbeFailedException e = catchThrowableOfType(ProbeFailedException.class,
                () -> runner().run(row("ExitingTarget")));
        assertThat(e.exitCode()).isEqualTo(3);
        assertThat(e.getMessage()).startsWith("row 'own/system=ExitingTarget': the probe's JVM was ended by a"
                        + " call to System.exit(3) at " + FIXTURE + "ExitingTarget.<init>(ExitingTarget.java:")
                .doesNotContain("out of memory");
    }

    @Test
    void theTrialEndsWhatTheClassLeftAndNamesTheClassInEveryProblem() throws Exception {
        ClassTrial trial = trial(Duration.ofSeconds(90));
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "ThreadLeavingTarget")).isEmpty();
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "ProcessStartingTarget")).isEmpty();
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0)).startsWith("class '" + FIXTURE + "ThreadLeavingTarget', in its trial")
                .contains("'" + ThreadLeavingTarget.THREAD + "'");
        assertThat(warnings.get(1)).startsWith("class '" + FIXTURE + "ProcessStartingTarget', in its trial")
                .containsPattern("pid \\d+ \\(sleep 901\\)");
        assertThat(fixtureProcesses(work)).as("sleep processes left").isEmpty();

        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "ExitingTarget")).get().asString()
                .isEqualTo("class '" + FIXTURE + "ExitingTarget' ended the JVM of its trial (created, 16 puts, closed)"
                        + " by calling System.exit(3) at " + FIXTURE + "ExitingTarget.<init>(ExitingTarget.java:6)");
        // a default heap (a quarter of the machine) would hold the 256 MiB: the trial's limit does not
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "HeapHungryTarget")).get().asString()
                .startsWith("class '" + FIXTURE + "HeapHungryTarget' ran out of memory in its trial (created, 16 puts,"
                        + " closed) with -Xmx128m: ").contains("java.lang.OutOfMemoryError: Java heap space");
        try (var left = Files.list(work.resolve("trials"))) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void theTrialStopsAtItsTimeout() {
        assertThat(trial(Duration.ofSeconds(3)).problem(RowField.SYSTEM, FIXTURE + "HangingPutTarget")).get().asString()
                .isEqualTo("class '" + FIXTURE + "HangingPutTarget' did not finish its trial (created, 16 puts, closed)"
                        + " within the timeout of 3 s (memstore.timeout)");
    }
}
