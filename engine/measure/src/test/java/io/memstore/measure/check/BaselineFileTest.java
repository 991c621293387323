package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline is read and judged before the first row runs. The runner points at a java that does not exist: a
 * check that got as far as a probe would fail with "cannot start the probe JVM" instead of the baseline's error.
 */
class BaselineFileTest {
    @TempDir
    Path dir;
    private final List<String> progress = new CopyOnWriteArrayList<>();

    private static final WorkloadSpec SPEC = spec();

    private static WorkloadSpec spec() {
        try {
            return SpecLoader.load("version: 1\nworkloads:\n  - {name: a, keys: 1K, store: none}\nbudgets:\n"
                    + "  - {metric: index.liveHeap, maxIncrease: 5%}\n", "a.yaml");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private IOException refused(Path baseline) throws IOException {
        Path out = dir.resolve("out");
        RunnerOptions runner = RunnerOptions.of(List.of(dir)).withJava(dir.resolve("no-such-java"))
                .withWorkDir(out.resolve("work")).withProgress(progress::add);
        CheckRequest request = new CheckRequest(null, out, null, 1.0, runner)
                .withBaseline(baseline, io.memstore.measure.budget.MissingBaseline.WARN);
        IOException e = catchThrowableOfType(IOException.class, () -> Check.run(SPEC, request));
        assertThat(progress).noneMatch(l -> l.contains("started"));
        // the run had begun: its outputs say it did not complete, as they would after any other failure
        RunResult record = ResultJson.read(out.resolve(ResultJson.FILE_NAME));
        assertThat(record.passed()).isFalse();
        assertThat(record.rows()).isEmpty();
        assertThat(record.failure().describe()).contains("has not written its results");
        return e;
    }

    @Test
    void aTruncatedBaselineIsRefusedBeforeAnyRowWithItsPosition() throws Exception {
        Path file = dir.resolve("baseline.json");
        Files.writeString(file, "{\"schemaVersion\": 1, \"specName\": \"a\", \"rows\": [{\"name\": ");
        IOException e = refused(file);
        assertThat(e.getMessage()).startsWith("the baseline cannot be used: ").contains(file + ":1:")
                .endsWith("Nothing was run");
    }

    @Test
    void aBaselineAbove64MiBIsRefusedUnreadNamingTheCap() throws Exception {
        Path file = dir.resolve("huge.json");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(BaselineFile.MAX_BYTES + 1); // sparse: no disk, no time
        }
        // unread: reading it would allocate its 64 MiB at least (bytes, unlike seconds, do not grow with the load)
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        IOException e = refused(file);
        assertThat(mx.getCurrentThreadAllocatedBytes() - before).as("bytes allocated refusing it").isLessThan(8L << 20);
        assertThat(e.getMessage()).startsWith("the baseline " + file + " has 64.0 MiB (67108865 B), more than the"
                + " 64.0 MiB a memstore.json may have");
    }

    @Test
    void aDirectoryAsBaselineIsRefused() throws Exception {
        Path d = Files.createDirectories(dir.resolve("base"));
        assertThat(refused(d).getMessage()).contains("is not a regular file");
    }

    @Test
    void aMissingBaselineIsNoErrorHere() throws Exception {
        BaselineFile none = BaselineFile.load(dir.resolve("nothing.json"));
        assertThat(none.result()).isNull();
        assertThat(BaselineFile.load(null).file()).isNull();
    }
}
