package io.memstore.measure.plan;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.PlanScenario;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The etcd plan of random keys against its held-out row, on the rows {@code memstore:check} recorded with etcd
 * 3.4.23 (the files of the etcd planning page: {@code site/src/memstore/calibration/etcd-planning.json}, 20K and
 * 50K keys x 1 and 3 versions at two snapshot counts, two runs each, and {@code etcd-planning-held-out.json},
 * 150K x 2).
 */
class EtcdPlanningHeldOutTest {
    private static final Path CALIBRATION = Path.of("../../site/src/memstore/calibration");

    private static List<RowResult> rows(String file) throws Exception {
        return ResultJson.read(CALIBRATION.resolve(file)).rows();
    }

    private static Prediction plan(List<RowResult> calibration, RowResult held) {
        return Planner.predict(new PlanScenario("etcd-150k", held.params(), null, "test"), calibration, "recorded");
    }

    @Test
    void theHeldOutRowIsPredictedWithinTenPercentInsideBandsOfAtMostFifteenPercent() throws Exception {
        List<RowResult> calibration = rows("etcd-planning.json");
        RowResult held = rows("etcd-planning-held-out.json").get(0);
        assertThat(calibration).hasSize(8).allMatch(r -> r.runs() == 2 && r.params().keys() <= 50_000);
        Prediction p = plan(calibration, held);

        double rss = held.metrics().get("process.rss");
        assertThat(Math.abs(p.rss() - rss) / rss).isLessThanOrEqualTo(0.10);
        assertThat(rss).isBetween(p.rssLow(), p.rssHigh());
        assertThat(Math.max(p.rss() - p.rssLow(), p.rssHigh() - p.rss()) / p.rss()).isLessThanOrEqualTo(0.15);
        double reopen = held.metrics().get("reopen.rss");
        assertThat(Math.abs(p.restartRss() - reopen) / reopen).isLessThanOrEqualTo(0.10);
        assertThat(reopen).isBetween(p.restartRssLow(), p.restartRssHigh());
        assertThat(Math.max(p.restartRss() - p.restartRssLow(), p.restartRssHigh() - p.restartRss())
                / p.restartRss()).isLessThanOrEqualTo(0.15);
        assertThat((double) p.containerLimit()).isGreaterThan(held.metrics().get("process.peakRss"));
    }

    @Test
    void rowsThatRanOnceGiveABandNoNarrowerThanEtcdsRunSpreadThatStillHoldsTheRow() throws Exception {
        // each row as if it had run once: its median for its one run, no spread of its own
        List<RowResult> once = rows("etcd-planning.json").stream().map(r -> new RowResult(r.name(),
                r.params().toBuilder().runs(1).build(), r.metrics(), Map.of(), 1)).toList();
        RowResult held = rows("etcd-planning-held-out.json").get(0);
        Prediction p = plan(once, held);
        // the spread memstore measured between two runs of these very rows stands in for the spread they lack
        assertThat(p.model().etcdRss().spread()).isGreaterThanOrEqualTo(PlanRules.ETCD_RUN_SPREAD);
        assertThat(held.metrics().get("process.rss")).isBetween(p.rssLow(), p.rssHigh());
        assertThat(held.metrics().get("reopen.rss")).isBetween(p.restartRssLow(), p.restartRssHigh());
    }
}
