package io.memstore.measure.result;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The Markdown report, the console tables and writing all files. */
class ReportsTest {
    @TempDir
    Path dir;

    @Test
    void markdownHasEtcdBenchmarksLayoutPerWorkload() {
        String md = ResultMarkdown.render(TestRows.sampleRun());

        // nothing deleted or compacted goes without saying: the title names neither
        assertThat(md).contains("## Workload index (index btree, store none, key pattern random)\n");
        assertThat(md).contains("| N | versions | key size | value size | index live heap, MiB (B/key) |"
                + " allocated, MiB (B/key) | RSS, MiB (B/key) | peak RSS, MiB (B/key) | store file, MiB (B/key) |"
                + " puts/s | get/s |");
        // 18350080 B = 17.5 MiB = 183.5 B per key of 100K keys; index-only rows show no value size.
        assertThat(md).contains("| 100K | 1 | 64 B | - | 17.5 (183.5) | 70.0 (734.0) | 76.3 (800.0) |"
                + " 92.0 (964.7) | - | 800,000 | 1,234,568 |"); // an index-only row has no store file to size
        assertThat(md).contains("| 1M | 1 | 64 B | - | 181.2 (190.0) | n/a | n/a | n/a | - | n/a | n/a |");
        assertThat(md).contains("| 100K | 5 | 64 B | 1 KiB | n/a | n/a | 143.1 (1500.0) |");
        // the reopen columns only where a workload has store rows; a row without the metrics says n/a
        assertThat(md.lines().filter(l -> l.startsWith("| N |")).toList()).hasSize(2)
                .first().asString().doesNotContain("reopen");
        assertThat(md.lines().filter(l -> l.startsWith("| N |")).toList().get(1))
                .endsWith("| puts/s | get/s | reopen, s | reopen, rev/s |");
        assertThat(md.lines().filter(l -> l.startsWith("| 100K | 5 | 64 B | 1 KiB |")).findFirst().orElseThrow())
                .endsWith("| n/a | n/a |");
        assertThat(md).contains("**FAILED: 9 budget outcome(s): 5 passed, 3 warned, 1 failed**");
    }

    @Test
    void rowsOfOtherSystemsSayWhichFieldsAreNotTheirsAndShowTheirReopen() {
        RowParams memstore = RowParams.builder("w").keys(20_000).index(IndexKind.REFERENCE).build();
        RowParams etcd = memstore.withSystem(io.memstore.measure.spec.SystemKind.ETCD).withSnapshotCount(10_000);
        RowParams h2 = memstore.withSystem(io.memstore.measure.spec.SystemKind.H2);
        RowParams btree = RowParams.builder("w").keys(20_000).build();
        List<RowResult> rows = List.of(
                new RowResult("w/index=reference,system=memstore", memstore, TestRows.metrics("reopen.seconds",
                        0.25, "reopen.revisionsPerSecond", 80_000), Map.of(), 1),
                new RowResult("w/index=btree,system=memstore", btree, Map.of(), Map.of(), 1),
                new RowResult("w/system=etcd", etcd, TestRows.metrics("reopen.seconds", 1.5,
                        "reopen.revisionsPerSecond", 13_333, "reopen.rss", 70.0 * (1 << 20)), Map.of(), 1),
                new RowResult("w/system=h2", h2, TestRows.metrics("reopen.seconds", 0.01), Map.of(), 1));
        TextTable t = ReportTables.workloads(rows).get(0);
        String md = String.join("\n", t.markdown());
        // one etcd row: its snapshot count does not vary, so the title names it
        assertThat(t.title()).contains("snapshot count 10K");
        assertThat(md).contains("| system | index | index live heap")
                .contains("| reopen, s | reopen, rev/s | RSS after reopen, MiB |");
        assertThat(md).contains("| memstore | reference | n/a |").contains("| etcd | n/a | n/a |")
                .contains("| h2 | n/a | n/a |");
        assertThat(md.lines().filter(l -> l.contains("| etcd |")).findFirst().orElseThrow())
                .endsWith("| 1.50 | 13,333 | 70.0 |");
        assertThat(md.lines().filter(l -> l.contains("| h2 |")).findFirst().orElseThrow())
                .endsWith("| 0.01 | n/a | - |");
    }

