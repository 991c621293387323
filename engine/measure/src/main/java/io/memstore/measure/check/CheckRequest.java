package io.memstore.measure.check;

import io.memstore.measure.budget.MissingBaseline;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.Shard;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * What one {@code check} run is asked to do.
 *
 * @param specFile        the YAML workload spec; null for the embedded default spec
 * @param outputDirectory where memstore.json, .csv, .md and TEST-memstore.xml are written
 * @param only            a row filter ({@link io.memstore.measure.spec.RowFilter} syntax); null or blank for every row
 * @param scale           multiplies every {@code keys} count (1 = as written), for quick runs
 * @param runner          how the probe JVMs are forked
 * @param baseline        a previous memstore.json to judge {@code maxIncrease} budgets against; null for none
 * @param missingBaseline what a regression budget does without a baseline to compare with
 * @param environment     looks up environment variables ({@code GITHUB_STEP_SUMMARY}); {@code System::getenv}
 *                        in builds, a map in tests
 * @param baselineName    how the results name the baseline file (a path relative to the project, so that no
 *                        output holds a directory of this machine); null names it by {@code baseline} as given
 * @param systems         whether the rows' systems can run here, asked before the first row
 * @param shard           the part of the selected rows to measure ({@link ShardPartition}), or null for all of them
 * @param memstore        the version of memstore that measures, recorded in a shard's result; null when not known
 */
public record CheckRequest(Path specFile, Path outputDirectory, String only, double scale, RunnerOptions runner,
                           Path baseline, MissingBaseline missingBaseline, Function<String, String> environment,
                           String baselineName, SystemAvailability systems, Shard shard, String memstore) {
    public CheckRequest {
        Objects.requireNonNull(outputDirectory, "outputDirectory");
        Objects.requireNonNull(runner, "runner");
        Objects.requireNonNull(missingBaseline, "missingBaseline");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(systems, "systems");
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be a positive number, was " + scale);
        }
    }

    /** No baseline (a missing one warns), the process environment. */
    public CheckRequest(Path specFile, Path outputDirectory, String only, double scale, RunnerOptions runner) {
        this(specFile, outputDirectory, only, scale, runner, null, MissingBaseline.WARN, System::getenv, null,
                SystemAvailability.UNCHECKED, null, null);
    }

    public CheckRequest withBaseline(Path file, MissingBaseline missing) {
        return new CheckRequest(specFile, outputDirectory, only, scale, runner, file, missing, environment, null,
                systems, shard, memstore);
    }

    /** The same request, its results naming the baseline file {@code name}. */
    public CheckRequest withBaselineName(String name) {
        return new CheckRequest(specFile, outputDirectory, only, scale, runner, baseline, missingBaseline,
                environment, name, systems, shard, memstore);
    }

    public CheckRequest withEnvironment(Function<String, String> lookup) {
        return new CheckRequest(specFile, outputDirectory, only, scale, runner, baseline, missingBaseline, lookup,
                baselineName, systems, shard, memstore);
    }

    /** The same request, asking {@code availability} whether the rows' systems can run here. */
    public CheckRequest withSystems(SystemAvailability availability) {
        return new CheckRequest(specFile, outputDirectory, only, scale, runner, baseline, missingBaseline,
                environment, baselineName, availability, shard, memstore);
    }

    /** The same request for one shard of the rows (null: all of them), measured by memstore {@code version}. */
    public CheckRequest withShard(Shard part, String version) {
        return new CheckRequest(specFile, outputDirectory, only, scale, runner, baseline, missingBaseline,
                environment, baselineName, systems, part, version);
    }

    /** The same request with other probe options. */
    public CheckRequest withRunner(RunnerOptions options) {
        return new CheckRequest(specFile, outputDirectory, only, scale, options, baseline, missingBaseline,
                environment, baselineName, systems, shard, memstore);
    }
}
