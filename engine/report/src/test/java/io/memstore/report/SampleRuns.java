package io.memstore.report;

import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.BudgetRule;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.result.Environment;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs shaped like the default spec's, made by hand, for the report tests. */
final class SampleRuns {
    private SampleRuns() {
    }

    static RowResult row(String workload, long keys, int versions, int keySize, StoreKind store, int valueSize,
                         Object... metrics) {
        RowParams p = RowParams.builder(workload).keys(keys).versions(versions).keySize(keySize).valueSize(valueSize)
                .store(store).build();
        String name = TestRows.name(workload, keys, versions, keySize) + (store == StoreKind.NONE ? ""
                : ",valueSize=" + valueSize + "B");
        return new RowResult(name, p, TestRows.metrics(metrics), Map.of(), 1);
    }

    /** Index rows of 1K and 10K keys (versions 1 and 5, 64 B keys), and overall rows with 256 B values. */
    static RunResult etcdLike(String specName, String message) {
        List<RowResult> rows = new ArrayList<>();
        for (long keys : new long[] {1_000, 10_000}) {
            for (int v : new int[] {1, 5}) {
                double heap = keys * (100.0 + 64 + v * (20.0 + 8));
                rows.add(row("index", keys, v, 64, StoreKind.NONE, 256, "index.liveHeap", heap,
                        "process.rss", 40e6 + heap, "jvm.baselineRss", 38e6));
            }
        }
        for (long keys : new long[] {1_000, 10_000}) {
            for (int v : new int[] {1, 5}) {
                rows.add(row("overall", keys, v, 64, StoreKind.SQLITE, 256, "index.liveHeap", keys * (100.0 + 64 + v * (20.0 + 8)),
                        "process.rss", 45e6 + keys * v * 500.0, "jvm.baselineRss", 39e6, "store.fileSize",
                        keys * v * 400.0));
            }
        }
        ModelFit fit = new MemoryModel().fit(rows, IndexKind.BTREE);
        List<BudgetRule> rules = List.of(
                BudgetRule.max(Metric.INDEX_LIVE_HEAP, 2e6).withMessage(message),
                BudgetRule.max(Metric.PROCESS_RSS, 46e6).withLevel(BudgetLevel.WARN).withMessage("RSS <warn>"));
        return new RunResult(specName, "src/memstore/workload.yaml",
                new Environment("17.0.15", List.of("-XX:+UseSerialGC", "-Dx=<y>"), "Linux", 2), rows, fit,
                BudgetJudge.judge(rows, fit, rules));
    }
}
