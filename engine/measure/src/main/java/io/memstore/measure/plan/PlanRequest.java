package io.memstore.measure.plan;

import io.memstore.measure.run.RunnerOptions;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What one {@code plan} run is asked to do.
 *
 * @param outputDirectory where plan.json goes
 * @param results         the last check's memstore.json to fit from (it may not exist)
 * @param source          whether to use it, run a calibration, or choose
 * @param calibrationKeys key counts of calibration rows (at least two different ones)
 * @param runner          how calibration probes are forked
 * @param resultsName     how the plan names the results file (relative to the project, so that plan.json and the
 *                        console hold no directory of this machine); null names it by {@code results} as given
 */
public record PlanRequest(Path outputDirectory, Path results, CalibrationSource source, List<Long> calibrationKeys,
                          RunnerOptions runner, String resultsName) {
    public PlanRequest {
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        Objects.requireNonNull(results, "results");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(runner, "runner");
        calibrationKeys = List.copyOf(calibrationKeys);
        if (resultsName == null) {
            resultsName = results.toString();
        }
        if (calibrationKeys.stream().distinct().count() < 2) {
            throw new IllegalArgumentException("calibration needs at least two different key counts, like 25K,100K;"
                    + " got " + calibrationKeys);
        }
        if (calibrationKeys.stream().anyMatch(k -> k < 1)) {
            throw new IllegalArgumentException("calibration key counts must be at least 1, got " + calibrationKeys);
        }
    }

    /** A request that names the results file as given. */
    public PlanRequest(Path outputDirectory, Path results, CalibrationSource source, List<Long> calibrationKeys,
                       RunnerOptions runner) {
        this(outputDirectory, results, source, calibrationKeys, runner, null);
    }
}
