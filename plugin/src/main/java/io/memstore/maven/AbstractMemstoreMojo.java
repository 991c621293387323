package io.memstore.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
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
     * empties its compilers' memory pools every 5 s, and a reading before that counts them. 0 skips the settle:
     * quicker, for runs whose RSS nobody looks at, but RSS then varies by several MB from run to run. When not
     * set: 5500, and 0 at a {@code memstore.scale} below 1 (a quick look).
     */
    @Parameter(property = "memstore.settleMillis")
    private Long settleMillis;

    /**
     * Gets each probe times after its memory readings, for the gets/s figure (over a sample of the live keys, after
     * a warm-up of half as many; a row of another system may cap them). Fewer are quicker, for runs whose speed
     * nobody looks at, and noisier; 0 times none, and the rows then have no gets/s. When not set: 200000, times the
     * {@code memstore.scale} below 1 (at least 1000).
     */
    @Parameter(property = "memstore.gets")
    private Integer gets;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The plugin's own artifacts: the engine and its dependencies are the probe JVM's classpath. */
    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    private List<Artifact> pluginArtifacts;

    /** This goal's execution, for the length of the prefix Maven prints before a failure's message. */
    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    private MojoExecution mojoExecution;

    /**
     * Runs the goal; a failure's message is wrapped to the console's width (see {@link ConsoleLines#message}),
     * whatever part of memstore wrote it: a spec error, a probe's failure, a budget list. The failure is thrown
     * again without its cause, whose message Maven would print once more unwrapped after ours; the cause goes to
     * the debug log ({@code -X}) with its stack trace.
     */
    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("memstore: skipped (memstore.skip=true)");
            return;
        }
        try {
            run();
        } catch (MojoFailureException e) {
            debugCause(e);
            throw new MojoFailureException(ConsoleLines.message(e.getMessage(), failurePrefixLength()));
        } catch (MojoExecutionException e) {
            debugCause(e);
            throw new MojoExecutionException(ConsoleLines.message(e.getMessage(), failurePrefixLength()));
        }
    }

    private void debugCause(Exception e) {
        if (e.getCause() != null) {
            getLog().debug("memstore: the failure's cause", e.getCause());
        }
    }

    /** The characters of {@code [ERROR] Failed to execute goal g:a:v:goal (id) on project p: }, as Maven prints it. */
    private int failurePrefixLength() {
        if (mojoExecution == null) {
            return 0;
        }
        return ("[ERROR] Failed to execute goal " + mojoExecution.getGroupId() + ":" + mojoExecution.getArtifactId()
                + ":" + mojoExecution.getVersion() + ":" + mojoExecution.getGoal() + " ("
                + mojoExecution.getExecutionId() + ") on project " + project.getArtifactId() + ": ").length();
    }

    /** The base directory of the project under build. */
    protected Path baseDirectory() {
        return project.getBasedir().toPath();
    }

    /** {@code path} as memstore names it to the user, see {@link ProjectPaths}. */
    protected String relative(Path path) {
        return ProjectPaths.relative(baseDirectory(), path);
    }

    protected abstract void run() throws MojoExecutionException, MojoFailureException;

    /** The shared path from these parameters to the spec and the probes (see {@link SpecRun}). */
    protected SpecRun specRun() throws MojoExecutionException {
        return SpecRun.of(project, pluginArtifacts, spec, resultDirectory, getLog()).withSettle(settleMillis)
                .withGets(gets);
    }

    protected Path resultDirectory() {
        return resultDirectory.toPath();
    }

    protected MavenProject project() {
        return project;
    }
}
