package io.memstore.measure.budget;

import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.model.Weighting;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.spec.IndexKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BudgetJudgeTest {
    private static final RowResult SMALL = new RowResult("index/keys=100K", TestRows.params("index", 100_000, 1, 64,
            IndexKind.BTREE), Map.of("index.liveHeap", 20e6, "process.rss", 80e6), Map.of(), 1);
    private static final RowResult BIG = new RowResult("index/keys=1M", TestRows.params("index", 1_000_000, 1, 64,
            IndexKind.BTREE), Map.of("index.liveHeap", 200e6), Map.of(), 1);
    private static final RowResult STORE = new RowResult("store/keys=100K", TestRows.params("store", 100_000, 1, 64,
            IndexKind.BTREE), Map.of("process.rss", 150e6), Map.of(), 1);
    private static final List<RowResult> ROWS = List.of(SMALL, BIG, STORE);
    private static final ModelFit FIT = new ModelFit(IndexKind.BTREE, 8, Weighting.RELATIVE, 110.5, Double.NaN,
            0.04, List.of(), "every fitted row has versions=1: c2 undetermined");

    @Test
    void oneOutcomePerMatchingRowWithHeadroomAgainstMax() {
        BudgetRule rule = BudgetRule.max(Metric.INDEX_LIVE_HEAP, 100e6).withRows(RowSelector.workload("index"));

        List<BudgetOutcome> outcomes = BudgetJudge.judge(ROWS, FIT, List.of(rule));

        assertThat(outcomes).extracting(BudgetOutcome::row).containsExactly("index/keys=100K", "index/keys=1M");
        BudgetOutcome small = outcomes.get(0);
        assertThat(small.passed()).isTrue();
        assertThat(small.actual()).isEqualTo(20e6);
        assertThat(small.headroom()).isEqualTo(80e6);
        assertThat(small.max()).isEqualTo(100e6);
        assertThat(small.min()).isNull();
        assertThat(small.message()).isEqualTo("within budget");
        BudgetOutcome big = outcomes.get(1);
        assertThat(big.passed()).isFalse();
        assertThat(big.headroom()).isEqualTo(-100e6);
        assertThat(big.message()).isEqualTo("above max");
        assertThat(big.failsRun()).isTrue();
        assertThat(BudgetJudge.passed(outcomes)).isFalse();
    }

    @Test
    void minBoundsMeasureHeadroomUpwardsAndBothBoundsUseTheNearer() {
        BudgetRule min = BudgetRule.min(Metric.INDEX_LIVE_HEAP, 50e6).withMessage("suspiciously small index");
        List<BudgetOutcome> outcomes = BudgetJudge.judge(List.of(SMALL, BIG), FIT, List.of(min));
        assertThat(outcomes.get(0).passed()).isFalse();
        assertThat(outcomes.get(0).headroom()).isEqualTo(-30e6);
        assertThat(outcomes.get(0).message()).isEqualTo("suspiciously small index");
        assertThat(outcomes.get(1).passed()).isTrue();
        assertThat(outcomes.get(1).headroom()).isEqualTo(150e6);

        BudgetRule both = new BudgetRule(Metric.INDEX_LIVE_HEAP, RowSelector.ALL, 210e6, 10e6, BudgetLevel.ERROR, null);
        List<BudgetOutcome> o2 = BudgetJudge.judge(List.of(SMALL, BIG), FIT, List.of(both));
        assertThat(o2).extracting(BudgetOutcome::headroom).containsExactly(10e6, 10e6);
        assertThat(o2).allMatch(BudgetOutcome::passed);
        // The bounds are inclusive.
        BudgetRule exact = BudgetRule.max(Metric.INDEX_LIVE_HEAP, 200e6).withRows(RowSelector.named("index/keys=1M"));
        assertThat(BudgetJudge.judge(ROWS, FIT, List.of(exact)).get(0).passed()).isTrue();
    }

    @Test
    void aMissingMetricFailsAtTheRulesLevelAndNeverPassesSilently() {
        BudgetRule error = BudgetRule.max(Metric.PROCESS_RSS, 1e9);
        List<BudgetOutcome> outcomes = BudgetJudge.judge(ROWS, FIT, List.of(error));

        BudgetOutcome missing = outcomes.get(1);
        assertThat(missing.row()).isEqualTo("index/keys=1M");
        assertThat(missing.passed()).isFalse();
        assertThat(missing.actual()).isNull();
        assertThat(missing.headroom()).isNull();
        assertThat(missing.message()).isEqualTo("metric unavailable on this platform");
        assertThat(BudgetJudge.passed(outcomes)).isFalse();

        List<BudgetOutcome> warned = BudgetJudge.judge(ROWS, FIT, List.of(error.withLevel(BudgetLevel.WARN)));
        assertThat(warned.get(1).passed()).isFalse();
        assertThat(warned.get(1).level()).isEqualTo(BudgetLevel.WARN);
        assertThat(BudgetJudge.passed(warned)).isTrue();
    }

    @Test
    void aRuleMatchingNoRowIsReportedAsFailing() {
        BudgetRule rule = BudgetRule.max(Metric.INDEX_LIVE_HEAP, 1e9).withRows(RowSelector.workload("missing"));

        List<BudgetOutcome> outcomes = BudgetJudge.judge(ROWS, FIT, List.of(rule));

        assertThat(outcomes).singleElement().satisfies(o -> {
            assertThat(o.row()).isEqualTo("(none)");
            assertThat(o.passed()).isFalse();
            assertThat(o.message()).isEqualTo("no row matches workload=missing");
            assertThat(o.failsRun()).isTrue();
        });
        assertThat(BudgetJudge.judge(List.of(), FIT, List.of(BudgetRule.max(Metric.PROCESS_RSS, 1))))
                .extracting(BudgetOutcome::row).containsExactly("(none)");
    }

    @Test
    void modelRulesJudgeTheFitOnceAndUndeterminedCoefficientsAreNotJudged() {
        List<BudgetRule> rules = List.of(
                BudgetRule.max(Metric.MODEL_C1, 120).withRows(RowSelector.workload("ignored for model rules")),
                BudgetRule.max(Metric.MODEL_C2, 40),
                BudgetRule.max(Metric.MODEL_RELATIVE_RMS_ERROR, 0.03).withLevel(BudgetLevel.WARN));

        List<BudgetOutcome> outcomes = BudgetJudge.judge(ROWS, FIT, rules);

        assertThat(outcomes).extracting(BudgetOutcome::row).containsOnly("(model)").hasSize(3);
        assertThat(outcomes.get(0).passed()).isTrue();
        assertThat(outcomes.get(0).headroom()).isEqualTo(9.5);
        assertThat(outcomes.get(1).judged()).isFalse();
        assertThat(outcomes.get(1).passed()).isFalse();
        assertThat(outcomes.get(1).failsRun()).isFalse();
        assertThat(outcomes.get(1).actual()).isNull();
        assertThat(outcomes.get(1).message()).startsWith("not judged: the model is undetermined: every fitted row");
        assertThat(outcomes.get(2).judged()).isTrue();
        assertThat(outcomes.get(2).passed()).isFalse();
        assertThat(outcomes.get(2).actual()).isEqualTo(0.04);
        assertThat(BudgetJudge.passed(outcomes)).isTrue();

        List<BudgetOutcome> noModel = BudgetJudge.judge(ROWS, null, List.of(BudgetRule.max(Metric.MODEL_C1, 1)));
        assertThat(noModel.get(0).judged()).isFalse();
        assertThat(noModel.get(0).failsRun()).isFalse();
        assertThat(noModel.get(0).message()).isEqualTo("not judged: no model was fitted");
    }

    @Test
    void outcomesFollowRuleOrderThenRowOrder() {
        List<BudgetRule> rules = List.of(BudgetRule.max(Metric.PROCESS_RSS, 1e9).withRows(RowSelector.workload("store")),
                BudgetRule.max(Metric.INDEX_LIVE_HEAP, 1e9).withRows(RowSelector.workload("index")));
        assertThat(BudgetJudge.judge(ROWS, FIT, rules)).extracting(o -> o.metric().metricName() + "@" + o.row())
                .containsExactly("process.rss@store/keys=100K", "index.liveHeap@index/keys=100K",
                        "index.liveHeap@index/keys=1M");
    }

    @Test
    void rulesRejectNonsense() {
        assertThatThrownBy(() -> new BudgetRule(Metric.PROCESS_RSS, RowSelector.ALL, null, null, BudgetLevel.ERROR, null))
                .hasMessageContaining("needs a max or a min");
        assertThatThrownBy(() -> new BudgetRule(Metric.PROCESS_RSS, RowSelector.ALL, 1.0, 2.0, BudgetLevel.ERROR, null))
                .hasMessageContaining("min 2.0 is above max 1.0");
        assertThatThrownBy(() -> BudgetRule.max(Metric.PROCESS_RSS, Double.NaN)).hasMessageContaining("finite");
        assertThatThrownBy(() -> new BudgetOutcome(Metric.PROCESS_RSS, "r", 1.0, null, null, null, true,
                BudgetLevel.ERROR, "m")).hasMessageContaining("cannot pass");
    }

    @Test
    void describeNamesRowMetricValuesWithUnitsAndMessage() {
        BudgetOutcome over = BudgetJudge.judge(List.of(BIG), FIT, List.of(BudgetRule.max(Metric.INDEX_LIVE_HEAP,
                128 * 1024 * 1024).withMessage("index too big"))).get(0);
        assertThat(over.describe()).isEqualTo(
                "index/keys=1M, index.liveHeap, actual 190.7 MiB, max 128.0 MiB, headroom -62.7 MiB: index too big");

        BudgetOutcome missing = BudgetJudge.judge(List.of(BIG), FIT, List.of(new BudgetRule(Metric.PROCESS_RSS,
                RowSelector.ALL, 2e9, 1e6, BudgetLevel.WARN, null))).get(0);
        assertThat(missing.describe()).isEqualTo(
                "index/keys=1M, process.rss, actual n/a, min 976.6 KiB, max 1.9 GiB: metric unavailable on this platform");

        BudgetOutcome model = BudgetJudge.judge(ROWS, FIT, List.of(BudgetRule.max(Metric.MODEL_RELATIVE_RMS_ERROR,
                0.05))).get(0);
        assertThat(model.describe()).isEqualTo(
                "(model), model.relativeRmsError, actual 0.0400, max 0.0500, headroom 0.0100: within budget");

        RowResult timed = new RowResult("t", SMALL.params(), Map.of("load.seconds", 2.5, "get.opsPerSecond", 5e5),
                Map.of(), 1);
        assertThat(BudgetJudge.judge(List.of(timed), FIT, List.of(BudgetRule.max(Metric.LOAD_SECONDS, 3),
                BudgetRule.min(Metric.GET_OPS_PER_SECOND, 1e6))))
                .extracting(BudgetOutcome::describe).containsExactly(
                        "t, load.seconds, actual 2.500 s, max 3.000 s, headroom 0.500 s: within budget",
                        "t, get.opsPerSecond, actual 500,000 ops/s, min 1,000,000 ops/s, headroom -500,000 ops/s: below min");
    }
}
