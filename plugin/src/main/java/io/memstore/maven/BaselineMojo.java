package io.memstore.maven;

import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.result.AtomicFiles;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.Verdict;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Saves the last check's memstore.json as the baseline that later checks compare with ({@code maxIncrease} and
 * {@code maxIncreaseBytes} budgets). Run after {@code check}, typically on main:
 * {@code mvn verify memstore:baseline}; commit the file, or keep it as a CI artifact and pass it with
 * {@code -Dmemstore.baseline=...}. The file is read first, so a broken result is never saved, and the paths in it
 * (the spec file, an earlier baseline) are written relative to the project's directory, so a committed baseline
 * names no directory of the machine that made it.
 *
 * <p>Only a run that measured every row is saved: an incomplete one (a row failed, or the run was stopped and its
 * outputs still say it is in progress) is refused whatever {@code force} says, since a baseline of it would lack
 * rows. A complete run whose budgets failed is refused too unless {@code memstore.force} is true, and then saved with
 * a warning: a baseline is what later runs must not grow past, and one made from a failing run would accept the
 * growth that failed it.
 */
@Mojo(name = "baseline", threadSafe = true)
public class BaselineMojo extends AbstractMemstoreMojo {
    /** Where check looks for a baseline when {@code memstore.baseline} is not given. */
    static final String CONVENTIONAL_BASELINE = "src/memstore/baseline.json";

    /** Where the baseline goes; check reads the same property. Default {@code src/memstore/baseline.json}. */
    @Parameter(property = "memstore.baseline")
    private File baseline;

    /** Save the baseline from a complete run whose budgets failed, with a warning; never from an incomplete run. */
    @Parameter(property = "memstore.force", defaultValue = "false")
    private boolean force;

    /** The baseline given, else the conventional one of the project at {@code baseDirectory} if it exists, else none. */
    static Path resolve(File given, Path baseDirectory) {
        if (given != null) {
            return given.toPath();
        }
        Path conventional = baseDirectory.resolve(CONVENTIONAL_BASELINE);
        return Files.isRegularFile(conventional) ? conventional : null;
    }

    /** The result with its spec file and baseline file relative to the project's base directory when under it. */
    private RunResult withoutLocalPaths(RunResult result) {
        Path base = baseDirectory();
        BaselineComparison b = result.baseline();
        return result.withSpecFile(ProjectPaths.relative(base, result.specFile()), b == null ? null
                : new BaselineComparison(ProjectPaths.relative(base, b.file()), b.found(), b.specName(), b.note(),
                        b.outcomes()));
    }

    @Override
    protected void run() throws MojoExecutionException {
        Path source = resultDirectory().resolve(ResultJson.FILE_NAME);
        Path target = baseline != null ? baseline.toPath()
                : baseDirectory().resolve(CONVENTIONAL_BASELINE);
        if (!Files.isRegularFile(source)) {
            throw new MojoExecutionException("memstore: no " + source + " to save as the baseline; run memstore:check"
                    + " first (e.g. mvn verify memstore:baseline)");
        }
        try {
            RunResult result = ResultJson.read(source);
            if (result.shard() != null) {
                throw new MojoExecutionException("memstore: " + source + " holds the rows of shard "
                        + result.shard().shard() + " only: a baseline of it would lack the others'; nothing was saved."
                        + " Run memstore:merge over every shard's results first, and save the merged results");
            }
            if (!result.complete()) {
                throw new MojoExecutionException("memstore: the last check did not complete ("
                        + result.failure().describe() + "): a baseline of it would lack rows; nothing was saved."
                        + " Run memstore:check again first");
            }
            if (!result.passed()) {
                String verdict = Verdict.of(result).line();
                if (!force) {
                    throw new MojoExecutionException("memstore: the last check failed its budgets (" + verdict
                            + "): a baseline of it would accept what failed it; nothing was saved. Fix the"
                            + " failures, or save it anyway with -Dmemstore.force=true");
                }
                ConsoleLines.wrap("memstore: saving the baseline from a check that failed its budgets ("
                        + verdict + "), as memstore.force=true asks").forEach(getLog()::warn);
            }
            AtomicFiles.write(target, ResultJson.toJson(withoutLocalPaths(result)));
            ConsoleLines.wrap("memstore: baseline " + shown(target) + " saved from " + shown(source) + " (spec "
                    + result.specName() + ", " + result.rows().size() + " rows)").forEach(getLog()::info);
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: cannot save the baseline: " + e.getMessage(), e);
        }
    }
}
