package io.memstore.measure.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.measure.probe.Metrics;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs that take turns ({@link io.memstore.measure.probe.ProbeTurns}), with real probe JVMs: the next run's probe
 * starts while the run before it settles, the run's timed reads wait until that probe's start is over, the next run
 * goes on only once the run before it ended; a probe started for a run that is not measured is ended and its
 * directory removed; with {@value RowRunner#OVERLAP_PROPERTY}{@code =false} each probe starts after the last ended.
 */
class ProbeTurnsRunTest {
    @TempDir
    Path work;

    private final List<String> progress = new CopyOnWriteArrayList<>();

    private RunnerOptions options() {
        List<Path> cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
                .toList();
        // a short settle: the wait ends at its deadline, long enough for the next probe to start beside it
        return RunnerOptions.of(cp).withWorkDir(work).withGets(5_000).withSettle(Duration.ofMillis(300))
                .withProgress(Progress.of(progress::add, progress::add)).withTimeout(Duration.ofSeconds(120));
    }

    private static Row row(String name, long keys, int runs) {
        return new Row(name, RowParams.builder("w").keys(keys).versions(1).keySize(24).valueSize(0)
                .store(StoreKind.NONE).index(IndexKind.BTREE).seed(5).runs(runs).build());
    }

    private int first(String regex) {
        Pattern p = Pattern.compile(regex);
        for (int i = 0; i < progress.size(); i++) {
            if (p.matcher(progress.get(i)).find()) {
                return i;
            }
        }
        throw new AssertionError("no progress line matches " + regex + " in " + progress);
    }

    private long entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void theNextProbeStartsWhileARunSettlesAndNeitherTimesReadsBesideTheOthersStart() throws IOException {
        List<RowMeasurement> out = new SpecRunner(options()).run(List.of(row("a", 2_000, 2), row("b", 3_000, 1)));
        assertThat(out).extracting(m -> m.median(Metrics.LOAD_PUTS)).containsExactly(2_000.0, 3_000.0);
        String a1 = "row 1/2 a: run 1/2";
        String a2 = "row 1/2 a: run 2/2";
        String b1 = "row 2/2 b: run 1/1";
        // the second run of a row, and the next row's first run, start while the run before them settles ...
        assertThat(first(Pattern.quote(a2) + ", started")).isLessThan(first(Pattern.quote(a1) + ", done in"))
                .isGreaterThan(first(Pattern.quote(a1) + ", turn: settling"));
        assertThat(first(Pattern.quote(b1) + ", started")).isLessThan(first(Pattern.quote(a2) + ", done in"));
        // ... the run times its reads only once that start is over ...
        assertThat(first(Pattern.quote(a1) + ", timing gets")).isGreaterThan(first(Pattern.quote(a2) + ", turn: quiet"));
        assertThat(first(Pattern.quote(a2) + ", timing gets")).isGreaterThan(first(Pattern.quote(b1) + ", turn: quiet"));
        // ... and the next run builds only after the run before it ended
        assertThat(first(Pattern.quote(a2) + ", loading")).isGreaterThan(first(Pattern.quote(a1) + ", done in"));
        assertThat(first(Pattern.quote(b1) + ", loading")).isGreaterThan(first(Pattern.quote(a2) + ", done in"));
        // row.seconds counts a run from its turn, not from its early start
        for (RowMeasurement m : out) {
            assertThat(m.median("row.seconds")).isPositive();
        }
        assertThat(entries(work)).isZero();
    }

    @Test
    void aProbeStartedForARunThatIsNotMeasuredIsEndedAndItsDirectoryRemoved() throws Exception {
        RowRunner runner = new RowRunner(options());
        Row next = row("next", 1_000, 1);
        runner.run(row("a", 2_000, 1), 1, 2, next);
        Matcher m = Pattern.compile("row 2/2 next: run 1/1, started \\(pid (\\d+)\\)")
                .matcher(progress.get(first("row 2/2 next: run 1/1, started")));
        assertThat(m.find()).isTrue();
        ProcessHandle early = ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow();
        assertThat(early.isAlive()).isTrue();
        assertThat(entries(work)).isEqualTo(1); // its run directory

        runner.run(row("other", 1_500, 1), 2, 2); // not the run it was started for
        assertThat(early.onExit().get().isAlive()).isFalse();
        assertThat(progress).anyMatch(l -> l.equals("row 2/2 next: run 1/1, started early and not needed: ended"));
        assertThat(entries(work)).isZero();

        runner.run(row("a", 2_000, 1), 1, 2, next);
        runner.discardUpcoming(); // as the spec runner does when a row failed
        assertThat(entries(work)).isZero();
        assertThat(progress.stream().filter(l -> l.endsWith("started early and not needed: ended"))).hasSize(2);
    }

    @Test
    void aProbeStartedEarlyThatFailsIsReportedAsAnyFailedRunAndLeavesNothing() throws IOException {
        Row bad = new Row("bad", RowParams.builder("w").keys(5_000).keySize(2).valueSize(0)
                .keyPattern(KeyPattern.SEQUENTIAL).store(StoreKind.NONE).index(IndexKind.BTREE).seed(5).build());
        assertThatThrownBy(() -> new SpecRunner(options()).run(List.of(row("a", 2_000, 1), bad)))
                .isInstanceOf(ProbeFailedException.class)
                .hasMessageContaining("row 'bad': the probe rejected the row, exit code 2")
                .hasMessageContaining("5000 sequential keys need keySize >= 4 B");
        // it was started beside row a, whose timed reads went on once it had ended
        assertThat(first("row 2/2 bad: run 1/1, started")).isLessThan(first("row 1/2 a: run 1/1, done in"));
        assertThat(entries(work)).isZero();
    }

    @Test
    void withTheOverlapOffEachProbeStartsAfterTheLastEnded() {
        System.setProperty(RowRunner.OVERLAP_PROPERTY, "false");
        try {
            new SpecRunner(options()).run(List.of(row("a", 2_000, 1), row("b", 3_000, 1)));
        } finally {
            System.clearProperty(RowRunner.OVERLAP_PROPERTY);
        }
        assertThat(first("row 2/2 b: run 1/1, started")).isGreaterThan(first("row 1/2 a: run 1/1, done in"));
        assertThat(progress).noneMatch(l -> l.contains(", turn: "));
    }
}
