package io.memstore.maven;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.result.StepSummary;
import io.memstore.measure.result.ConsoleTables;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.Verdict;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
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
        requiresDependencyResolution = ResolutionScope.TEST)
public class CheckMojo extends AbstractMemstoreMojo {
    /** Characters of a log line at most, before Maven's level prefix. */
    static final int WIDTH = 150;
    private static final String CONTINUATION = "memstore:   ";

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
        // every table at DEBUG (and in memstore.md); the log everyone reads has a line per row, the model, the verdict
        for (String line : ConsoleTables.render(result)) {
            getLog().debug(line);
        }
        String model = ConsoleTables.modelLine(result.model());
        if (model != null) {
            wrapped("memstore: " + model).forEach(getLog()::info);
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

    /**
     * The verdict, once: each warned outcome as a warning, the undetermined model as a warning, the verdict line
     * with its counts, and the outcomes that fail the build listed in the failure's message only (Maven prints
     * it), or as warnings when {@code failOnViolation} is false. Budgets not judged are counted in the verdict line
     * and listed at DEBUG.
     */
    private void verdict(RunResult result) throws MojoFailureException {
        List<String> failures = new ArrayList<>();
        for (BudgetOutcome outcome : result.budgets()) {
            if (!outcome.judged()) {
                getLog().debug("memstore: budget not judged: " + outcome.describe());
            } else if (outcome.warns()) {
                wrapped("memstore: budget exceeded (warn): " + outcome.describe()).forEach(getLog()::warn);
            } else if (outcome.failsRun()) {
                failures.add(outcome.describe());
            }
        }
        List<RegressionOutcome> regressions = result.baseline() == null ? List.of() : result.baseline().outcomes();
        for (RegressionOutcome outcome : regressions) {
            if (outcome.failsRun()) {
                failures.add("regression: " + outcome.describe());
            } else if (!outcome.passed()) {
                wrapped("memstore: regression budget (warn): " + outcome.describe()).forEach(getLog()::warn);
            }
        }
        if (result.model() != null && result.model().note() != null
                && Double.isNaN(result.model().relativeRmsError())) {
            wrapped("memstore: memory model undetermined: " + result.model().note()).forEach(getLog()::warn);
        }
        getLog().info("memstore: " + Verdict.of(result).line() + "; results in " + relative(resultDirectory()));
        if (failures.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder("memstore: " + failures.size() + " budget outcome(s) failed:");
        failures.forEach(f -> message.append(System.lineSeparator()).append("  ").append(f));
        if (failOnViolation) {
            throw new MojoFailureException(message.toString());
        }
        getLog().warn(message + System.lineSeparator() + "memstore: failOnViolation is false: the build goes on");
    }

    /**
     * {@code text} in lines of at most {@link #WIDTH} characters, broken between words, the later ones indented
     * under the first: with Maven's {@code [WARNING] } in front, no line passes 160 characters.
     */
    static List<String> wrapped(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > WIDTH) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(CONTINUATION);
            } else if (line.length() > 0 && !line.toString().equals(CONTINUATION)) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** {@code path} relative to the project's base directory when it lies inside it. */
    private String relative(Path path) {
        Path base = project().getBasedir().toPath().toAbsolutePath().normalize();
        Path abs = path.toAbsolutePath().normalize();
        return abs.startsWith(base) ? base.relativize(abs).toString() : abs.toString();
    }
}
