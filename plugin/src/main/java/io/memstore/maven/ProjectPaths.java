package io.memstore.maven;

import java.nio.file.Path;

/**
 * How memstore names a file in what it prints and writes: relative to the project's base directory when the file
 * lies inside it, with {@code /} between names on every platform, so that a log, a committed baseline or a
 * published report holds no directory of the machine that made it. In a log a file outside the project keeps its
 * absolute path, the shortest that finds it from anywhere; a published page names it from the project with
 * {@code ..} instead ({@link #published}).
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
