package io.memstore.systems;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the {@code etcd} program is: the path given by the system property {@value #PROPERTY} (the plugin's
 * {@code -Dmemstore.etcd=/path/to/etcd}) when set, else the first executable {@code etcd} on {@code PATH}.
 * Nothing is downloaded: a missing binary is a {@link SystemUnavailableException} that says how to install one.
 */
public final class EtcdBinary {
    /** System property naming the etcd program to run. */
    public static final String PROPERTY = "memstore.etcd";
    /** How to get one, for messages. */
    public static final String HOW_TO_INSTALL = "install one (Debian/Ubuntu: apt-get install etcd-server, which"
            + " gives /usr/bin/etcd; elsewhere an etcd release archive's etcd program) and put it on PATH, or name it"
            + " with -D" + PROPERTY + "=/path/to/etcd";

    private EtcdBinary() {
    }

    /** The etcd program from the system property or PATH. */
    public static Path locate() {
        return locate(System.getProperty(PROPERTY), System.getenv("PATH"));
    }

    /**
     * @param explicit the configured path, or null to search {@code path}
     * @param path     a PATH value (directories separated by the platform's separator), or null
     * @throws SystemUnavailableException when the named file is missing or not executable, or none is on PATH
     */
    static Path locate(String explicit, String path) {
        if (explicit != null && !explicit.isBlank()) {
            Path p = Path.of(explicit.strip());
            if (!Files.isRegularFile(p)) {
                throw new SystemUnavailableException("etcd: -D" + PROPERTY + "=" + explicit + " names no file; "
                        + HOW_TO_INSTALL);
            }
            if (!Files.isExecutable(p)) {
                throw new SystemUnavailableException("etcd: " + p + " (-D" + PROPERTY + ") is not executable");
            }
            return p.toAbsolutePath();
        }
        List<String> searched = new ArrayList<>();
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                searched.add(dir);
                Path candidate = Path.of(dir, "etcd");
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate.toAbsolutePath();
                }
            }
        }
        throw new SystemUnavailableException("etcd: no etcd program found on PATH (searched "
                + (searched.isEmpty() ? "nothing: PATH is empty" : String.join(File.pathSeparator, searched))
                + "); " + HOW_TO_INSTALL);
    }
}