    @Test
    void markdownShowsTheModelBesideEtcdsBenchmarkAndTheBudgets() {
        RunResult run = TestRows.sampleRun();
        String md = ResultMarkdown.render(run);

        assertThat(md).contains("## Memory model").contains("|  | memstore (btree) | etcd benchmark |")
                .contains(String.format(java.util.Locale.ROOT, "| c1, B per key | %.1f | 120 |", run.model().c1()))
                .contains(String.format(java.util.Locale.ROOT, "| c2, B per version | %.1f | 30 |", run.model().c2()))
                .contains("| pointer, B | 8 | - |")
                .contains("Note: 1 row(s) without index.liveHeap skipped.")
                .contains("### Model residuals");
        assertThat(md).contains("## Budgets")
                .contains("| FAIL | error | index/keys=100K,versions=1,keySize=64B | process.rssAnon | n/a | - |"
                        + " 953.7 MiB | - | metric unavailable on this platform |")
                // A pipe in a row name is escaped, a line separator made visible.
                .contains("store/keys=100K,valueSize=1KiB\\|x\\\\u2028y");
    }

    @Test
    void columnsForParametersThatVaryWithinAWorkloadAppearOnlyThen() {
        RowParams a = TestRows.params("mixed", 1000, 1, 8, IndexKind.BTREE);
        RowParams b = RowParams.builder("mixed").keys(1000).keySize(8).valueSize(100).index(IndexKind.REFERENCE)
                .build();
        RunResult run = new RunResult("s", "f", TestRows.sampleRun().environment(),
                List.of(new RowResult("a", a, Map.of(), Map.of(), 1), new RowResult("b", b, Map.of(), Map.of(), 1)),
                null, List.of());
        String md = ResultMarkdown.render(run);
        assertThat(md).contains("## Workload mixed (key pattern random)\n")
                .contains("| N | versions | key size | value size | index | store | index live heap")
                .contains("| 1K | 1 | 8 B | - | btree | none | n/a |")
                .contains("| 1K | 1 | 8 B | 100 B | reference | sqlite | n/a |")
                .doesNotContain("Memory model").doesNotContain("Budgets")
                .contains("**PASSED: 0 budget outcome(s): 0 passed, 0 warned, 0 failed**");
    }

    @Test
    void consoleTablesAreAlignedAndHaveNoTrailingSpaces() {
        List<String> lines = ConsoleTables.render(TestRows.sampleRun());

        assertThat(lines.get(0)).startsWith("memstore sample \"spec\" (memstore.yaml): 4 row(s); sizes in MiB");
        assertThat(lines).last().isEqualTo("FAILED: 9 budget outcome(s): 5 passed, 3 warned, 1 failed");
        assertThat(lines).noneMatch(l -> l.endsWith(" ")).noneMatch(l -> l.contains("\u2028"));
        assertThat(lines).contains("workload index (index btree, store none, key pattern random)", "budgets", "note: 1 row(s) without index.liveHeap skipped");

        List<List<String>> tables = tables(lines);
        assertThat(tables).hasSize(5);
        for (List<String> table : tables) {
            String rule = table.get(2);
            assertThat(rule).matches("-+( +-+)*");
            // Every gap between the rule's dashes is blank on every line: the columns line up.
            for (String line : table.subList(1, table.size())) {
                for (int i = 0; i < Math.min(rule.length(), line.length()); i++) {
                    if (rule.charAt(i) == ' ') {
                        assertThat(line.charAt(i)).as("column gap at %d in '%s'", i, line).isEqualTo(' ');
                    }
                }
            }
        }
        String heapLine = tables.get(0).get(3);
        assertThat(heapLine).contains("17.5 (183.5)").startsWith("100K");
        // Right-aligned numbers end where their header ends.
        String header = tables.get(0).get(1);
        int puts = header.indexOf("puts/s") + "puts/s".length();
        assertThat(heapLine.substring(0, puts)).endsWith("800,000");
    }

    @Test
    void writeAllWritesTheFourFiles() throws IOException {
        RunResult run = TestRows.sampleRun();
        List<Path> files = ResultFiles.writeAll(run, dir.resolve("target/memstore"));

        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("memstore.json", "memstore.csv", "memstore.md", "TEST-memstore.xml");
        assertThat(ResultJson.read(files.get(0))).isEqualTo(run);
        assertThat(Files.readString(files.get(1))).isEqualTo(ResultCsv.render(run));
        assertThat(Files.readString(files.get(2))).isEqualTo(ResultMarkdown.render(run));
        assertThat(Files.readString(files.get(3))).isEqualTo(ResultJUnit.render(run));
    }

    /** Splits console lines into tables: title, header, rule, rows (blank lines separate sections). */
    private static List<List<String>> tables(List<String> lines) {
        List<List<String>> tables = new ArrayList<>();
        for (int i = 0; i + 2 < lines.size(); i++) {
            if (lines.get(i + 2).matches("-+( +-+)*")) {
                List<String> table = new ArrayList<>(lines.subList(i, i + 3));
                int j = i + 3;
                while (j < lines.size() && !lines.get(j).isEmpty() && !lines.get(j).startsWith("note:")) {
                    table.add(lines.get(j++));
                }
                tables.add(table);
                i = j;
            }
        }
        return tables;
    }
}
