package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.run.Progress;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
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
        Files.createDirectories(out);
        Files.writeString(out.resolve("memstore.json"), "an earlier run's PASSED");
        RunResult r = Check.run(spec, request(out));
        assertThat(r.failure().detail()).startsWith("1 row does not fit this machine; nothing was run:")
                .contains("row 'huge' needs an estimated ").contains(" of memory (")
                .contains("row 'huge' needs an estimated ").contains(" of disk for its store file")
                .doesNotContain("'small'");
        assertThat(r.failure().row()).isEqualTo("huge");
        assertThat(r.failure().reason()).startsWith("refused before the first row: needs an estimated ");
        assertThat(progress).noneMatch(l -> l.contains("started"));
        assertThat(out.resolve("work")).isEmptyDirectory();
        // every output of this run, which never started, says so: no earlier PASSED is left
        RunResult written = ResultJson.read(out.resolve("memstore.json"));
        assertThat(written.passed()).isFalse();
        assertThat(written.rows()).isEmpty();
        assertThat(written.failure().row()).isEqualTo("huge");
        assertThat(Files.readString(out.resolve("TEST-memstore.xml"))).contains("name=\"run [huge]\"");
    }

    @Test
    void aRowWhoseSystemCannotRunHereIsRefusedBeforeTheFirstRow() throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nworkloads:\n  - {name: a, keys: 1K, store: none}\n"
                + "  - {name: b, keys: 1K, store: none}\n  - {name: etcd, keys: 1K, system: etcd}\n", "e.yaml");
        Path out = dir.resolve("out");
        List<String> asked = new CopyOnWriteArrayList<>();
        RunResult r = Check.run(spec, request(out).withSystems(system -> {
            asked.add(system);
            return "no etcd program found on PATH";
        }), new MachineResources(1L << 40, 1L << 40, dir));
        assertThat(asked).containsExactly("etcd");
        assertThat(r.passed()).isFalse();
        assertThat(r.rows()).isEmpty();
        assertThat(r.failure().row()).isEqualTo("etcd");
        assertThat(r.failure().detail()).isEqualTo("1 row needs a system that cannot run here; nothing was run:"
                + System.lineSeparator() + "  row 'etcd' (system etcd): no etcd program found on PATH");
        assertThat(progress).noneMatch(l -> l.contains("started")); // the first row never forked
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
