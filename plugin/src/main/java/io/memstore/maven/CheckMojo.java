package io.memstore.maven;

import io.memstore.measure.result.RunResult;
import io.memstore.measure.spec.Shard;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Measures the rows of a YAML workload spec, each in a forked JVM, and fails the build when an error-level budget
 * is exceeded. The log prints a line per row as it is measured, the fitted memory model beside etcd's (when the rows determine it), each
 * budget that warned or failed, the one closest to its limit on success, and the verdict; the full tables and
 * every budget with its headroom go to memstore.md (and to the log with {@code -X}), beside memstore.json,
 * memstore.csv and TEST-memstore.xml.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.TEST)
public class CheckMojo extends AbstractMeasuringMojo {
    /** Fail the build when an error-level budget is exceeded; false only reports. */
    @Parameter(property = "memstore.failOnViolation", defaultValue = "true")
    private boolean failOnViolation;

    /** Only the rows whose names match these comma-separated glob patterns, e.g. {@code index/*}. */
    @Parameter(property = "memstore.only")
    private String only;

    /** Multiplies every {@code keys} count of the spec, e.g. 0.01 for a quick run. */
    @Parameter(property = "memstore.scale", defaultValue = "1")
    private double scale;

    /** Keep each run's temporary directory (SQLite file, probe output) under the results directory. */
    @Parameter(property = "memstore.keepFiles", defaultValue = "false")
    private boolean keepFiles;

    /**
     * A previous memstore.json (e.g. saved from main by {@code memstore:baseline}) that the spec's
     * {@code maxIncrease}/{@code maxIncreaseBytes} budgets compare with. When not given,
     * {@code src/memstore/baseline.json} if it exists.
     */
    @Parameter(property = "memstore.baseline")
    private File baseline;

    /** What a regression budget does without a baseline to compare with: {@code warn} (default) or {@code fail}. */
    @Parameter(property = "memstore.baselineMissing", defaultValue = "warn")
    private String baselineMissing;

    /**
     * Maven's switch that skips compiling and running tests. A spec that names a test class (a {@code system:} target
     * or an {@code index:} class under {@code src/test/java}) has nothing to measure without it: {@code check} then
     * skips with one line, as a verify-phase check with nothing to judge does. {@code -DskipTests} compiles the test
     * classes and leaves {@code check} running: it is a check of the build, not a test; {@code memstore.skip} skips it.
     */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

    /**
     * Measure only the K-th of N parts of the spec's selected rows, e.g. {@code 2/3}: one CI job per part, the parts
     * balanced by each row's expected cost, the same on every machine. Its results are marked as that shard's and
     * judge nothing; {@code memstore:merge} over the N shards' result directories writes what one unsharded run
     * writes, with its verdict.
     */
    @Parameter(property = "memstore.shard")
    private String shard;

    @Parameter(defaultValue = "${plugin.version}", readonly = true)
    private String pluginVersion;

    @Override
    protected void run() throws MojoExecutionException, MojoFailureException {
        Path baselineFile = resolveBaseline();
        SpecRun run = specRun(keepFiles);
        if (mavenTestSkip) {
            try {
                run.spec();
            } catch (MojoExecutionException e) {
                List<String> uncompiled = run.uncompiledTestClasses();
                if (uncompiled.isEmpty()) {
                    throw e;
                }
                ConsoleLines.wrap("memstore: skipped: maven.test.skip=true left test class"
                        + (uncompiled.size() == 1 ? " " : "es ") + String.join(", ", uncompiled)
                        + " uncompiled; memstore.skip=true skips memstore always").forEach(getLog()::info);
                return;
            }
        }
        RunResult result = run.measure(only, scale, baselineFile, baselineMissing, shard(), pluginVersion);
        VerdictReport.print(result, getLog(), failOnViolation, shown(resultDirectory()));
    }

    /** The {@code shard} parameter, parsed; null when not given. */
    private Shard shard() throws MojoExecutionException {
        if (shard == null || shard.isBlank()) {
            return null;
        }
        try {
            return Shard.parse(shard);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
    }

    /** The baseline given, else the conventional one if it exists, else none. */
    private Path resolveBaseline() {
        return BaselineMojo.resolve(baseline, baseDirectory());
    }
}
