package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Budget;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The built-in spec's RSS budgets judge what a row adds to its JVM, so the JVM's own baseline (above etcd's
 * smallest RSS figure, 40 MB) does not breach them on every run; a row that does grow past etcd's figure does.
 */
class DefaultSpecRssBudgetTest {
    private static final double MIB = 1024 * 1024;

    private static List<BudgetOutcome> judge(Row row, Budget budget, double baselineRss, double rss) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put(Metric.JVM_BASELINE_RSS.metricName(), baselineRss);
        metrics.put(Metric.PROCESS_RSS.metricName(), rss);
        metrics.put(Metric.PROCESS_RSS_GROWTH.metricName(), rss - baselineRss);
        RowResult result = new RowResult(row.name(), row.params(), metrics, Map.of(), 1);
        return BudgetJudge.judge(List.of(result), null, List.of(BudgetRules.from(budget)));
    }

    @Test
    void aJvmBaselineAboveEtcdsFigureDoesNotBreachTheBudgetItsGrowthDoes() throws Exception {
        WorkloadSpec spec = SpecLoader.loadDefault();
        Row row = spec.rows().stream().filter(r -> r.name().equals("overall/keys=100K,versions=1")).findFirst()
                .orElseThrow();
        Budget budget = spec.budgetsFor(row).get(0);
        // a JVM of 56.5 MiB before the load, 67.5 MiB after: etcd's whole process took 40 MB = 38.1 MiB
        BudgetOutcome quiet = judge(row, budget, 56.5 * MIB, 67.5 * MIB).get(0);
        assertThat(quiet.passed()).as(quiet.describe()).isTrue();
        assertThat(quiet.actual()).isEqualTo(11 * MIB);
        // the same JVM growing by 40 MiB breaches it
        BudgetOutcome grown = judge(row, budget, 56.5 * MIB, 96.5 * MIB).get(0);
        assertThat(grown.passed()).isFalse();
        assertThat(grown.warns()).isTrue();
    }
}
