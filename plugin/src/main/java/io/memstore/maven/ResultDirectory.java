package io.memstore.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;

/**
 * The directory of memstore's results, parameter {@code resultDirectory}, user property
 * {@code memstore.resultDirectory}, default {@code target/memstore}. Its former user property,
 * {@code memstore.outputDirectory}, still sets it where the new one is not given (on the command line or as a
 * project property): the goal then warns, naming the new property. A {@code <resultDirectory>} in the POM
 * wins over both, as a POM's configuration wins over any user property.
 */
final class ResultDirectory {
    /** The user property of {@code resultDirectory}. */
    static final String PROPERTY = "memstore.resultDirectory";
    /** Its former name, read where the new one is not set. */
    static final String FORMER_PROPERTY = "memstore.outputDirectory";
    /** The default, under the project's build directory. */
    static final String DEFAULT_NAME = "memstore";

    private ResultDirectory() {
    }

    /**
     * The results directory of this execution.
     *
     * @param configured the {@code resultDirectory} parameter as Maven injected it
     * @param session    the build's session, for the user properties; null reads the project's alone
     */
    static Path resolve(File configured, MavenProject project, MavenSession session, Log log) {
        Path given = configured.toPath().toAbsolutePath().normalize();
        Path byDefault = Path.of(project.getBuild().getDirectory()).resolve(DEFAULT_NAME).toAbsolutePath().normalize();
        if (!given.equals(byDefault) || property(PROPERTY, project, session) != null) {
            return configured.toPath();
        }
        String former = property(FORMER_PROPERTY, project, session);
        if (former == null || former.isBlank()) {
            return configured.toPath();
        }
        ConsoleLines.wrap("memstore: " + FORMER_PROPERTY + " is the former name of " + PROPERTY + "; use that one (the"
                + " results go to " + former.strip() + ")").forEach(log::warn);
        Path path = Path.of(former.strip());
        return path.isAbsolute() ? path : project.getBasedir().toPath().resolve(path);
    }

    /** A user property (command line, settings), else the project's property of that name, else null. */
    private static String property(String name, MavenProject project, MavenSession session) {
        Properties user = session == null ? null : session.getUserProperties();
        if (user != null && user.getProperty(name) != null) {
            return user.getProperty(name);
        }
        return project.getProperties().getProperty(name);
    }
}
