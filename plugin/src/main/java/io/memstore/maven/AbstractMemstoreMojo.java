package io.memstore.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** Parameters every memstore goal shares: where the spec is, where results go, and the skip switch. */
abstract class AbstractMemstoreMojo extends AbstractMojo {

    /**
     * The YAML workload spec. When not given, {@code src/memstore/workload.yaml} of the project if it exists, else
     * the embedded default spec (etcd's storage memory benchmark). A spec that is given but missing is an error.
     */
    @Parameter(property = "memstore.spec")
    private File spec;

    /** Skip memstore entirely. */
    @Parameter(property = "memstore.skip", defaultValue = "false")
    private boolean skip;

    /**
     * The directory of memstore's results: {@code check} writes memstore.json, .csv, .md and TEST-memstore.xml
     * there; {@code plan} fits from its memstore.json and writes plan.json beside it; {@code baseline} saves its
     * memstore.json.
     */
    @Parameter(property = "memstore.outputDirectory", defaultValue = "${project.build.directory}/memstore")
    private File resultDirectory;

    /**
     * Milliseconds each probe lets its JVM settle before reading RSS, after the compilers went quiet: HotSpot
     * empties its compilers' memory pools every 5 s, and a reading before that counts them. 0 reads at once:
     * quicker, for runs whose RSS nobody looks at, but RSS then varies by several MB from run to run.
     */
    @Parameter(property = "memstore.settleMillis", defaultValue = "5500")
    private long settleMillis;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The plugin's own artifacts: the engine and its dependencies are the probe JVM's classpath. */
    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    private List<Artifact> pluginArtifacts;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("memstore: skipped (memstore.skip=true)");
            return;
        }
        run();
    }

    protected abstract void run() throws MojoExecutionException, MojoFailureException;

    /** The shared path from these parameters to the spec and the probes (see {@link SpecRun}). */
    protected SpecRun specRun() throws MojoExecutionException {
        return SpecRun.of(project, pluginArtifacts, spec, resultDirectory, getLog()::info).withSettle(settleMillis);
    }

    protected Path resultDirectory() {
        return resultDirectory.toPath();
    }

    protected MavenProject project() {
        return project;
    }
}
