package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.Verdict;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A scaled run judges only bounds that hold at any size; a model with nothing to fit is not judged. */
class ScaledBudgetsTest {
    private static final String SPEC = "version: 1\nname: s\nworkloads:\n"
            + "  - {name: index, keys: [100K, 1M], store: none}\n"
            + "budgets:\n"
            + "  - {metric: index.liveHeap, max: 1MB, where: {keys: 1M}}\n"
            + "  - {metric: process.rss, max: 1MB, level: warn}\n"
            + "  - {metric: index.bytesPerKey, max: 50B}\n"
            + "  - {metric: model.relativeRmsError, max: 0.05}\n";

    /** Rows as a probe would report them: 120 B per key of live heap, 200 MB RSS. */
    private static List<RowResult> measured(List<Row> rows) {
        List<RowResult> out = new ArrayList<>();
        for (Row r : rows) {
            double keys = r.params().keys();
            out.add(new RowResult(r.name(), r.params(), Map.of("index.liveHeap", 120 * keys, "index.bytesPerKey",
                    120.0, "process.rss", 200e6), Map.of(), 1));
        }
        return out;
    }

    private static RunResult judge(double scale, String only) throws Exception {
        return judge(SPEC, scale, only, RunnerOptions.of(List.of(Path.of("."))));
    }

    private static RunResult judge(String text, double scale, String only, RunnerOptions runner) throws Exception {
        WorkloadSpec spec = SpecLoader.load(text, "s.yaml");
        CheckRequest request = new CheckRequest(null, Path.of("out"), only, scale, runner);
        WorkloadSpec scaled = Check.scaled(spec, request);
        List<Row> rows = Check.selectRows(scaled, request);
        return Check.judge(scaled, request, rows, measured(rows));
    }

    @Test
    void atScaleOneEveryBoundIsJudged() throws Exception {
        RunResult r = judge(1.0, null);
        assertThat(r.budgets()).allMatch(BudgetOutcome::judged);
        assertThat(r.passed()).isFalse(); // 120 MB for 1M keys breaks the 1 MB bound; so does 120 B per key
    }

    @Test
    void aScaledRunListsEveryBoundTheScaleChangesAsNotJudgedBoundsPerKeyIncluded() throws Exception {
        RunResult r = judge(0.01, null);
        List<BudgetOutcome> heap = r.budgets().stream().filter(o -> o.metric().metricName().equals("index.liveHeap"))
                .toList();
        // the 1M bound's where was scaled with the rows: it selects the 10K row, and does not judge it
        assertThat(heap).singleElement().satisfies(o -> {
            assertThat(o.row()).isEqualTo("index/keys=10K");
            assertThat(o.judged()).isFalse();
            assertThat(o.failsRun()).isFalse();
            assertThat(o.actual()).isEqualTo(1.2e6);
            assertThat(o.message()).startsWith("not judged at this scale: memstore.scale=0.01 resized the rows");
        });
        assertThat(r.budgets().stream().filter(o -> o.metric().metricName().equals("process.rss")))
                .hasSize(2).noneMatch(BudgetOutcome::judged);
        // at a tenth or a hundredth of the keys, each key carries more of the index's fixed overhead: a bound per
        // key that the full-size run passes could fail here, so it is not judged either
        assertThat(r.budgets().stream().filter(o -> o.metric().metricName().equals("index.bytesPerKey")))
                .hasSize(2).allMatch(o -> !o.judged() && !o.failsRun() && o.actual() == 120.0);
        // and so is the model's, fitted to the resized rows
        assertThat(r.budgets()).filteredOn(o -> o.metric().isModel()).singleElement()
                .satisfies(o -> assertThat(o.message()).startsWith("not judged at this scale"));
        assertThat(r.budgets()).noneMatch(BudgetOutcome::judged);
        assertThat(r.passed()).isTrue();
        Verdict v = Verdict.of(r);
        assertThat(v.notJudged()).isEqualTo(6);
        assertThat(v.line()).endsWith(", 6 not judged");
    }

