package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;

import java.util.List;

/**
 * Predicts a scenario from measured rows: fit the layout's heap model and the RSS model, then apply {@link PlanRules}.
 * For an etcd scenario the heap is the member's Go heap in use, fitted in the same linear form with the raft log
 * charged apart, and the RSS is fitted in that form on the member's own RSS ({@link EtcdRssModel}), after the
 * load and, when the rows measured one, right after a restart; no -Xmx is recommended (0), and the container limit
 * holds the larger of the two peaks ({@link EtcdRssModel#peak}).
 *
 * <p>Every model must have a row to spare over its coefficients ({@link HeapModel#determined}): a fit through as many
 * rows as it has coefficients has no error to put in a band, and the plan is refused with the rows to add. A plan
 * never recommends a heap or container below what its own calibration rows took: -Xmx at least the rule's for
 * their largest heap, the container limit at least 1.1 times their largest peak RSS, and for a JVM of another
 * system than memstore (whose peak is its heap's, bounded by -Xmx) at least 1.1 times the high end of the rows'
 * peak RSS carried to the scenario ({@link RssModel#fitPeak}).
 */
public final class Planner {
    private Planner() {
    }

    /**
     * @param rows   measured rows; those that do not match the scenario are ignored ({@link Calibration#matching})
     * @param source where the rows came from, for the output
     * @throws IllegalArgumentException when the rows cannot predict the scenario, saying why
     */
    public static Prediction predict(PlanScenario s, List<RowResult> rows, String source) {
        String why = Calibration.insufficient(s, rows);
        if (why != null) {
            throw new IllegalArgumentException("scenario " + s.name() + ": " + why);
        }
        RowParams p = s.params();
        List<RowResult> used = Calibration.matching(s, rows);
        Layout layout = Layout.of(p.index());
        HeapModel heap = HeapModel.fit(layout, used);
        requireDetermined(s, heap, "index.liveHeap");
        List<Double> heapSpreads = new java.util.ArrayList<>();
        for (RowResult r : used) {
            if (r.runs() >= 2) {
                heapSpreads.add(r.spreadOf(Metric.INDEX_LIVE_HEAP).orElse(0)
                        / r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble());
            }
        }
        double heapSpread = PlanRules.pooledSpread(heapSpreads);
        boolean jvm = !p.system().isEtcd();
        long entries = jvm ? 0 : EtcdRaftLog.entriesInMemory(p);
        double uh = PlanRules.band(heap.looError(), heapSpread, heap.extrapolation(p, entries));
        double live = heap.predict(p);
        double liveLow = live * PlanRules.lowFactor(uh);
        double liveHigh = live * (1 + uh);
        // the growth outside the heap is taken from rows at the scenario's versions when there are any
        List<RowResult> sameVersions = used.stream().filter(r -> r.params().versions() == p.versions()).toList();
        List<RowResult> rssRows = sameVersions.size() >= 2 || sameVersions.size() == used.size() ? sameVersions
                : used;
        double rowsPeak = 0;
        double rowsHeap = 0;
        for (RowResult r : used) {
            rowsPeak = Math.max(rowsPeak, Math.max(r.metric(Metric.PROCESS_PEAK_RSS).orElse(0),
                    Math.max(r.metric(Metric.PROCESS_RSS).orElse(0), r.metric(Metric.REOPEN_RSS).orElse(0))));
            rowsHeap = Math.max(rowsHeap, r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble());
        }
        long rowsLimit = PlanRules.ceilMiB(PlanRules.CONTAINER_MARGIN * rowsPeak);
        if (jvm) {
            RssModel rss = RssModel.fit(rssRows);
            double r = rss.predict(p, live);
            double rssLow = rss.low(p, liveLow);
            double rssHigh = rss.high(p, liveHigh);
            long xmx = Math.max(PlanRules.xmx(liveHigh), PlanRules.xmx(rowsHeap));
            long maxDirect = rss.offHeapData() ? PlanRules.maxDirectMemory(rss.growthHigh(p), xmx) : 0;
            // memstore's peak is its heap's, which -Xmx bounds; another system's (RocksDB's memtables and
            // compactions, a class's buffers) may grow outside the heap with the data, as its rows show
            OffHeapGrowth peak = p.system() == SystemKind.MEMSTORE ? null : RssModel.fitPeak(rssRows);
            double peakHigh = peak == null ? Double.NaN : rss.baselineHigh() + peak.high(p, rss.spread());
            long limit = Math.max(rowsLimit, PlanRules.containerLimit(Math.max(rssHigh,
                    Double.isNaN(peakHigh) ? 0 : peakHigh), xmx, maxDirect, rss.baselineRss()));
            double ur = Math.max(r - rssLow, rssHigh - r) / r;
            return new Prediction(s, live, liveLow, liveHigh, r, rssLow, rssHigh, xmx, limit,
                    new ScenarioModel(source, heap, rss, uh, ur, null, null, heapSpread), maxDirect, peakHigh);
        }
        RssModel idle = RssModel.fitProcess(rssRows);
        EtcdRssModel etcd = EtcdRssModel.fit(layout, used, p);
        requireDetermined(s, etcd.fit(), "process.rss");
        EtcdRssModel restart = null;
        if (EtcdRssModel.canFitRestart(used)) {
            restart = EtcdRssModel.fitRestart(layout, used, p);
            requireDetermined(s, restart.fit(), "reopen.rss");
        }
        double r = etcd.predict(p);
        double rssLow = etcd.low(p);
        double rssHigh = etcd.high(p);
        // the Go heap at the longest raft log the member holds, at the high end of its band
        double goHeap = heap.withRaftEntries(p, EtcdRaftLog.peakEntriesInMemory(p)) * (1 + uh);
        double peak = Math.max(etcd.peak(p, goHeap), restart == null ? 0 : restart.peak(p, goHeap));
        long limit = Math.max(rowsLimit, PlanRules.containerLimit(peak, 0, 0, 0));
        double ur = Math.max(r - rssLow, rssHigh - r) / r;
        return new Prediction(s, live, liveLow, liveHigh, r, rssLow, rssHigh, 0, limit,
                new ScenarioModel(source, heap, idle, uh, ur, etcd, restart, heapSpread), 0, peak);
    }

    /**
     * Refuses a model without a row to spare over its coefficients: its residuals would read 0 % whatever its
     * error, and the plan would have no error to put in its band.
     */
    private static void requireDetermined(PlanScenario s, HeapModel m, String reading) {
        if (!m.determined()) {
            throw new IllegalArgumentException("scenario " + s.name() + ": the fit of " + reading + " is undetermined"
                    + " (" + String.join("; ", m.undetermined()) + ")");
        }
    }
}
