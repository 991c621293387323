package io.memstore.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What {@code check}, {@code plan} and {@code baseline} share: the skip switch and the results directory, and the
 * wrapping of a failure's message to the console's width. The goals that measure a spec add their parameters in
 * {@link AbstractMeasuringMojo}; {@code baseline} reads results only, so it has no more than these.
 */
abstract class AbstractMemstoreMojo extends AbstractMojo {

    /** Skip memstore entirely. */
    @Parameter(property = "memstore.skip", defaultValue = "false")
    private boolean skip;

    /**
     * The directory of memstore's results: {@code check} writes memstore.json, .csv, .md and TEST-memstore.xml
     * there; {@code plan} fits from its memstore.json and writes plan.json beside it; {@code baseline} saves its
     * memstore.json. The former user property {@code memstore.outputDirectory} still sets it, with a warning.
     */
    @Parameter(property = ResultDirectory.PROPERTY, defaultValue = "${project.build.directory}/"
            + ResultDirectory.DEFAULT_NAME)
    private File resultDirectory;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The build's session: its user properties and the directory Maven was started in. */
    @Parameter(defaultValue = "${session}", readonly = true)
    private MavenSession session;

    /** This goal's execution, for the length of the prefix Maven prints before a failure's message. */
    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    private MojoExecution mojoExecution;

    private Path resolvedResultDirectory;

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

    private int failurePrefixLength() {
        return ConsoleLines.failurePrefixLength(mojoExecution, project);
    }

    /** The base directory of the project under build. */
    protected Path baseDirectory() {
        return project.getBasedir().toPath();
    }

    /** {@code path} as memstore writes it in a file it makes, see {@link ProjectPaths}. */
    protected String relative(Path path) {
        return ProjectPaths.relative(baseDirectory(), path);
    }

    /** {@code path} as the console names it: openable from where Maven was started ({@link ProjectPaths#shown}). */
    protected String shown(Path path) {
        return ProjectPaths.shown(session, path);
    }

    protected abstract void run() throws MojoExecutionException, MojoFailureException;

    /** The results directory (see {@link ResultDirectory}). */
    protected Path resultDirectory() {
        if (resolvedResultDirectory == null) {
            resolvedResultDirectory = ResultDirectory.resolve(resultDirectory, project, session, getLog());
        }
        return resolvedResultDirectory;
    }

    protected MavenProject project() {
        return project;
    }
}
