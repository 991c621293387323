package io.memstore.maven;

import io.memstore.measure.check.Check;
import io.memstore.measure.check.CheckRequest;
import io.memstore.measure.check.PreflightException;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.ProbeException;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.SpecException;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * Measures a spec the way {@code memstore:check} does (same spec resolution, probes, outputs in the output
 * directory), without judging the build: for goals such as {@code memstore:report} that need results when no
 * check has left any.
 *
 * @param spec            the spec file, or null for the embedded default
 * @param outputDirectory where memstore.json, .csv and .md are written
 * @param probeClasspath  the probe JVM's classpath
 * @param jvmArgs         extra probe flags, space-separated, or null
 * @param only            a row filter, or null
 * @param scale           multiplies every {@code keys} count
 * @param timeout         per run of a row, like {@code 30m}
 * @param settleMillis    the probes' settle time before reading RSS (memstore.settleMillis)
 * @param progress        receives one line per row measured
 */
record SpecRun(Path spec, Path outputDirectory, List<Path> probeClasspath, String jvmArgs, String only,
               double scale, String timeout, long settleMillis, Consumer<String> progress) {

    RunResult run() throws MojoExecutionException {
        WorkloadSpec workloads;
        try {
            workloads = Check.loadSpec(spec);
        } catch (SpecException e) {
            throw new MojoExecutionException("memstore: the workload spec is broken: " + e.getMessage(), e);
        }
        CheckRequest request;
        try {
            RunnerOptions runner = RunnerOptions.of(probeClasspath)
                    .withJvmArgs(MojoArguments.splitJvmArgs(jvmArgs))
                    .withTimeout(MojoArguments.parseTimeout(timeout))
                    .withSettle(MojoArguments.settle(settleMillis))
                    .withWorkDir(outputDirectory.resolve("work"))
                    .withProgress(progress);
            request = new CheckRequest(spec, outputDirectory, only, scale, runner);
            workloads = Check.scaled(workloads, request);
            progress.accept("spec " + workloads.name() + " (" + workloads.source() + "), "
                    + Check.selectRows(workloads, request).size() + " rows, scale " + scale);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
        try {
            return Check.run(workloads, request);
        } catch (ProbeException | PreflightException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: cannot write the results to " + outputDirectory + ": "
                    + e.getMessage(), e);
        }
    }
}
