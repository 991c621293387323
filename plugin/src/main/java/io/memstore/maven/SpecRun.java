package io.memstore.maven;

import io.memstore.measure.check.Check;
import io.memstore.measure.check.CheckRequest;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.ProbeException;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * Measures a spec the way {@code memstore:check} does (same spec resolution, probes, outputs in the output
 * directory), without judging the build: for goals such as {@code memstore:report} that need results when no
 * check has left any.
 *
 * @param spec            the spec file, or null for the embedded default
 * @param outputDirectory where memstore.json, .csv and .md are written
 * @param probeClasspath  the probe JVM's classpath and the store on it
 * @param jvmArgs         extra probe flags, space-separated, or null
 * @param only            a row filter, or null
 * @param scale           multiplies every {@code keys} count
 * @param timeout         per run of a row, like {@code 30m}
 * @param progress        receives one line per row measured
 */
record SpecRun(Path spec, Path outputDirectory, ProbeClasspath probeClasspath, String jvmArgs, String only,
               double scale, String timeout, Consumer<String> progress) {

    RunResult run() throws MojoExecutionException {
        WorkloadSpec workloads = ProjectProbe.loadSpec(spec, probeClasspath);
        CheckRequest request;
        try {
            RunnerOptions runner = ProjectProbe.runner(probeClasspath)
                    .withJvmArgs(MojoArguments.splitJvmArgs(jvmArgs))
                    .withTimeout(MojoArguments.parseTimeout(timeout))
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
        } catch (ProbeException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: cannot write the results to " + outputDirectory + ": "
                    + e.getMessage(), e);
        }
    }
}
