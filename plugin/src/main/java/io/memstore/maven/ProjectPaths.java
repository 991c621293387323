package io.memstore.maven;

import java.nio.file.Path;
import org.apache.maven.execution.MavenSession;

/**
 * How memstore names a file in what it prints and writes: in what it writes, relative to the project's base
 * directory when the file lies inside it, with {@code /} between names on every platform, so that a committed
 * baseline or a published report holds no directory of the machine that made it; a file outside the project keeps
 * its absolute path, the shortest that finds it from anywhere, or on a published page is named from the project
 * with {@code ..} ({@link #published}). On the console a file is named as the user can open it from where Maven
 * was started ({@link #shown}), which is not the project's directory in {@code mvn -f site/pom.xml}.
 */
final class ProjectPaths {
    private ProjectPaths() {
    }

    /** {@code path} relative to {@code base} when inside it, else absolute. */
    static String relative(Path base, Path path) {
        Path root = base.toAbsolutePath().normalize();
        Path abs = path.toAbsolutePath().normalize();
        return abs.startsWith(root) && !abs.equals(root)
                ? root.relativize(abs).toString().replace('\\', '/') : abs.toString();
    }

    /**
     * {@code path} as the console names it: relative to the directory Maven was started in when inside it, else
     * absolute. That directory is the Maven process's {@code user.dir} (as the session's system properties hold
     * it); the request's base directory would not do, as Maven moves it to the POM's directory under {@code -f}.
     */
    static String shown(MavenSession session, Path path) {
        String started = session == null || session.getSystemProperties() == null ? null
                : session.getSystemProperties().getProperty("user.dir");
        return relative(Path.of(started != null ? started : System.getProperty("user.dir")), path);
    }

    /**
     * {@code path} as a published page names it: relative to {@code base} even when outside it ({@code ../x}), so the
     * page holds no directory of the machine that built it; absolute only where no relative path exists (another
     * drive).
     */
    static String published(Path base, Path path) {
        Path root = base.toAbsolutePath().normalize();
        Path abs = path.toAbsolutePath().normalize();
        try {
            return abs.equals(root) ? "." : root.relativize(abs).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return abs.toString();
        }
    }

    /**
     * A file name as a result records it, relative to {@code base} when inside it; null, and names that are no
     * file path ({@code classpath:...}, the embedded spec), are kept.
     */
    static String relative(Path base, String file) {
        if (file == null || file.startsWith("classpath:") || file.startsWith("(")) {
            return file;
        }
        try {
            return relative(base, Path.of(file));
        } catch (java.nio.file.InvalidPathException e) {
            return file;
        }
    }
}
