package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.probe.ProbeMain;
import io.memstore.measure.result.ResultCsv;
import io.memstore.measure.result.ResultJUnit;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.ResultMarkdown;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.RunnerOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check pipeline in a separate JVM standing in for Maven ({@link CheckHost}): stopped with SIGTERM (what
 * Ctrl-C does) while a store row runs, after an earlier run passed in the same directory, it leaves no probe
 * process, no run directory, no temporary file, and outputs that say the run did not complete (its in-progress
 * record) in place of the earlier PASSED; run to the end, it writes its outputs and nothing else.
 */
class InterruptedCheckTest {
    @TempDir
    Path dir;

    private Process host(Path out, String mainClass) throws IOException {
        return new ProcessBuilder(RunnerOptions.defaultJava().toString(), "-Xmx96m", "-cp",
                System.getProperty("java.class.path"), CheckHost.class.getName(), out.toString(), mainClass)
                .redirectErrorStream(true).start();
    }

    private static List<String> files(Path out) throws IOException {
        if (!Files.exists(out)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(Files::isRegularFile).map(p -> out.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aBuildStoppedWhileARowRunsLeavesNothingBehind() throws Exception {
        Path out = dir.resolve("target/memstore");
        List<String> outputs = List.of(ResultJson.FILE_NAME, ResultCsv.FILE_NAME, ResultMarkdown.FILE_NAME,
                ResultJUnit.FILE_NAME);
        Files.createDirectories(out);
        for (String name : outputs) {
            Files.writeString(out.resolve(name), "PASSED: the earlier run's " + name);
        }
        Process host = host(out, "io.memstore.measure.run.StoreHangChild");
        try (BufferedReader r = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8))) {
            String opened = null;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.contains("store open ")) {
                    opened = line;
                    break;
                }
            }
            assertThat(opened).as("the first row's probe opened its store").isNotNull()
                    .startsWith("row 1/2 first: run 1/1, store open ");
            String[] f = opened.replaceAll(".*store open (\\d+) (\\S+?),? .*", "$1 $2").split(" ");
            ProcessHandle probe = ProcessHandle.of(Long.parseLong(f[0])).orElseThrow();
            assertThat(Path.of(f[1])).exists();
            host.destroy(); // SIGTERM: Maven's shutdown hooks run
            assertThat(host.waitFor(30, TimeUnit.SECONDS)).isTrue();
            probe.onExit().get(10, TimeUnit.SECONDS);
            assertThat(probe.isAlive()).isFalse();
            assertThat(Path.of(f[1])).doesNotExist();
            // the lock file stays (see OutputLock), unlocked, and the in-progress record: nothing else
            assertThat(files(out)).as("no run directories, no temporary files")
                    .containsExactlyInAnyOrder(OutputLock.FILE_NAME, ResultJUnit.FILE_NAME, ResultCsv.FILE_NAME,
                            ResultJson.FILE_NAME, ResultMarkdown.FILE_NAME);
            for (String name : outputs) {
                assertThat(Files.readString(out.resolve(name))).as(name).doesNotContain("PASSED")
                        .contains("(pid " + host.pid() + ") has not written its results");
            }
            RunResult record = ResultJson.read(out.resolve(ResultJson.FILE_NAME));
            assertThat(record.passed()).isFalse();
            assertThat(record.failure().row()).isNull();
            assertThat(record.specName()).isEqualTo("hosted");
            OutputLock.acquire(out).close();
        } finally {
            host.destroyForcibly();
        }
    }

    @Test
    void aBuildRunToTheEndWritesItsOutputsOnly() throws Exception {
        Path out = dir.resolve("target/memstore");
        Process host = host(out, ProbeMain.class.getName());
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lines.add(line);
            }
        }
        assertThat(host.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(host.exitValue()).as("%s", lines).isZero();
        assertThat(lines).contains("check done").anyMatch(l -> l.startsWith("preflight: the largest row needs"));
        assertThat(files(out)).containsExactly(OutputLock.FILE_NAME, ResultJUnit.FILE_NAME, ResultCsv.FILE_NAME,
                ResultJson.FILE_NAME, ResultMarkdown.FILE_NAME);
        assertThat(Files.readString(out.resolve("memstore.json"))).contains("\"second\"");
        assertThat(out.resolve("work")).isEmptyDirectory();
    }
}
