package io.memstore.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Writes a commented starter workload spec, {@code src/memstore/workload.yaml} (or the file {@code memstore.spec}
 * names), for {@code memstore:check} to run: two index rows and one row over SQLite at 100K keys, with a
 * per-key heap budget and an RSS warning. An existing file is never overwritten.
 */
@Mojo(name = "init", threadSafe = true)
public class InitMojo extends AbstractMojo {
    /** The starter spec, a resource of the plugin. */
    static final String STARTER = "starter-workload.yaml";

    /** Where the starter spec goes; default {@code src/memstore/workload.yaml} of the project. */
    @Parameter(property = "memstore.spec")
    private File spec;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The build's session: the directory Maven was started in, from which the console names the file. */
    @Parameter(defaultValue = "${session}", readonly = true)
    private MavenSession session;

    /** This goal's execution, for the length of the prefix Maven prints before a failure's message. */
    @Parameter(defaultValue = "${mojoExecution}", readonly = true)
    private MojoExecution mojoExecution;

    /** Writes the starter spec; a failure's message is wrapped to the console's width, as every goal's. */
    @Override
    public void execute() throws MojoExecutionException {
        try {
            write();
        } catch (MojoExecutionException e) {
            if (e.getCause() != null) {
                getLog().debug("memstore: the failure's cause", e.getCause());
            }
            throw new MojoExecutionException(ConsoleLines.message(e.getMessage(),
                    ConsoleLines.failurePrefixLength(mojoExecution, project)));
        }
    }

    private void write() throws MojoExecutionException {
        Path target = spec != null ? spec.toPath()
                : project.getBasedir().toPath().resolve(SpecLocator.CONVENTIONAL_SPEC);
        try (InputStream starter = InitMojo.class.getResourceAsStream(STARTER)) {
            if (starter == null) {
                throw new MojoExecutionException("memstore: the plugin's jar lacks its starter spec " + STARTER);
            }
            byte[] text = starter.readAllBytes();
            Path dir = target.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            // CREATE_NEW: a spec that exists, even one created a moment ago by another build, stays as it is
            Files.write(target, text, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            ConsoleLines.wrap("memstore: wrote the starter spec " + ProjectPaths.shown(session, target)
                    + "; edit it, then run mvn memstore:check").forEach(getLog()::info);
        } catch (FileAlreadyExistsException e) {
            throw new MojoExecutionException("memstore: " + ProjectPaths.shown(session, target) + " exists;"
                    + " memstore:init never overwrites a spec (delete or move it first, or name another file with"
                    + " -Dmemstore.spec=FILE)");
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: cannot write the starter spec "
                    + ProjectPaths.shown(session, target) + ": " + e.getMessage(), e);
        }
    }
}
