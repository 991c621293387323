package io.memstore.measure.run;

import io.memstore.measure.probe.Metrics;
import io.memstore.measure.probe.ProbeMain;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowField;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Forked probes and trials of a project's own {@code KeyValueTarget} classes: measured as an embedded system, and a
 * class that throws told with its own message.
 */
class ProjectTargetRunTest {
    private static final String FIXTURE = "io.memstore.measure.fixture.";

    @TempDir
    Path work;

    private static List<Path> testClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    private RowRunner runner() {
        return new RowRunner(RunnerOptions.of(testClasspath()).withWorkDir(work).withGets(1000)
                .withTimeout(Duration.ofSeconds(60)).withSettle(Duration.ZERO)); // no RSS figure is judged here
    }

    private static Row row(String className) {
        return new Row("own/system=" + className, RowParams.builder("own").keys(20_000).versions(2).valueSize(100)
                .store(StoreKind.NONE).seed(7).deletes(0.25).system(SystemKind.of(FIXTURE + className)).build());
    }

    @Test
    void aTargetClassIsMeasuredAsAnEmbeddedSystemWithItsKeysAndValuesOnTheHeap() {
        RowMeasurement m = runner().run(row("MapTarget"));
        assertThat(m.median(Metrics.LOAD_PUTS)).isEqualTo(40_000.0);
        assertThat(m.median(Metrics.LOAD_DELETES)).isEqualTo(5_000.0);
        assertThat(m.median(Metrics.INDEX_KEYS)).isEqualTo(15_000.0);
        assertThat(m.median(Metrics.INDEX_REVISIONS)).isEqualTo(45_000.0);
        // each live key holds a byte[64] (80 B) and a copy of its byte[100] value (120 B), and more for the map
        assertThat(m.median(Metrics.INDEX_LIVE_HEAP) / 15_000).isGreaterThan(200.0);
        assertThat(m.median(Metrics.GET_OPS_PER_SECOND)).isPositive();
        assertThat(m.median(Metrics.PROCESS_RSS)).isPositive();
        assertThat(m.median(Metrics.STORE_FILE_SIZE)).isZero(); // no files
        assertThat(m.median()).doesNotContainKey(Metrics.REOPEN_SECONDS); // nothing to reopen
        assertThat(m.median(Metrics.STORE_NATIVE_BYTES)).isNull(); // no count of its own
    }

    @Test
    void aTargetWithFilesGetsItsDataDirectoryAndIsReopened() {
        RowMeasurement m = runner().run(row("FileTarget"));
        assertThat(m.median(Metrics.STORE_FILE_SIZE)).isEqualTo(40_000.0 * (64 + 100));
        assertThat(m.median(Metrics.REOPEN_SECONDS)).isPositive();
    }

    @Test
    void aPutThatThrowsFailsTheRowWithTheClassesOwnMessage() {
        ProbeFailedException e = catchThrowableOfType(ProbeFailedException.class,
                () -> runner().run(row("ThrowingPutTarget")));
        assertThat(e.exitCode()).isEqualTo(ProbeMain.EXIT_CLASS_FAILED);
        assertThat(e.getMessage()).contains("the project's class failed")
                .contains("class '" + FIXTURE + "ThrowingPutTarget' threw in put: java.lang.IllegalStateException:"
                        + " the fixture's quota of 2 keys is full (at " + FIXTURE + "ThrowingPutTarget.put(");
    }

    @Test
    void aCountOfNativeBytesThatThrowsFailsTheRowAndNamesTheCall() {
        ProbeFailedException e = catchThrowableOfType(ProbeFailedException.class,
                () -> runner().run(row("ThrowingNativeBytesTarget")));
        assertThat(e.exitCode()).isEqualTo(ProbeMain.EXIT_CLASS_FAILED);
        assertThat(e.getMessage()).contains("class '" + FIXTURE + "ThrowingNativeBytesTarget' threw in nativeBytes:"
                + " java.lang.IllegalStateException: the arena's statistics are closed");
    }

    @Test
    void theTrialFindsAConstructorOrPutThatThrowsBeforeAnyRow() throws Exception {
        ClassTrial trial = new ClassTrial(testClasspath(), RunnerOptions.defaultJava(), work.resolve("trials"),
                Duration.ofSeconds(60), line -> { });
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "MapTarget")).isEmpty();
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "FileTarget")).isEmpty();
        assertThat(trial.problem(RowField.INDEX, FIXTURE + "KeyCopyingIndex")).isEmpty();
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "ThrowingPutTarget")).get().asString()
                .startsWith("class '" + FIXTURE + "ThrowingPutTarget' threw in put: java.lang.IllegalStateException:"
                        + " the fixture's quota of 2 keys is full");
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "ThrowingConstructorTarget")).get().asString()
                .startsWith("class '" + FIXTURE + "ThrowingConstructorTarget' threw in its constructor:"
                        + " java.lang.IllegalArgumentException: no license file in data");
        assertThat(trial.problem(RowField.SYSTEM, FIXTURE + "NeedsArgumentTarget")).get().asString()
                .contains("has no public constructor");
        try (var left = Files.list(work.resolve("trials"))) {
            assertThat(left).isEmpty(); // every trial's directory removed
        }
    }
}
