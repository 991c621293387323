package io.memstore.measure.plan;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.PlanScenario;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class ScratchPlanTest {
    @Test
    void print() throws Exception {
        String cal = System.getProperty("cal");
        if (cal == null) {
            return;
        }
        List<RowResult> rows = ResultJson.read(Path.of(cal)).rows();
        String held = System.getProperty("held");
        List<RowResult> heldRows = held != null && Files.exists(Path.of(held)) ? ResultJson.read(Path.of(held)).rows() : List.of();
        for (String spec : System.getProperty("scenarios", "").split(";")) {
            if (spec.isBlank()) continue;
        }
        for (RowResult h : heldRows) {
            Prediction p = Planner.predict(new PlanScenario(h.name(), h.params(), null, "t"), rows, "cal");
            show(p, h);
        }
        if (heldRows.isEmpty()) {
            RowResult h = rows.get(rows.size() - 1);
        }
    }

    static void show(Prediction p, RowResult h) {
        double M = 1 << 20;
        System.out.printf("%s: heap %.1f (%.1f..%.1f) meas %.1f%n", p.scenario().name(), p.liveHeap() / M, p.liveHeapLow() / M,
                p.liveHeapHigh() / M, h == null ? 0 : h.metric(Metric.INDEX_LIVE_HEAP).getAsDouble() / M);
        System.out.printf("  rss %.1f (%.1f..%.1f) meas %.1f; limit %.1f peak meas %.1f%n", p.rss() / M, p.rssLow() / M, p.rssHigh() / M,
                h == null ? 0 : h.metric(Metric.PROCESS_RSS).getAsDouble() / M, p.containerLimit() / M,
                h == null ? 0 : h.metric(Metric.PROCESS_PEAK_RSS).orElse(0) / M);
        if (p.model().etcdRss() != null) {
            EtcdRssModel e = p.model().etcdRss();
            System.out.printf("  load fit: loo %.3f at %s, spread %.3f, extrap %.2f, u %.3f, undet %s c0 %.0f c1 %.1f c2 %.1f cr %.1f%n", e.fit().looError(), e.fit().looRow(), e.spread(), e.extrapolation(), e.uncertainty(), e.fit().undetermined(), e.fit().c0(), e.fit().c1(), e.fit().c2(), e.fit().cr());
        }
        if (p.model().etcdRestart() != null) {
            EtcdRssModel e = p.model().etcdRestart();
            System.out.printf("  restart %.1f (%.1f..%.1f) meas %.1f%n", p.restartRss() / M, p.restartRssLow() / M, p.restartRssHigh() / M,
                    h == null ? 0 : h.metric(Metric.REOPEN_RSS).orElse(0) / M);
            System.out.printf("  restart fit: loo %.3f at %s, spread %.3f, extrap %.2f, u %.3f, undet %s c0 %.0f c1 %.1f c2 %.1f cr %.1f%n", e.fit().looError(), e.fit().looRow(), e.spread(), e.extrapolation(), e.uncertainty(), e.fit().undetermined(), e.fit().c0(), e.fit().c1(), e.fit().c2(), e.fit().cr());
        }
        HeapModel hm = p.model().heap();
        System.out.printf("  heap fit: loo %.3f at %s, extrap %.2f, undet %s%n", hm.looError(), hm.looRow(), hm.extrapolation(p.scenario().params(), 0), hm.undetermined());
        if (p.model().etcdRss() == null) {
            System.out.printf("  jvm rss: offheap %s %s loo %.3f; xmx %d direct %d%n", p.model().rss().offHeapData(), p.model().rss().offHeap().describe(), p.model().rss().offHeap().looError(), p.xmx() >> 20, p.maxDirectMemory() >> 20);
        }
    }
}
