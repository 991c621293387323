package io.memstore.maven;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.result.StepSummary;
import io.memstore.measure.result.ConsoleTables;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.Verdict;
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
 * Measures the rows of a YAML workload spec, each in a forked JVM, prints the tables, the fitted memory model and
 * every budget, writes memstore.json, memstore.csv and memstore.md, and fails the build when an error-level
 * budget is exceeded.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.RUNTIME)
public class CheckMojo extends AbstractMemstoreMojo {

    /** Fail the build when an error-level budget is exceeded; false only reports. */
    @Parameter(property = "memstore.failOnViolation", defaultValue = "true")
    private boolean failOnViolation;

    /** Extra flags for every probe JVM, separated by spaces; they come after memstore's own and win. */
    @Parameter(property = "memstore.jvmArgs")
    private String jvmArgs;

    /** Only the rows whose names match these comma-separated glob patterns, e.g. {@code index/*}. */
    @Parameter(property = "memstore.only")
    private String only;

    /** Multiplies every {@code keys} count of the spec, e.g. 0.01 for a quick run. */
    @Parameter(property = "memstore.scale", defaultValue = "1")
    private double scale;

    /** Per run of a row, e.g. {@code 30m}, {@code 90s} or a number of seconds; a probe still running is killed. */
    @Parameter(property = "memstore.timeout", defaultValue = "30m")
    private String timeout;

    /** Keep each run's temporary directory (SQLite file, probe output) under the output directory. */
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

    @Override
    protected void run() throws MojoExecutionException, MojoFailureException {
        RunResult result = specRun().withProbe(jvmArgs, timeout, keepFiles)
                .measure(only, scale, resolveBaseline(), baselineMissing);
        for (String line : ConsoleTables.render(result)) {
            getLog().info(line);
        }
        if (System.getenv(StepSummary.VARIABLE) != null && !System.getenv(StepSummary.VARIABLE).isBlank()) {
            getLog().info("memstore: summary appended to " + System.getenv(StepSummary.VARIABLE));
        }
        verdict(result);
    }

    /** The baseline given, else the conventional one if it exists, else none. */
    private Path resolveBaseline() {
        if (baseline != null) {
            return baseline.toPath();
        }
        Path conventional = project().getBasedir().toPath().resolve(BaselineMojo.CONVENTIONAL_BASELINE);
        return java.nio.file.Files.isRegularFile(conventional) ? conventional : null;
    }

    private void verdict(RunResult result) throws MojoFailureException {
        for (BudgetOutcome outcome : result.budgets()) {
            if (!outcome.judged()) {
                getLog().info("memstore: budget not judged: " + outcome.describe());
            } else if (outcome.warns()) {
                getLog().warn("memstore: budget exceeded (warn): " + outcome.describe());
            } else if (outcome.failsRun()) {
                getLog().error("memstore: budget exceeded: " + outcome.describe());
            }
        }
        if (result.model() != null && result.model().note() != null
                && Double.isNaN(result.model().relativeRmsError())) {
            getLog().warn("memstore: memory model undetermined: " + result.model().note());
        }
        List<BudgetOutcome> errors = result.budgets().stream().filter(BudgetOutcome::failsRun).toList();
        List<RegressionOutcome> regressions = result.baseline() == null ? List.of() : result.baseline().outcomes();
        List<RegressionOutcome> regressed = regressions.stream().filter(o -> !o.passed()).toList();
        for (RegressionOutcome outcome : regressed) {
            if (outcome.failsRun()) {
                getLog().error("memstore: regression: " + outcome.describe());
            } else {
                getLog().warn("memstore: regression budget (warn): " + outcome.describe());
            }
        }
        List<RegressionOutcome> regressionErrors = regressed.stream().filter(RegressionOutcome::failsRun).toList();
        getLog().info("memstore: " + Verdict.of(result).line() + "; results in " + resultDirectory());
        if (errors.isEmpty() && regressionErrors.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder("memstore: " + (errors.size() + regressionErrors.size())
                + " budget(s) exceeded:");
        for (BudgetOutcome outcome : errors) {
            message.append(System.lineSeparator()).append("  ").append(outcome.describe());
        }
        for (RegressionOutcome outcome : regressionErrors) {
            message.append(System.lineSeparator()).append("  ").append(outcome.describe());
        }
        if (failOnViolation) {
            throw new MojoFailureException(message.toString());
        }
        getLog().warn(message + System.lineSeparator() + "memstore: failOnViolation is false: the build goes on");
    }
}
