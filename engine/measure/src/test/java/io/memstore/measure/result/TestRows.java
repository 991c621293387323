package io.memstore.measure.result;

import io.memstore.measure.spec.Units;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.probe.NativeAccount;
import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.budget.BudgetRule;
import io.memstore.measure.budget.RowSelector;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Rows and runs for tests of the result, model and budget packages. */
public final class TestRows {
    private TestRows() {
    }

    public static RowParams params(String workload, long keys, int versions, int keySize, IndexKind index) {
        return RowParams.builder(workload).keys(keys).versions(versions).keySize(keySize).store(StoreKind.NONE)
                .index(index).build();
    }

    /** The row name in the layout of etcd's benchmark tables, like {@code index/keys=1M,versions=5,keySize=64B}. */
    public static String name(String workload, long keys, int versions, int keySize) {
        return workload + "/keys=" + Units.count(keys) + ",versions=" + versions + ",keySize=" + keySize + "B";
    }

    /** An index-only btree row with just index.liveHeap. */
    public static RowResult heapRow(long keys, int versions, int keySize, double liveHeap) {
        return heapRow(keys, versions, keySize, liveHeap, IndexKind.BTREE);
    }

    public static RowResult heapRow(long keys, int versions, int keySize, double liveHeap, IndexKind index) {
        return new RowResult(name("index", keys, versions, keySize) + (index == IndexKind.BTREE ? "" : ",ref"),
                params("index", keys, versions, keySize, index),
                Map.of(Metric.INDEX_LIVE_HEAP.metricName(), liveHeap), Map.of(), 1);
    }

    public static Map<String, Double> metrics(Object... nameValue) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            m.put((String) nameValue[i], nameValue[i + 1] == null ? null : ((Number) nameValue[i + 1]).doubleValue());
        }
        return m;
    }

    /** A complete run: two workloads, a fitted model, passing and failing budgets, awkward strings. */
    public static RunResult sampleRun() {
        RowResult small = new RowResult("index/keys=100K,versions=1,keySize=64B",
                params("index", 100_000, 1, 64, IndexKind.BTREE),
                metrics("index.liveHeap", 18_350_080, "index.allocated", 73_400_320.0, "index.bytesPerKey", 183.5008,
                        "process.rss", 80_000_000, "process.peakRss", 96_468_992, "jvm.baselineRss", 36_000_000,
                        "store.fileSize", 0, "load.seconds", 0.125, "load.putsPerSecond", 800_000.0,
                        "get.opsPerSecond", 1_234_567.5),
                metrics("index.liveHeap", 4096, "load.seconds", 0.0125), 3);
        RowResult big = new RowResult("index/keys=1M,versions=5,keySize=64B",
                params("index", 1_000_000, 5, 64, IndexKind.BTREE),
                metrics("index.liveHeap", 310_000_000, "process.rss", 512_000_000, "process.peakRss", 600_000_000),
                metrics("index.liveHeap", 0), 3);
        RowResult middle = new RowResult("index/keys=1M,versions=1,keySize=64B",
                params("index", 1_000_000, 1, 64, IndexKind.BTREE),
                metrics("index.liveHeap", 190_000_000.5), Map.of(), 1);
        RowParams storeParams = RowParams.builder("store, \"quoted\"").keys(100_000).versions(5).valueSize(1024)
                .keyPattern(KeyPattern.HIERARCHICAL).seed(42).deletes(0.25).compact(true).build();
        RowResult store = new RowResult("store/keys=100K,valueSize=1KiB|x\u2028y", storeParams,
                metrics("process.rss", 150_000_000, "store.fileSize", 140_000_000, "load.seconds", 2.5), Map.of(), 1,
                List.of("settle skipped, \"quoted\"", "gets/s over 2K gets"));
        List<RowResult> rows = List.of(small, big, middle, store);
        ModelFit fit = new MemoryModel().fit(rows, IndexKind.BTREE);
        List<BudgetRule> rules = List.of(
                BudgetRule.max(Metric.INDEX_LIVE_HEAP, 350_000_000).withRows(RowSelector.workload("index")),
                BudgetRule.max(Metric.PROCESS_RSS, 100 * 1024 * 1024).withMessage("RSS over 100 MiB")
                        .withLevel(BudgetLevel.WARN),
                BudgetRule.max(Metric.PROCESS_RSS_ANON, 1e9).withRows(RowSelector.named(small.name())),
                BudgetRule.max(Metric.MODEL_RELATIVE_RMS_ERROR, 0.5));
        return new RunResult("sample \"spec\"", "memstore.yaml",
                new Environment("17.0.15+6 (Debian)", List.of("-XX:+UseSerialGC", "-Xmx1g", "-Dtab=\t"),
                        "Linux 6.1 amd64", 2),
                rows, fit, BudgetJudge.judge(rows, fit, rules));
    }

    /**
     * Two rows of a project's target classes with class and native accounts, as a map and a map that also keeps a
     * copy of every key: 20K keys, the copying one failing a per-key budget of 260 B.
     */
    public static RunResult accountedRun() {
        RowResult map = accountedRow("com.example.store.MapStore", 0);
        RowResult copying = accountedRow("com.example.store.KeyCopyingMapStore", 80);
        List<RowResult> rows = List.of(map, copying);
        List<BudgetRule> rules = List.of(BudgetRule.max(Metric.INDEX_BYTES_PER_KEY, 260)
                .withMessage("a key costs more than 260 B"));
        return new RunResult("own-target", "src/memstore/workload.yaml",
                new Environment("17.0.15+6 (Debian)", List.of("-XX:+UseSerialGC"), "Linux 6.1 amd64", 2),
                rows, null, BudgetJudge.judge(rows, null, rules));
    }

    /** A class target's row of 20K keys whose byte[] line holds {@code extraArrayBytes} more per key. */
    public static RowResult accountedRow(String system, int extraArrayBytes) {
        long keys = 20_000;
        long arrays = (128L + extraArrayBytes) * keys;
        List<ClassAccount.Line> lines = List.of(new ClassAccount.Line("byte[]", arrays, 2 * keys),
                new ClassAccount.Line("java.nio.HeapByteBuffer", 48 * keys, keys),
                new ClassAccount.Line("java.util.HashMap$Node", 32 * keys, keys),
                new ClassAccount.Line("com.example.<b>Odd|Name</b>", 4 * keys, keys));
        ClassAccount classes = new ClassAccount(keys, lines, new ClassAccount.Line(ClassAccount.OTHER, 131_072, 12),
                40, arrays + 84 * keys + 131_072, 5 * keys + 12);
        long live = classes.totalBytes() + 1000;
        NativeAccount natives = new NativeAccount(List.of(new NativeAccount.Category("Java Heap", 16 << 20, 24 << 20),
                new NativeAccount.Category("Class", 1 << 20, 1 << 20),
                new NativeAccount.Category("Other", 10_000, 2_010_000)), 12_000_000L);
        RowParams p = RowParams.builder("own").keys(keys).valueSize(32).store(StoreKind.NONE)
                .system(SystemKind.of(system)).build();
        return new RowResult("own/system=" + system, p, metrics("index.liveHeap", live, "index.bytesPerKey",
                live / (double) keys, "process.rss", 48_000_000 + 12_000_000, "jvm.baselineRss", 48_000_000,
                "process.bytesPerKey", 600.0, "index.overheadPerKey", live / (double) keys - 96),
                Map.of(), 1, new RowAccount(classes, natives, List.of()));
    }
}
