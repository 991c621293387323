package io.memstore.measure.plan;

import io.memstore.measure.result.AtomicFiles;
import io.memstore.measure.json.JsonWriter;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code plan.json}, bytes throughout:
 * <pre>
 * {"schemaVersion": 1, "spec": {"name", "file"},
 *  "scenarios": [{"name", "params": {"keys", "versions", "keySize", "valueSize", "keyPattern", "store", "index",
 *                 "system"},
 *                 "machineMemory", "predicted": {"index.liveHeap", "process.rss"}, "low": {...}, "high": {...},
 *                 "recommended": {"xmx", "containerLimit", "maxDirectMemory", "peakRssHigh"}, "fits", "model": i}],
 *  "model": {"rules": {...}, "fits": [{"source", "layout", "formula", "c0", "c1", "c2", "cval", "relativeRmsError",
 *            "looError", "runSpread", "undetermined", "rows",
 *            "rss": {"baselineRss", "baselineLow", "baselineHigh", "growth", "growthLooError", "rows"},
 *            "uncertainty": {"index.liveHeap", "process.rss"}}]},
 *  "calibration": [{"row", "keys", "versions", "index.liveHeap", "process.rss", "jvm.baselineRss"}]}
 * </pre>
 * {@code fits} is null without machineMemory; a scenario's {@code model} indexes {@code model.fits}; an
 * undetermined coefficient, error or flag is null; {@code undetermined} names the terms the rows could not fit
 * and the rows to add.
 */
public final class PlanJson {
    private PlanJson() {
    }

    public static void write(PlanResult result, Path file) throws IOException {
        AtomicFiles.write(file, toJson(result));
    }

    /**
     * An etcd RSS fit: c2 per retained revision, cr per raft entry, cd per compacted revision, cw per watcher, cl
     * per lease (B).
     */
    private static Map<String, Object> etcdFit(EtcdRssModel model) {
        HeapModel e = model.fit();
        Map<String, Object> etcd = new LinkedHashMap<>();
        etcd.put("c0", finite(e.c0()));
        etcd.put("c1", finite(e.c1()));
        etcd.put("c2", finite(e.c2()));
        etcd.put("cr", finite(e.cr()));
        etcd.put("cd", finite(e.cd()));
        etcd.put("cw", finite(e.cw()));
        etcd.put("cl", finite(e.cl()));
        etcd.put("cval", finite(e.cval()));
        etcd.put("relativeRmsError", finite(e.relativeRmsError()));
        etcd.put("looError", finite(e.looError()));
        etcd.put("runSpread", model.spread());
        etcd.put("ranOnce", model.onceRun());
        etcd.put("extrapolation", model.extrapolation());
        etcd.put("uncertainty", model.uncertainty());
        etcd.put("undetermined", e.undetermined());
        return etcd;
    }

