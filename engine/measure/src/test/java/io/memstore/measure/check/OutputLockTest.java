package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import io.memstore.measure.run.RunnerOptions;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One check at a time per output directory, tried from a second process and from this one. */
class OutputLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondLockInTheSameProcessIsRefusedUntilTheFirstIsReleased() throws Exception {
        Path out = dir.resolve("target/memstore");
        try (OutputLock first = OutputLock.acquire(out)) {
            PreflightException e = catchThrowableOfType(PreflightException.class,
                    () -> OutputLock.acquire(dir.resolve("target/../target/memstore")));
            assertThat(e.getMessage()).startsWith("another memstore check is running with the output directory ")
                    .contains("pid " + ProcessHandle.current().pid())
                    .contains("give this run another memstore.resultDirectory").endsWith("Nothing was run");
            // the refusal did not cost the holder its lock: another process is refused too
            assertThat(otherProcessLocks(out)).isFalse();
        }
        assertThat(otherProcessLocks(out)).isTrue();
        OutputLock.acquire(out).close(); // free again
    }

    /** Whether a LockHolder process gets the lock of the directory (it ends at once either way). */
    private static boolean otherProcessLocks(Path out) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LockHolder.class.getName(), out.toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return output.startsWith("locked");
    }

    @Test
    void aCheckIsRefusedWhileAnotherProcessHoldsTheDirectoryAndRunsOnceThatProcessIsKilled() throws Exception {
        Path out = dir.resolve("out");
        Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LockHolder.class.getName(), out.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                    StandardCharsets.UTF_8));
            assertThat(lines.readLine()).isEqualTo("locked");
            WorkloadSpec spec = SpecLoader.load("version: 1\nworkloads:\n  - {name: a, keys: 1K, store: none}\n",
                    "a.yaml");
            // a java that does not exist: a check that got past the lock would fail on starting its probe
            RunnerOptions runner = RunnerOptions.of(List.of(dir)).withJava(dir.resolve("no-such-java"))
                    .withWorkDir(out.resolve("work"));
            PreflightException e = catchThrowableOfType(PreflightException.class,
                    () -> Check.run(spec, new CheckRequest(null, out, null, 1.0, runner)));
            assertThat(e.getMessage()).contains("another memstore check is running").contains("pid " + holder.pid());
            assertThat(out.resolve("memstore.json")).doesNotExist();
        } finally {
            holder.destroyForcibly();
            assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        // killed: the lock file stays, the lock does not
        assertThat(out.resolve(OutputLock.FILE_NAME)).exists();
        OutputLock.acquire(out).close();
    }
}
