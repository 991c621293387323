package io.memstore.maven;

import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.result.ClosestBudget;
import io.memstore.measure.result.StepSummary;
import io.memstore.measure.result.ConsoleTables;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.Verdict;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        requiresDependencyResolution = ResolutionScope.TEST)
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

    /**
     * Maven's switch that skips compiling and running tests. A spec that names a test class (a {@code system:} target
     * or an {@code index:} class under {@code src/test/java}) has nothing to measure without it: {@code check} then
     * skips with one line, as a verify-phase check with nothing to judge does. {@code -DskipTests} compiles the test
     * classes and leaves {@code check} running: it is a check of the build, not a test; {@code memstore.skip} skips it.
     */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

    @Override
    protected void run() throws MojoExecutionException, MojoFailureException {
        Path baselineFile = resolveBaseline();
        SpecRun run = specRun().withProbe(jvmArgs, timeout, keepFiles);
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
        RunResult result = run.measure(only, scale, baselineFile, baselineMissing);
        // every table at DEBUG (and in memstore.md); the log everyone reads has a line per row, the model, the verdict
        for (String line : ConsoleTables.render(result)) {
            getLog().debug(line);
        }
        String model = ConsoleTables.modelLine(result.model());
        if (model != null) {
            if (ConsoleTables.modelDetermined(result.model())) {
                ConsoleLines.wrap("memstore: " + model).forEach(getLog()::info);
            } else {
                // no model budget asked for it: the rows (one version each, one size) need not determine it
                ConsoleLines.wrap("memstore: " + model).forEach(getLog()::debug);
            }
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
        Path conventional = baseDirectory().resolve(BaselineMojo.CONVENTIONAL_BASELINE);
        return java.nio.file.Files.isRegularFile(conventional) ? conventional : null;
    }

    /**
     * The verdict, once: each warned outcome as a warning; the budgets not judged, counted by reason, with the
     * reason; the undetermined model as a warning only when a model budget needed it; the verdict line; on
     * success the budget closest to its limit. A run that a row stopped fails the build with that row's failure
     * whatever {@code failOnViolation} says (nothing was measured to judge past it); the outcomes that fail the
     * build are listed in the failure's message (Maven prints it), or as warnings when {@code failOnViolation} is
     * false.
     */
    private void verdict(RunResult result) throws MojoExecutionException, MojoFailureException {
        Violations failures = new Violations("budget outcome(s) failed");
        Map<String, Integer> notJudged = new LinkedHashMap<>();
        boolean modelNeeded = false;
        for (BudgetOutcome outcome : result.budgets()) {
            if (!outcome.judged()) {
                getLog().debug("memstore: budget not judged: " + outcome.describe());
                if (outcome.metric().isModel() && outcome.message().startsWith(BudgetJudge.MODEL_UNDETERMINED)) {
                    modelNeeded = true; // said once below, as the warning about the model
                } else {
                    notJudged.merge(outcome.message(), 1, Integer::sum);
                }
            } else if (outcome.warns()) {
                ConsoleLines.wrap("memstore: budget exceeded (warn): " + outcome.describe()).forEach(getLog()::warn);
            } else if (outcome.failsRun()) {
                failures.add(outcome.describe());
            }
        }
        List<RegressionOutcome> regressions = result.baseline() == null ? List.of() : result.baseline().outcomes();
        for (RegressionOutcome outcome : regressions) {
            if (outcome.failsRun()) {
                failures.add("regression: " + outcome.describe());
            } else if (!outcome.passed()) {
                ConsoleLines.wrap("memstore: regression budget (warn): " + outcome.describe()).forEach(getLog()::warn);
            }
        }
        notJudged.forEach((why, count) -> ConsoleLines.wrap("memstore: " + count + " budget outcome(s) " + why)
                .forEach(getLog()::info));
        if (result.baseline() != null && regressions.isEmpty() && result.baseline().note() != null) {
            ConsoleLines.wrap("memstore: baseline " + result.baseline().file() + ": " + result.baseline().note())
                    .forEach(getLog()::info);
        }
        if (modelNeeded && result.model() != null) {
            ConsoleLines.wrap("memstore: memory model undetermined: " + result.model().note()).forEach(getLog()::warn);
        }
        ConsoleLines.wrap("memstore: " + Verdict.of(result).line() + "; results in " + relative(resultDirectory()))
                .forEach(result.passed() ? getLog()::info : getLog()::error);
        if (result.passed()) {
            ClosestBudget.of(result).ifPresent(c -> ConsoleLines.wrap("memstore: " + c.line()).forEach(getLog()::info));
        }
        if (result.failure() != null) {
            throw new MojoExecutionException("memstore: " + result.failure().detail() + System.lineSeparator()
                    + "memstore: the rows before it were measured and judged; every output says FAILED (incomplete)");
        }
        failures.enforce(failOnViolation, getLog());
    }
}
