package io.memstore.measure.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A run that a row stopped: every output says FAILED, names the row and keeps the rows measured before it. */
class IncompleteRunTest {
    private static final String PROBE_MESSAGE = "row 'etcd/keys=1K': the probe failed, exit code 1. Last output of"
            + " the probe:\nmemstore probe: row 'etcd/keys=1K': java.lang.IllegalStateException: boom";

    /** The sample's rows with one passing budget, stopped by a third row. */
    private static RunResult incomplete() {
        RunResult sample = TestRows.sampleRun();
        BudgetOutcome within = new BudgetOutcome(Metric.INDEX_LIVE_HEAP, sample.rows().get(0).name(), 64e6, null,
                18_350_080.0, 64e6 - 18_350_080.0, true, BudgetLevel.ERROR, "within budget");
        return new RunResult(sample.specName(), sample.specFile(), sample.environment(), sample.rows().subList(0, 2),
                null, List.of(within)).withStart(Instant.parse("2026-01-31T09:15:02.734Z"))
                .withFailure(RunFailure.of("etcd/keys=1K", PROBE_MESSAGE, 3));
    }

    @Test
    void theFailureKeepsItsFirstLineWithoutTheRowAndTheProbesOutputGoesToTheDetailOnly() {
        RunFailure f = RunFailure.of("etcd/keys=1K", PROBE_MESSAGE, 3);
        assertThat(f.reason()).isEqualTo("the probe failed, exit code 1");
        assertThat(f.detail()).isEqualTo(PROBE_MESSAGE);
        assertThat(f.describe()).isEqualTo("row 'etcd/keys=1K' failed: the probe failed, exit code 1");
    }

    @Test
    void anIncompleteRunFailsWhateverItsBudgetsSay() {
        RunResult run = incomplete();
        assertThat(run.budgets()).allMatch(BudgetOutcome::passed);
        assertThat(run.passed()).isFalse();
        assertThat(run.complete()).isFalse();
        assertThat(run.started()).isEqualTo("2026-01-31T09:15:02Z");
        assertThat(Verdict.of(run).line()).isEqualTo("FAILED: incomplete, 2 of 3 rows measured, row 'etcd/keys=1K'"
                + " failed: the probe failed, exit code 1; 1 budget outcome(s): 1 passed, 0 warned, 0 failed");
        assertThat(ClosestBudget.of(run)).isPresent(); // the mojo prints it on success only
    }

    @Test
    void everyOutputCarriesTheStartAndTheFailure() throws Exception {
        RunResult run = incomplete();
        String json = ResultJson.toJson(run);
        assertThat(json).contains("\"started\": \"2026-01-31T09:15:02Z\"")
                .contains("\"incomplete\": {\"row\": \"etcd/keys=1K\", \"reason\": \"the probe failed, exit code 1\","
                        + " \"selected\": 3}").contains("\"passed\": false").doesNotContain("boom");
        RunResult back = ResultJson.parse(json, "memstore.json");
        assertThat(back.failure().reason()).isEqualTo(run.failure().reason());
        assertThat(back.failure().selected()).isEqualTo(3);
        assertThat(back.started()).isEqualTo(run.started());
        assertThat(back.rows()).isEqualTo(run.rows());
        assertThat(back.passed()).isFalse();

        String xml = ResultJUnit.render(run);
        assertThat(xml).contains("failures=\"1\"").contains("timestamp=\"2026-01-31T09:15:02\"")
                .contains("<property name=\"started\" value=\"2026-01-31T09:15:02Z\"/>")
                .contains("<testcase classname=\"memstore.sample &quot;spec&quot;\" name=\"run [etcd/keys=1K]\"")
                .contains("<failure type=\"memstore.run\" message=\"FAILED: incomplete, 2 of 3 rows measured");

        List<String> csv = ResultCsv.render(run).lines().toList();
        assertThat(csv).hasSize(4);
        assertThat(csv.get(1)).endsWith(",measured,2026-01-31T09:15:02Z");
        assertThat(csv.get(3)).startsWith("etcd/keys=1K,,")
                .endsWith(",\"failed: the probe failed, exit code 1\",2026-01-31T09:15:02Z");

        String md = ResultMarkdown.render(run);
        assertThat(md).contains("Run started 2026-01-31T09:15:02Z.").contains("**FAILED: incomplete, 2 of 3 rows");
        assertThat(StepSummary.render(run)).contains("❌").contains("FAILED: incomplete");
    }
}
