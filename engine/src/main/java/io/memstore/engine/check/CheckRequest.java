package io.memstore.engine.check;

import io.memstore.engine.run.RunnerOptions;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What one {@code check} run is asked to do.
 *
 * @param specFile        the YAML workload spec; null for the embedded default spec
 * @param outputDirectory where memstore.json, .csv and .md are written
 * @param only            a row filter ({@link io.memstore.engine.spec.RowFilter} syntax); null or blank for every row
 * @param scale           multiplies every {@code keys} count (1 = as written), for quick runs
 * @param runner          how the probe JVMs are forked
 */
public record CheckRequest(Path specFile, Path outputDirectory, String only, double scale, RunnerOptions runner) {
    public CheckRequest {
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        Objects.requireNonNull(runner, "runner");
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be a positive number, was " + scale);
        }
    }
}
