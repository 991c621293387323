package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process-level commands at small sizes, and their refusals of bad arguments. */
class ProcessFiguresTest {
    @TempDir
    Path dir;

    private static List<String> run(String... args) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = ProcessFigures.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(status).as("exit status of %s", lines).isZero();
        return lines;
    }

    @Test
    void footprintPrintsTheLooseSettledAndCompactedHeapPerKey() throws Exception {
        List<String> lines = run("footprint", "btree", "20000", "2", "random", "32", "shuffled");

        assertThat(lines).anyMatch(l -> l.startsWith("btree keys=20000 versions=2: loose ") && l.contains("settled"));
        assertThat(lines).anyMatch(l -> l.startsWith("btree keys=20000 versions=2 pattern=random leaf=32 order=shuffled: "));
        assertThat(lines).anyMatch(l -> l.startsWith("  after compact at 40000 (kept 20000): "));
    }

    @Test
    void reopenBuildsTheFileOnceThenTimesEachOpen() throws Exception {
        Path file = dir.resolve("r.db");
        List<String> first = run("reopen", file.toString(), "2000", "2", "2");
        List<String> second = run("reopen", file.toString(), "2000", "2", "1");

        assertThat(first).anyMatch(l -> l.startsWith("built " + file + ": 2000 keys x 2 versions in "));
        assertThat(first).filteredOn(l -> l.startsWith("open ")).hasSize(2).allMatch(l -> l.contains(", 4000 revisions,"));
        assertThat(second).noneMatch(l -> l.startsWith("built ")).anyMatch(l -> l.startsWith("open 1: "));
        assertThat(first).filteredOn(l -> l.startsWith("open 2: ")).allMatch(l -> l.endsWith(" parts"));

        List<String> scans = run("reopen", file.toString(), "2000", "2", "2", "scan");
        assertThat(scans).filteredOn(l -> l.startsWith("open ")).hasSize(2)
                .allMatch(l -> l.contains(", 4000 revisions,") && l.endsWith("no index image: every key row scanned"));
        assertThatThrownBy(() -> run("reopen", file.toString(), "2000", "2", "1", "fast"))
                .hasMessageStartingWith("the fifth argument of reopen is image or scan, was 'fast'");
    }

    @Test
    void ratiosOfAJmhFileAndTheTargetsList() throws Exception {
        Path sample = Path.of(ProcessFiguresTest.class.getResource("jmh-result-keys100000.json").toURI());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProcessFigures.run(new String[] {"ratios", sample.toString()}, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).first().isEqualTo("keys=100000");

        assertThat(run("targets")).anyMatch(l -> l.startsWith("get >= 4.2: "))
                .hasSize(PerformanceTargets.load().all().size());
    }

    @Test
    void badArgumentsAreRefusedWithTheUsage() {
        assertThatThrownBy(() -> run()).hasMessageStartingWith("usage: ");
        assertThatThrownBy(() -> run("speed")).hasMessageStartingWith("unknown command 'speed'\nusage: ");
        assertThatThrownBy(() -> run("footprint", "btree", "10"))
                .hasMessageStartingWith("expected 4 to 6 arguments, got 2\nusage: ");
        assertThatThrownBy(() -> run("footprint", "btree", "-1", "1", "random"))
                .hasMessage("KEYS: expected a positive whole number, was '-1'");
        assertThatThrownBy(() -> run("footprint", "btree", "10", "1", "zigzag"))
                .hasMessage("footprint: expected random, hierarchical or sequential, was 'zigzag'");
        assertThatThrownBy(() -> run("pairs", dir.resolve("none.json").toString()))
                .hasMessageContaining("none.json");
        assertThatThrownBy(() -> run("ratios", dir.resolve("none.json").toString()))
                .hasMessage(dir.resolve("none.json") + ": no such file");
        assertThat(ProcessFigures.USAGE.lines()).allMatch(l -> l.length() <= 160);
    }
}