    public static String toJson(PlanResult r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schemaVersion", PlanResult.SCHEMA_VERSION);
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("name", r.specName());
        spec.put("file", r.specFile());
        root.put("spec", spec);
        List<ScenarioModel> models = new ArrayList<>();
        List<Object> scenarios = new ArrayList<>();
        for (Prediction p : r.predictions()) {
            int index = models.indexOf(p.model());
            if (index < 0) {
                models.add(p.model());
                index = models.size() - 1;
            }
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("name", p.scenario().name());
            s.put("params", params(p.scenario().params()));
            s.put("machineMemory", p.scenario().machineMemory());
            s.put("predicted", pair(p.liveHeap(), p.rss()));
            s.put("low", pair(p.liveHeapLow(), p.rssLow()));
            s.put("high", pair(p.liveHeapHigh(), p.rssHigh()));
            Map<String, Object> rec = new LinkedHashMap<>();
            rec.put("xmx", p.xmx());
            rec.put("containerLimit", p.containerLimit());
            rec.put("maxDirectMemory", p.maxDirectMemory() == 0 ? null : p.maxDirectMemory());
            rec.put("peakRssHigh", Double.isNaN(p.peakHigh()) ? null : Math.round(p.peakHigh()));
            s.put("recommended", rec);
            if (p.model().etcdRestart() != null) {
                Map<String, Object> restart = new LinkedHashMap<>();
                restart.put("predicted", Math.round(p.restartRss()));
                restart.put("low", Math.round(p.restartRssLow()));
                restart.put("high", Math.round(p.restartRssHigh()));
                s.put("restartRss", restart);
                s.put("sizedFor", p.sizedForRestart() ? "restart" : "load");
            }
            s.put("fits", p.scenario().machineMemory() == null ? null : !p.exceedsMachine());
            s.put("model", index);
            scenarios.add(s);
        }
        root.put("scenarios", scenarios);
        Map<String, Object> model = new LinkedHashMap<>();
        Map<String, Object> rules = new LinkedHashMap<>();
        rules.put("band", PlanRules.BAND_RULE);
        String live = "(liveHeap + " + RssModel.JVM_LIVE_HEAP_MIB + " MiB)";
        rules.put("rssBand", "baseline and growth of the calibration rows at their extremes (a growth fitted to the"
                + " rows: its band), old = k * " + live + " with k from " + RssModel.kRange() + " at calibration and"
                + " at the planned size, the heap band");
        rules.put("rss", "baselineRss + growth + old + min(" + RssModel.youngCapText() + ", old / 2), old = "
                + RssModel.kMidText() + " * " + live);
        rules.put("xmx", "ceilMiB(" + PlanRules.HEAP_HEADROOM + " * high index.liveHeap + 64 MiB)");
        rules.put("maxDirectMemory", "ceilMiB(" + PlanRules.HEAP_HEADROOM + " * high growth outside the heap),"
                + " where it grows with the data");
        rules.put("containerLimit", "ceilMiB(" + PlanRules.CONTAINER_MARGIN + " * max(high process.rss, high"
                + " process.peakRss, xmx + maxDirectMemory + baselineRss)); etcd: ceilMiB("
                + PlanRules.CONTAINER_MARGIN + " * the higher peak of load and restart); never below "
                + PlanRules.CONTAINER_MARGIN + " * the calibration rows' largest RSS");
        rules.put("fails", "predicted process.rss > machineMemory");
        model.put("rules", rules);
        List<Object> fits = new ArrayList<>();
        for (ScenarioModel m : models) {
            Map<String, Object> f = new LinkedHashMap<>();
            HeapModel h = m.heap();
            f.put("source", m.source());
            f.put("layout", h.layout().specName());
            f.put("formula", h.layout().formula());
            f.put("c0", finite(h.c0()));
            f.put("c1", finite(h.c1()));
            f.put("c2", finite(h.c2()));
            f.put("cval", finite(h.cval()));
            f.put("relativeRmsError", finite(h.relativeRmsError()));
            f.put("looError", finite(h.looError()));
            f.put("runSpread", m.heapSpread());
            f.put("undetermined", h.undetermined());
            f.put("rows", h.rows());
            Map<String, Object> rss = new LinkedHashMap<>();
            rss.put("baselineRss", Math.round(m.rss().baselineRss()));
            rss.put("baselineLow", Math.round(m.rss().baselineLow()));
            rss.put("baselineHigh", Math.round(m.rss().baselineHigh()));
            rss.put("growth", m.rss().describeGrowth());
            rss.put("growthLooError", finite(m.rss().offHeap().looError()));
            rss.put("rows", m.rss().rows());
            f.put("rss", rss);
            f.put("cr", finite(h.cr()));
            if (m.etcdRss() != null) {
                f.put("etcdRss", etcdFit(m.etcdRss()));
            }
            if (m.etcdRestart() != null) {
                f.put("etcdRestartRss", etcdFit(m.etcdRestart()));
            }
            f.put("uncertainty", pairRatio(m.heapUncertainty(), m.rssUncertainty()));
            fits.add(f);
        }
        model.put("fits", fits);
        root.put("model", model);
        List<Object> calibration = new ArrayList<>();
        for (RowResult row : r.calibrationRows()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("row", row.name());
            c.put("keys", row.params().keys());
            c.put("versions", row.params().versions());
            for (Metric metric : List.of(Metric.INDEX_LIVE_HEAP, Metric.PROCESS_RSS, Metric.JVM_BASELINE_RSS)) {
                c.put(metric.metricName(), row.metric(metric).isPresent()
                        ? (Object) Math.round(row.metric(metric).getAsDouble()) : null);
            }
            calibration.add(c);
        }
        root.put("calibration", calibration);
        return JsonWriter.write(root);
    }

    private static Map<String, Object> params(RowParams p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("keys", p.keys());
        m.put("versions", p.versions());
        m.put("keySize", p.keySize());
        m.put("valueSize", p.valueSize());
        m.put("valueSizeMax", p.valueSizeMax());
        m.put("keyPattern", p.keyPattern().specName());
        m.put("store", p.store().specName());
        m.put("index", p.index().specName());
        m.put("system", p.system().specName());
        m.put("snapshotCount", p.snapshotCount());
        return m;
    }

    private static Map<String, Object> pair(double heap, double rss) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Metric.INDEX_LIVE_HEAP.metricName(), Math.round(heap));
        m.put(Metric.PROCESS_RSS.metricName(), Math.round(rss));
        return m;
    }

    private static Map<String, Object> pairRatio(double heap, double rss) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Metric.INDEX_LIVE_HEAP.metricName(), heap);
        m.put(Metric.PROCESS_RSS.metricName(), rss);
        return m;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
