package io.memstore.measure.run;

import io.memstore.measure.probe.Metrics;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.time.Duration;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SpecRunnerTest {
    @TempDir
    Path work;

    private RunnerOptions options(List<String> progress) {
        List<Path> cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
                .toList();
        return RunnerOptions.of(cp).withWorkDir(work).withGets(5_000).withProgress(Progress.of(progress::add, progress::add))
                .withSettle(Duration.ZERO);
    }

    private static Row row(String name, long keys, int versions, KeyPattern pattern) {
        return new Row(name, RowParams.builder("w").keys(keys).versions(versions).keySize(24).valueSize(0)
                .keyPattern(pattern).store(StoreKind.NONE).index(IndexKind.REFERENCE).seed(5).build());
    }

    @Test
    void runsTheRowsInOrderAndNumbersThem() {
        List<String> progress = new ArrayList<>();
        List<RowMeasurement> seen = new ArrayList<>();
        List<RowMeasurement> out = new SpecRunner(options(progress)).run(List.of(
                row("a", 500, 1, KeyPattern.SEQUENTIAL), row("b", 300, 2, KeyPattern.HIERARCHICAL)), seen::add);
        assertThat(out).extracting(m -> m.row().name()).containsExactly("a", "b");
        assertThat(seen).isEqualTo(out);
        assertThat(out.get(0).median(Metrics.LOAD_PUTS)).isEqualTo(500.0);
        assertThat(out.get(1).median(Metrics.LOAD_PUTS)).isEqualTo(600.0);
        assertThat(progress).anyMatch(l -> l.startsWith("row 1/2 a: run 1/1, done"))
                .anyMatch(l -> l.startsWith("row 2/2 b: run 1/1, done"));
    }

    @Test
    void stopsAtTheFirstFailedRow() {
        List<String> progress = new ArrayList<>();
        assertThatThrownBy(() -> new SpecRunner(options(progress)).run(List.of(
                new Row("bad", RowParams.builder("w").keys(5000).keySize(2).valueSize(0)
                        .keyPattern(KeyPattern.SEQUENTIAL).store(StoreKind.NONE).index(IndexKind.REFERENCE).seed(5)
                        .build()),
                row("never", 10, 1, KeyPattern.RANDOM))))
                .isInstanceOf(ProbeFailedException.class).hasMessageStartingWith("row 'bad'");
        assertThat(progress).noneMatch(l -> l.contains("never"));
    }
}
