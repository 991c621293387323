package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.run.Progress;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline refuses before its first probe: the runner here points at a java that does not exist, so a row
 * that got as far as forking would fail with "cannot start the probe JVM" instead.
 */
class CheckPreflightTest {
    @TempDir
    Path dir;
    private final List<String> progress = new CopyOnWriteArrayList<>();

    private CheckRequest request(Path out) {
        RunnerOptions runner = RunnerOptions.of(List.of(dir)).withJava(dir.resolve("no-such-java"))
                .withWorkDir(out.resolve("work")).withProgress(Progress.of(progress::add, progress::add));
        return new CheckRequest(null, out, null, 1.0, runner);
    }

    @Test
    void aSpecTooBigForThisMachineRunsNothing() throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nworkloads:\n  - {name: small, keys: 1K, store: none}\n"
                + "  - {name: huge, keys: 100M, keySize: 16KiB, versions: 1000}\n", "huge.yaml");
        Path out = dir.resolve("target/memstore");
        PreflightException e = catchThrowableOfType(PreflightException.class, () -> Check.run(spec, request(out)));
        assertThat(e.getMessage()).startsWith("1 row does not fit this machine; nothing was run:")
                .contains("row 'huge' needs an estimated ").contains(" of memory (")
                .contains("row 'huge' needs an estimated ").contains(" of disk for its store file")
                .doesNotContain("'small'");
        assertThat(progress).noneMatch(l -> l.contains("started"));
        assertThat(out.resolve("work")).isEmptyDirectory();
        assertThat(out.resolve("memstore.json")).doesNotExist();
    }

    @Test
    void aReadOnlyOutputDirectoryFailsBeforeAnyRow() throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nworkloads:\n  - {name: a, keys: 1K, store: none}\n", "a.yaml");
        Path out = dir.resolve("ro");
        try (ReadOnlyDirectory ro = ReadOnlyDirectory.create(out)) {
            PreflightException e = catchThrowableOfType(PreflightException.class,
                    () -> Check.run(spec, request(out), new MachineResources(1L << 40, 1L << 40, dir)));
            assertThat(e.getMessage()).startsWith("cannot write to the output directory " + out + ": ");
        }
        assertThat(progress).isEmpty();
    }
}
