package io.memstore.measure.budget;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.memstore.measure.budget.RegressionOutcome.Status.NOISE;
import static io.memstore.measure.budget.RegressionOutcome.Status.NO_BASELINE;
import static io.memstore.measure.budget.RegressionOutcome.Status.REGRESSED;
import static io.memstore.measure.budget.RegressionOutcome.Status.UNAVAILABLE;
import static io.memstore.measure.budget.RegressionOutcome.Status.WITHIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RegressionJudgeTest {
    private static final double MIB = 1 << 20;
    private static final String HEAP = Metric.INDEX_LIVE_HEAP.metricName();

    private static RowResult row(String name, double heap, double spread, int runs) {
        return new RowResult(name, TestRows.params("index", 100_000, 1, 64, IndexKind.REFERENCE), Map.of(HEAP, heap),
                Map.of(HEAP, spread), runs);
    }

    private static RegressionRule rule(Double share, Double bytes) {
        return new RegressionRule(Metric.INDEX_LIVE_HEAP, RowSelector.ALL, share, bytes, BudgetLevel.ERROR, null);
    }

    private static RegressionOutcome one(RowResult now, RowResult before, RegressionRule rule) {
        BaselineComparison c = RegressionJudge.judge(List.of(now), "base.json", List.of(before), "s", List.of(rule),
                MissingBaseline.WARN);
        assertThat(c.outcomes()).hasSize(1);
        return c.outcomes().get(0);
    }

    @Test
    void aShareLimitFailsOnlyAboveTheShare() {
        RowResult before = row("r", 100 * MIB, 0, 1);
        RegressionOutcome small = one(row("r", 104 * MIB, 0, 1), before, rule(0.05, null));
        assertThat(small.status()).isEqualTo(WITHIN);
        assertThat(small.passed()).isTrue();
        assertThat(small.delta()).isEqualTo(4 * MIB);
        assertThat(small.relativeDelta()).isEqualTo(0.04);
        RegressionOutcome big = one(row("r", 106 * MIB, 0, 1), before, rule(0.05, null));
        assertThat(big.status()).isEqualTo(REGRESSED);
        assertThat(big.failsRun()).isTrue();
        assertThat(big.change()).isEqualTo("100.0 MiB -> 106.0 MiB (+6.0 MiB, +6.0 %)");
        assertThat(big.describe()).isEqualTo("r, index.liveHeap: 100.0 MiB -> 106.0 MiB (+6.0 MiB, +6.0 %),"
                + " limit +5.0 %: regressed against the baseline");
    }

    @Test
    void withBothLimitsBothMustBeExceeded() {
        RegressionRule both = rule(0.05, 8 * MIB);
        // +20 % but only 2 MiB: a small row growing a little in bytes passes
        assertThat(one(row("r", 12 * MIB, 0, 1), row("r", 10 * MIB, 0, 1), both).status()).isEqualTo(WITHIN);
        // +10 MiB but only 1 %: a large row passes
        assertThat(one(row("r", 1010 * MIB, 0, 1), row("r", 1000 * MIB, 0, 1), both).status()).isEqualTo(WITHIN);
        // +10 MiB and +10 %: fails
        RegressionOutcome o = one(row("r", 110 * MIB, 0, 1), row("r", 100 * MIB, 0, 1), both);
        assertThat(o.status()).isEqualTo(REGRESSED);
        assertThat(o.limits()).isEqualTo("+5.0 % and +8.0 MiB");
        // a byte limit alone
        assertThat(one(row("r", 109 * MIB, 0, 1), row("r", 100 * MIB, 0, 1), rule(null, 8 * MIB)).status())
                .isEqualTo(REGRESSED);
    }

    @Test
    void aDecreaseNeverFails() {
        RegressionOutcome o = one(row("r", 50 * MIB, 0, 1), row("r", 100 * MIB, 0, 1), rule(0.0, 0.0));
        assertThat(o.status()).isEqualTo(WITHIN);
        assertThat(o.message()).isEqualTo("no increase");
        assertThat(o.relativeDelta()).isEqualTo(-0.5);
    }

    @Test
    void anIncreaseInsideTheMeasuredSpreadIsNoise() {
        // three runs each; the new row's runs disagreed by 7 MiB, the increase is 6 MiB: noise, not a failure
        RegressionOutcome noise = one(row("r", 106 * MIB, 7 * MIB, 3), row("r", 100 * MIB, 1 * MIB, 3),
                rule(0.05, null));
        assertThat(noise.status()).isEqualTo(NOISE);
        assertThat(noise.passed()).isTrue();
        assertThat(noise.noise()).isEqualTo(7 * MIB);
        assertThat(noise.message()).isEqualTo("increase within the runs' spread of 7.0 MiB: noise");
        // the baseline's spread counts too
        assertThat(one(row("r", 106 * MIB, 0, 3), row("r", 100 * MIB, 6.5 * MIB, 3), rule(0.05, null)).status())
                .isEqualTo(NOISE);
        // beyond the spread it is a regression
        assertThat(one(row("r", 110 * MIB, 7 * MIB, 3), row("r", 100 * MIB, 1 * MIB, 3), rule(0.05, null)).status())
                .isEqualTo(REGRESSED);
    }

    @Test
    void aMissingBaselineWarnsOrFailsByPolicy() {
        RegressionRule r = rule(0.05, null);
        List<RowResult> now = List.of(row("r", 1, 0, 1));
        BaselineComparison warn = RegressionJudge.judge(now, "gone.json", null, null, List.of(r), MissingBaseline.WARN);
        assertThat(warn.found()).isFalse();
        assertThat(warn.passed()).isTrue();
        assertThat(warn.outcomes().get(0).status()).isEqualTo(NO_BASELINE);
        assertThat(warn.outcomes().get(0).level()).isEqualTo(BudgetLevel.WARN);
        assertThat(warn.outcomes().get(0).message()).isEqualTo("no baseline file gone.json");
        assertThat(warn.note()).isEqualTo("no baseline file gone.json (warn)");
        BaselineComparison fail = RegressionJudge.judge(now, "gone.json", null, null, List.of(r), MissingBaseline.FAIL);
        assertThat(fail.passed()).isFalse();
        assertThat(fail.outcomes().get(0).failsRun()).isTrue();
        // a row the baseline lacks
        BaselineComparison other = RegressionJudge.judge(now, "b.json", List.of(row("q", 1, 0, 1)), "s", List.of(r),
                MissingBaseline.FAIL);
        assertThat(other.outcomes().get(0).message()).isEqualTo("no row r in the baseline");
        assertThat(other.note()).isEqualTo("1 comparison(s) without a baseline row");
    }

    @Test
    void aRowMeasuredDifferentlyIsNotComparedButRunsMayDiffer() {
        RowParams p = TestRows.params("index", 100_000, 1, 64, IndexKind.REFERENCE);
        RowResult before = new RowResult("r", p.toBuilder().keySize(32).runs(5).build(), Map.of(HEAP, 1.0),
                Map.of(), 5);
        RegressionOutcome o = one(row("r", 2 * MIB, 0, 1), before, rule(0.05, null));
        assertThat(o.status()).isEqualTo(NO_BASELINE);
        assertThat(o.message()).isEqualTo("the baseline row was measured differently (keySize 32B -> 64B)");
        RowResult sameButRuns = new RowResult("r", p.toBuilder().runs(5).build(),
                Map.of(HEAP, 2 * MIB), Map.of(), 5);
        assertThat(one(row("r", 2 * MIB, 0, 1), sameButRuns, rule(0.05, null)).status()).isEqualTo(WITHIN);
    }

    @Test
    void anUnmeasuredMetricFailsAtTheRulesLevel() {
        RowResult noRss = row("r", 1, 0, 1);
        RegressionRule rss = new RegressionRule(Metric.PROCESS_RSS, RowSelector.ALL, 0.05, null, BudgetLevel.ERROR,
                null);
        RegressionOutcome o = one(noRss, noRss, rss);
        assertThat(o.status()).isEqualTo(UNAVAILABLE);
        assertThat(o.failsRun()).isTrue();
        assertThat(o.message()).isEqualTo("this run could not measure process.rss");
    }

    @Test
    void rulesRefuseNonsense() {
        assertThatThrownBy(() -> rule(null, null)).hasMessageContaining("needs maxIncrease or maxIncreaseBytes");
        assertThatThrownBy(() -> rule(-0.1, null)).hasMessageContaining("not negative");
        assertThatThrownBy(() -> new RegressionRule(Metric.MODEL_C1, RowSelector.ALL, 0.1, null, BudgetLevel.ERROR,
                null)).hasMessageContaining("row metrics");
    }
}
