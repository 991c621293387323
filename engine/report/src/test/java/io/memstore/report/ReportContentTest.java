package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.result.Verdict;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ReportContentTest {
    @Test
    void sectionsComeInReadingOrder() {
        Report report = ReportContent.of(TestRows.sampleRun(), "memstore.json");
        assertThat(report.title()).isEqualTo("memstore: sample \"spec\"");
        assertThat(report.sections()).extracting(Section::id)
                .containsExactly("summary", "charts", "workloads", "model", "budgets", "regressions");
    }

    @Test
    void aRegressionThatFailsTheCheckFailsTheReportAndIsListed() {
        RunResult passing = TestRows.sampleRun();
        RunResult run = passing.withBaseline(new BaselineComparison("main.json", true, "sample", null, List.of(
                new RegressionOutcome(Metric.INDEX_LIVE_HEAP, passing.rows().get(0).name(), 100.0, 120.0, 20.0, 0.2,
                        0.05, null, 1.0, RegressionOutcome.Status.REGRESSED, false, BudgetLevel.ERROR,
                        "grew"))));
        assertThat(run.passed()).isFalse();
        Report report = ReportContent.of(run, "memstore.json");
        Paragraph summary = (Paragraph) report.sections().get(0).blocks().get(0);
        assertThat(summary.text()).startsWith("FAILED: ").contains("(1 against the baseline)")
                .isEqualTo(Verdict.of(run).line());
        Paragraph budgets = blocks(report, "budgets", Paragraph.class).get(0);
        assertThat(budgets.text()).isEqualTo(summary.text());
        Table regressions = blocks(report, "regressions", Table.class).get(0);
        assertThat(regressions.rows()).singleElement().satisfies(r -> assertThat(r).startsWith("FAIL", "error",
                passing.rows().get(0).name(), "index.liveHeap"));
        // without a baseline the section says so
        assertThat(blocks(ReportContent.of(passing, "m"), "regressions", Paragraph.class).get(0).text())
                .isEqualTo("This run was not compared with a baseline.");
    }

    @Test
    void oneTablePerWorkloadInEtcdBenchmarksLayoutSplitToFitThePage() {
        Report report = ReportContent.of(TestRows.sampleRun(), "memstore.json");
        List<Table> tables = blocks(report, "workloads", Table.class);
        // each workload's columns in two tables that fit a page, the second one continued
        assertThat(tables).extracting(Table::caption).allSatisfy(c -> assertThat(c).startsWith("Workload "));
        assertThat(tables.stream().filter(t -> t.caption().endsWith("(continued)"))).isNotEmpty();
        for (Table t : tables) {
            int chars = 0;
            for (int c = 0; c < t.headers().size(); c++) {
                chars += t.columnChars(c);
            }
            assertThat(chars).as(t.caption()).isLessThanOrEqualTo(Table.PAGE_CHARS);
            assertThat(t.headers()).startsWith("N", "versions", "key size", "value size");
            assertThat(t.keyColumns()).isEqualTo(4);
        }
        Table index = tables.get(0);
        assertThat(index.caption()).startsWith("Workload index (");
        assertThat(index.headers()).startsWith("N", "versions", "key size", "value size",
                "index live heap, MiB (B/key)", "allocated, MiB (B/key)");
        assertThat(index.rows().get(0)).startsWith("100K", "1", "64 B", "-", "17.5 (183.5)");
        assertThat(index.numeric().get(0)).isTrue();
        // every column of the workload once beside the keys, in order, across its tables
        List<String> indexColumns = tables.stream().filter(t -> t.caption().startsWith("Workload index ("))
                .flatMap(t -> t.headers().subList(4, t.headers().size()).stream()).toList();
        assertThat(indexColumns).containsExactly("index live heap, MiB (B/key)", "allocated, MiB (B/key)",
                "RSS, MiB (B/key)", "peak RSS, MiB (B/key)", "store file, MiB (B/key)", "puts/s", "get/s");
    }

    @Test
    void theModelStandsBesideEtcdsPublishedCoefficients() {
        RunResult run = TestRows.sampleRun();
        Report report = ReportContent.of(run, "memstore.json");
        List<Table> tables = blocks(report, "model", Table.class);
        assertThat(tables).hasSize(2);
        assertThat(tables.get(0).headers()).containsExactly("", "memstore (btree)", "etcd benchmark");
        assertThat(tables.get(0).rows()).contains(
                List.of("c1, B per key", String.format(Locale.ROOT, "%.1f", run.model().c1()), "120"),
                List.of("c2, B per version", String.format(Locale.ROOT, "%.1f", run.model().c2()), "30"));
        assertThat(tables.get(1).caption()).startsWith("Model residuals");
        assertThat(tables.get(1).rows()).hasSize(run.model().residuals().size());
    }

    @Test
    void everyBudgetWithActualMaxHeadroomAndResult() {
        RunResult run = SampleRuns.etcdLike("etcd-like", "too big");
        Report report = ReportContent.of(run, "memstore.json");
        Table budgets = blocks(report, "budgets", Table.class).get(0);
        assertThat(budgets.headers()).containsExactly("result", "level", "row", "metric", "actual", "max", "min",
                "headroom", "message");
        assertThat(budgets.rows()).hasSize(run.budgets().size());
        // 8 heap outcomes (the 10K-key rows above 2 MB fail), 8 RSS outcomes at warn level
        assertThat(budgets.rows().stream().map(r -> r.get(0)).distinct()).containsExactlyInAnyOrder("pass", "warn",
                "FAIL");
        assertThat(budgets.rows()).anySatisfy(r -> assertThat(r).containsExactly("FAIL", "error",
                "index/keys=10K,versions=5,keySize=64B", "index.liveHeap", "2.9 MiB", "1.9 MiB", "-", "-1015.6 KiB",
                "too big"));
        Paragraph verdict = (Paragraph) report.sections().get(0).blocks().get(0);
        long failed = run.budgets().stream().filter(o -> o.failsRun()).count();
        assertThat(verdict.strong()).isTrue();
        assertThat(verdict.text()).startsWith("FAILED: 16 budget outcome(s): ").endsWith(failed + " failed");
        assertThat(verdict.text()).isEqualTo(Verdict.of(run).line());
    }

    @Test
    void theReportOfARunThatDidNotCompleteSaysSo() {
        RunResult record = RunResult.inProgress(RunResult.SPEC_NOT_READ, "src/memstore/workload.yaml",
                java.time.Instant.parse("2026-01-31T09:15:02Z"), 4242);
        Report report = ReportContent.of(record, "target/memstore/memstore.json, written by memstore:check");
        Paragraph verdict = (Paragraph) report.sections().get(0).blocks().get(0);
        assertThat(verdict.strong()).isTrue();
        assertThat(verdict.text()).isEqualTo(Verdict.of(record).line())
                .startsWith("FAILED: incomplete, the run started 2026-01-31T09:15:02Z (pid 4242) has not written its"
                        + " results: it is still running, or it was stopped or failed before its end;")
                .doesNotContain("PASSED");
        Facts facts = blocks(report, "summary", Facts.class).get(0);
        assertThat(facts.facts()).contains(new Facts.Fact("Incomplete", record.failure().describe()),
                new Facts.Fact("Rows measured", "0"));
        assertThat(blocks(report, "workloads", Paragraph.class)).extracting(Paragraph::text)
                .contains("The run measured no rows.");
    }

    @Test
    void summaryNamesTheEnvironmentAndTheClosingLineCountsWhatWasShown() {
        Report report = ReportContent.of(SampleRuns.etcdLike("etcd-like", "m"), "target/memstore/memstore.json");
        Facts facts = blocks(report, "summary", Facts.class).get(0);
        assertThat(facts.facts()).extracting(Facts.Fact::term).containsExactly("Spec", "Spec file", "Results",
                "Rows measured", "Store measured", "Java", "JVM flags of the probes", "OS", "CPUs");
        assertThat(facts.facts().get(4).value()).isEqualTo("not recorded");
        assertThat(facts.facts().get(6).value()).isEqualTo("-XX:+UseSerialGC -Dx=<y>");
        assertThat(report.chartCount()).isEqualTo(3);
        // 2 workload tables, each in two to fit the page, model, residuals, budgets
        assertThat(report.tableCount()).isEqualTo(7);
        assertThat(report.closingLine()).isEqualTo("End of the memstore report: 7 tables, 3 charts.");
    }

    private static <T extends Block> List<T> blocks(Report report, String section, Class<T> kind) {
        return report.sections().stream().filter(s -> s.id().equals(section)).flatMap(s -> s.blocks().stream())
                .filter(kind::isInstance).map(kind::cast).toList();
    }
}
