package io.memstore.maven;

import io.memstore.measure.result.RunResult;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Puts the results of a run's shards ({@code memstore:check -Dmemstore.shard=K/N} on N machines) together: writes
 * into the output directory what one unsharded run of the spec writes (memstore.json, .csv, .md, TEST-memstore.xml, the
 * step summary), with the model fitted over every shard's rows and every budget judged, the regression budgets against
 * the baseline too, and fails the build as {@code check} would. Nothing is measured. Shards of different runs, specs,
 * versions, JVMs or machines, a shard missing or given twice and a directory that holds no shard's result are refused,
 * naming the directory, and nothing is written.
 */
@Mojo(name = "merge", threadSafe = true, requiresDependencyResolution = ResolutionScope.TEST)
public class MergeMojo extends AbstractMemstoreMojo {
    /**
     * The shards' result directories, separated by commas ({@code shards/1,shards/2,shards/3}), or one directory
     * holding them in its subdirectories, as a CI job's downloaded artifacts lie. Relative paths are resolved against
     * the project's directory.
     */
    @Parameter(property = "memstore.shards", required = true)
    private String shards;

    /** As {@code check}'s: fail the build when an error-level budget is exceeded; false only reports. */
    @Parameter(property = "memstore.failOnViolation", defaultValue = "true")
    private boolean failOnViolation;

    /** As {@code check}'s: the baseline the regression budgets compare with; {@code src/memstore/baseline.json} if it exists. */
    @Parameter(property = "memstore.baseline")
    private File baseline;

    /** As {@code check}'s: what a regression budget does without a baseline, {@code warn} (default) or {@code fail}. */
    @Parameter(property = "memstore.baselineMissing", defaultValue = "warn")
    private String baselineMissing;

    /**
     * As {@code check}'s: the YAML workload spec the shards measured, whose budgets the merged rows are judged by;
     * {@code src/memstore/workload.yaml} of the project if it exists, else the embedded default spec.
     */
    @Parameter(property = "memstore.spec")
    private File spec;

    /** The plugin's own artifacts: the store the spec's rows name is looked up among them. */
    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    private List<Artifact> pluginArtifacts;

    @Override
    protected void run() throws MojoExecutionException, MojoFailureException {
        List<Path> dirs = new ArrayList<>();
        for (String part : shards == null ? new String[0] : shards.split(",")) {
            if (!part.isBlank()) {
                Path p = Path.of(part.strip());
                dirs.add(p.isAbsolute() ? p : baseDirectory().resolve(p));
            }
        }
        RunResult result = SpecRun.of(project(), pluginArtifacts, spec, resultDirectory().toFile(), getLog())
                .merge(dirs, BaselineMojo.resolve(baseline, baseDirectory()), baselineMissing);
        VerdictReport.print(result, getLog(), failOnViolation, shown(resultDirectory()));
    }
}