    @Test
    void aScaledRunJudgesTheJvmsBaselineRssOnlyWhenItsProbesSettled() throws Exception {
        String spec = "version: 1\nname: s\nworkloads:\n  - {name: index, keys: [100K], store: none}\n"
                + "budgets:\n  - {metric: jvm.baselineRss, max: 1MB}\n";
        RunnerOptions settled = RunnerOptions.of(List.of(Path.of(".")));
        assertThat(judge(spec, 0.01, null, settled).budgets()).singleElement()
                .satisfies(o -> assertThat(o.judged()).isTrue());
        RunResult quick = judge(spec, 0.01, null, QuickLook.of(0.01, null, null).apply(settled));
        assertThat(quick.budgets()).singleElement().satisfies(o -> {
            assertThat(o.judged()).isFalse();
            assertThat(o.message()).isEqualTo(Check.NOT_JUDGED_UNSETTLED);
        });
        // a full-size run told to skip the settle is judged as it asked
        assertThat(judge(spec, 1.0, null, QuickLook.of(0.01, null, null).apply(settled)).budgets()).singleElement()
                .satisfies(o -> assertThat(o.judged()).isTrue());
    }

    @Test
    void aScaledRunAgainstAFullSizeBaselineSaysOnceThatItComparedNothing() throws Exception {
        String text = "version: 1\nname: s\nworkloads:\n  - {name: index, keys: [100K, 1M], store: none}\n"
                + "budgets:\n  - {metric: index.liveHeap, maxIncrease: 0.02}\n";
        WorkloadSpec spec = SpecLoader.load(text, "s.yaml");
        RunnerOptions runner = RunnerOptions.of(List.of(Path.of(".")));
        CheckRequest full = new CheckRequest(null, Path.of("out"), null, 1.0, runner);
        List<Row> fullRows = Check.selectRows(spec, full);
        RunResult baselineRun = Check.judge(spec, full, fullRows, measured(fullRows));
        BaselineFile baseline = new BaselineFile(Path.of("baseline.json"), baselineRun);

        CheckRequest quick = new CheckRequest(null, Path.of("out"), null, 0.01, runner);
        WorkloadSpec scaled = Check.scaled(spec, quick);
        List<Row> rows = Check.selectRows(scaled, quick);
        RunResult r = Check.compare(scaled, quick, rows, Check.judge(scaled, quick, rows, measured(rows)), baseline);
        assertThat(r.baseline().outcomes()).isEmpty();
        assertThat(r.baseline().note()).isEqualTo(Check.notComparedAtScale(0.01));
        assertThat(r.passed()).isTrue();
        assertThat(Verdict.of(r).warned()).isZero();

        // a baseline of the same scale holds the rows: they are compared as at full size
        BaselineFile scaledBaseline = new BaselineFile(Path.of("baseline.json"),
                Check.judge(scaled, quick, rows, measured(rows)));
        RunResult again = Check.compare(scaled, quick, rows, Check.judge(scaled, quick, rows, measured(rows)),
                scaledBaseline);
        assertThat(again.baseline().outcomes()).hasSize(2).allMatch(o -> o.passed());
        // and at full size a baseline without the run's rows still warns per row, as before
        RunResult renamed = Check.compare(spec, full, fullRows, Check.judge(spec, full, fullRows,
                measured(fullRows)), new BaselineFile(Path.of("b.json"), Check.judge(scaled, quick, rows,
                measured(rows))));
        assertThat(renamed.baseline().outcomes()).hasSize(2).noneMatch(o -> o.passed());
    }

    @Test
    void aModelBudgetWithNoRowToFitIsNotJudgedAndDoesNotFailTheBuild() throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nname: m\nworkloads:\n"
                + "  - {name: index, keys: [100K], store: none}\n"
                + "  - {name: churn, keys: [1K], store: none, deletes: 0.5}\n"
                + "budgets:\n  - {metric: model.relativeRmsError, max: 0.05}\n", "m.yaml");
        for (String only : List.of("churn/*", "index/*")) {
            CheckRequest request = new CheckRequest(null, Path.of("out"), only, 1.0,
                    RunnerOptions.of(List.of(Path.of("."))));
            List<Row> rows = Check.selectRows(spec, request);
            RunResult r = Check.judge(spec, request, rows, measured(rows));
            assertThat(r.budgets()).singleElement().satisfies(o -> {
                assertThat(o.judged()).isFalse();
                assertThat(o.message()).startsWith("not judged: the model is undetermined: ")
                        .contains(only.equals("churn/*") ? "no btree row to fit" : "undetermined: 1 distinct row(s)");
            });
            assertThat(r.passed()).as(only).isTrue();
            assertThat(r.model().relativeRmsError()).isNaN();
        }
    }
}
