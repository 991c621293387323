package io.memstore.bench;

import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.run.SpecRunner;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.time.Duration;
import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The small, always-run variant of the validation: real forked measurements of the reference index, fitted at
 * 2.5K, 5K and 10K keys, predicting 100K keys; the index live heap must be within the {@code heapError} target.
 * ({@link ProcessFigures}' {@code validate} fits at 25K, 50K and 100K and predicts 1M.) Linux only: RSS comes from /proc.
 */
@EnabledOnOs(OS.LINUX)
class ValidationTest {
    @TempDir
    Path work;

    /** Probes that read RSS without settling: quick, for the heap; the benchmark settles. */
    static SpecRunner runner(Path work) {
        List<Path> cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
                .toList();
        return new SpecRunner(RunnerOptions.of(cp).withWorkDir(work).withGets(1_000).withSettle(Duration.ZERO));
    }

    static RowParams reference() {
        return RowParams.builder("v").keys(1).valueSize(0).store(StoreKind.NONE).index(IndexKind.REFERENCE).build();
    }

    @Test
    void predictsTenTimesTheFittedKeysWithinTheHeapErrorTarget() {
        List<Validation.Check> checks = Validation.run(reference(), List.of(2_500L, 5_000L, 10_000L), 100_000,
                List.of(1, 5), runner(work));
        Validation.markdown(checks).forEach(System.out::println);
        assertThat(checks).hasSize(2);
        PerformanceTargets.Target heapError = PerformanceTargets.load().get("heapError");
        for (Validation.Check c : checks) {
            assertThat(heapError.met(Math.abs(c.heapError()))).as("heap error of %s: %s", c.row(), c.heapError())
                    .isTrue();
            // RSS follows the collector's sizing, and at 10K keys the young generation has not reached its cap:
            // measured +31 % idle and +59 % on a loaded machine. Stated in the output, held only to a factor of 2.
            assertThat(Math.abs(c.rssError())).as("RSS error of %s", c.row()).isLessThanOrEqualTo(1.0);
        }
    }
}
