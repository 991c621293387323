package io.memstore.measure.result;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.MissingBaseline;
import io.memstore.measure.budget.RegressionJudge;
import io.memstore.measure.budget.RegressionRule;
import io.memstore.measure.budget.RowSelector;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The baseline comparison in memstore.json, the console, TEST-memstore.xml and the GitHub step summary. */
class BaselineOutputsTest {
    @TempDir
    Path dir;

    /** The sample run compared with itself grown: one regression, one pass within tolerance, one missing row. */
    static RunResult compared() {
        RunResult now = TestRows.sampleRun();
        List<RowResult> old = now.rows().stream().filter(r -> !r.name().startsWith("store"))
                .map(r -> new RowResult(r.name(), r.params(), shrunk(r.metrics(), r.name().contains("1M,versions=5")
                        ? 0.8 : 0.99), r.spread(), r.runs())).toList();
        List<RegressionRule> rules = List.of(
                new RegressionRule(Metric.INDEX_LIVE_HEAP, RowSelector.workload("index"), 0.05, 8.0 * (1 << 20),
                        BudgetLevel.ERROR, "the index grew <fast> & \"far\""),
                new RegressionRule(Metric.PROCESS_RSS, RowSelector.ALL, 0.10, null, BudgetLevel.ERROR, null));
        BaselineComparison c = RegressionJudge.judge(now.rows(), "main/memstore.json", old, "etcd", rules,
                MissingBaseline.WARN);
        return now.withBaseline(c);
    }

    private static Map<String, Double> shrunk(Map<String, Double> m, double f) {
        Map<String, Double> out = new HashMap<>();
        m.forEach((k, v) -> out.put(k, v * f));
        return out;
    }

    @Test
    void theComparisonRoundTripsThroughJsonAndDecidesTheVerdict() throws IOException {
        RunResult run = compared();
        assertThat(run.baseline().outcomes()).extracting(o -> o.status().specName()).contains("regressed",
                "within", "no-baseline");
        assertThat(run.passed()).isFalse();
        String json = ResultJson.toJson(run);
        assertThat(json).contains("\"baseline\": {", "\"relativeDelta\": ", "\"status\": \"regressed\"");
        assertThat(ResultJson.parse(json, "m.json")).isEqualTo(run);
    }

    @Test
    void filesWrittenBeforeBaselinesStillRead() throws IOException {
        RunResult plain = TestRows.sampleRun();
        String json = ResultJson.toJson(plain);
        assertThat(json).contains("\"baseline\": null");
        // the layout before this field existed: no "baseline" key at all
        String old = json.replace("  \"baseline\": null,\n", "");
        assertThat(old).doesNotContain("\"baseline\"");
        assertThat(ResultJson.parse(old, "old.json")).isEqualTo(plain);
    }

    @Test
    void consoleAndMarkdownShowOldNewDeltaAndPercent() {
        RunResult run = compared();
        String console = String.join("\n", ConsoleTables.render(run));
        assertThat(console).contains("against baseline main/memstore.json (spec etcd)")
                .containsPattern("FAIL +error +index/keys=1M,versions=5,keySize=64B +index.liveHeap +236.5 MiB ->"
                        + " 295.6 MiB \\(\\+59.1 MiB, \\+25.0 %\\) +\\+5.0 % and \\+8.0 MiB")
                .contains("note: 1 comparison(s) without a baseline row");
        assertThat(ConsoleTables.verdict(run)).startsWith("FAILED: ");
        assertThat(ResultMarkdown.render(run)).contains("## Against baseline main/memstore.json");
    }

    @Test
    void junitXmlHasOneEscapedTestCasePerOutcome() throws IOException {
        RunResult run = compared();
        String xml = ResultJUnit.render(run);
        int cases = run.budgets().size() + run.baseline().outcomes().size();
        assertThat(xml.split("<testcase ", -1)).hasSize(cases + 1);
        long failing = run.budgets().stream().filter(o -> o.failsRun()).count()
                + run.baseline().outcomes().stream().filter(o -> o.failsRun()).count();
        assertThat(xml).contains("tests=\"" + cases + "\" failures=\"" + failing + "\"")
                .contains("name=\"index.liveHeap vs baseline [index/keys=1M,versions=5,keySize=64B]\"")
                .contains("the index grew &lt;fast&gt; &amp; &quot;far&quot;")
                .contains("<skipped message=\"no row store/keys=100K,valueSize=1KiB|x\u2028y in the baseline\"/>");
        assertThat(xml.split("<failure ", -1)).hasSize((int) failing + 1);
        // well-formed: parse it
        try {
            javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new java.io.ByteArrayInputStream(xml.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed XML: " + e, e);
        }
        assertThat(ResultJUnit.xml("a\u0001b")).isEqualTo("a\uFFFDb");
    }

    @Test
    void stepSummaryIsAppendedOnlyWhenTheVariableIsSet() throws IOException {
        RunResult run = compared();
        assertThat(StepSummary.append(run, name -> null)).isEmpty();
        assertThat(StepSummary.append(run, name -> "  ")).isEmpty();
        Path summary = dir.resolve("summary.md");
        Files.writeString(summary, "earlier step\n");
        Map<String, String> env = Map.of(StepSummary.VARIABLE, summary.toString());
        assertThat(StepSummary.append(run, env::get)).contains(summary);
        StepSummary.append(run, env::get);
        String text = Files.readString(summary);
        assertThat(text).startsWith("earlier step\n### ");
        assertThat(text.split("memstore: etcd-storage-memory|memstore: ", -1).length).isGreaterThan(2);
        assertThat(text).contains("| FAIL | error | index/keys=1M,versions=5,keySize=64B | index.liveHeap |"
                + " 236.5 MiB -> 295.6 MiB (+59.1 MiB, +25.0 %) |");
    }
}
