package io.memstore.measure.check;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

/**
 * A directory this process cannot write to, for tests. Permission bits are enough for an ordinary user; root
 * ignores them (tests and CI run as root here), so then the directory is also made immutable with
 * {@code chattr +i}, which binds root as well. {@link #close()} undoes both. A machine where neither works
 * skips the test rather than passing it.
 */
final class ReadOnlyDirectory implements AutoCloseable {
    private final Path dir;
    private boolean immutable;

    private ReadOnlyDirectory(Path dir) {
        this.dir = dir;
    }

    static ReadOnlyDirectory create(Path dir) throws IOException {
        Files.createDirectories(dir);
        ReadOnlyDirectory ro = new ReadOnlyDirectory(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        if (canWrite(dir)) {
            ro.immutable = run("chattr", "+i", dir.toString()) && !canWrite(dir);
            assumeTrue(ro.immutable, "cannot make " + dir + " read-only for this process (root without chattr)");
        }
        return ro;
    }

    private static boolean canWrite(Path dir) {
        try {
            Files.delete(Files.createTempFile(dir, "probe", ".tmp"));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        if (immutable) {
            run("chattr", "-i", dir.toString());
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
