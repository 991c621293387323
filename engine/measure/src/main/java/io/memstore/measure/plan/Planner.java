package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.PlanScenario;

import java.util.List;

/**
 * Predicts a scenario from measured rows: fit the layout's heap model and the RSS model, then apply {@link PlanRules}.
 * For an etcd scenario the heap is the member's Go heap in use, fitted in the same linear form with the raft log
 * charged apart, and the RSS is fitted in that form on the member's own RSS ({@link EtcdRssModel}), after the
 * load and, when the rows measured one, right after a restart; no -Xmx is recommended (0), and the container limit
 * holds the larger of the two.
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
        List<RowResult> used = Calibration.matching(s, rows);
        HeapModel heap = HeapModel.fit(Layout.of(s.params().index()), used);
        // the growth outside the heap is taken from rows at the scenario's versions when there are any
        List<RowResult> sameVersions = used.stream().filter(r -> r.params().versions() == s.params().versions())
                .toList();
        List<RowResult> rssRows = sameVersions.isEmpty() ? used : sameVersions;
        boolean jvm = !s.params().system().isEtcd();
        RssModel rss = jvm ? RssModel.fit(rssRows) : RssModel.fitProcess(rssRows);
        double spread = 0;
        for (RowResult r : used) {
            double y = r.metric(Metric.INDEX_LIVE_HEAP).getAsDouble();
            spread = Math.max(spread, r.spreadOf(Metric.INDEX_LIVE_HEAP).orElse(0) / y);
        }
        double uh = PlanRules.heapUncertainty(heap, spread);
        double live = heap.predict(s.params());
        double liveLow = live * (1 - uh);
        double liveHigh = live * (1 + uh);
        EtcdRssModel etcd = null;
        EtcdRssModel restart = null;
        double r;
        double rssLow;
        double rssHigh;
        if (jvm) {
            r = rss.predict(live);
            rssLow = rss.low(liveLow);
            rssHigh = rss.high(liveHigh);
        } else {
            Layout layout = Layout.of(s.params().index());
            etcd = EtcdRssModel.fit(layout, used, s.params());
            r = etcd.predict(s.params());
            rssLow = etcd.low(s.params());
            rssHigh = etcd.high(s.params());
            if (EtcdRssModel.canFitRestart(used)) {
                restart = EtcdRssModel.fitRestart(layout, used, s.params());
            }
        }
        double ur = Math.max(r - rssLow, rssHigh - r) / r;
        // an etcd member is no JVM: no -Xmx to recommend, and its limit needs to hold its RSS only
        long xmx = jvm ? PlanRules.xmx(liveHigh) : 0;
        // a member is OOM-killed when it restarts if its limit holds only its load: size for the larger
        long limit = jvm ? PlanRules.containerLimit(rssHigh, xmx, rss.baselineRss())
                : PlanRules.containerLimit(restart == null ? rssHigh : Math.max(rssHigh, restart.high(s.params())),
                0, 0);
        return new Prediction(s, live, liveLow, liveHigh, r, rssLow, rssHigh, xmx, limit,
                new ScenarioModel(source, heap, rss, uh, ur, etcd, restart));
    }
}
