package io.memstore.measure.plan;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.LoadShape;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Kubernetes-shaped etcd plan against its held-out row, on the rows {@code memstore:check} recorded with etcd
 * 3.4.23 (the files of the etcd planning page: {@code site/src/memstore/calibration/etcd-kubernetes.json}, 14 rows
 * of at most 20K keys, and {@code etcd-kubernetes-held-out.json}, 60K x 2).
 */
class EtcdKubernetesHeldOutTest {
    private static final Path CALIBRATION = Path.of("../../site/src/memstore/calibration");

    private static List<RowResult> rows(String file) throws Exception {
        return ResultJson.read(CALIBRATION.resolve(file)).rows();
    }

    @Test
    void theHeldOutRowIsPredictedWithinFifteenPercentInsideBandsOfAtMostTwentyPercent() throws Exception {
        List<RowResult> calibration = rows("etcd-kubernetes.json");
        RowResult held = rows("etcd-kubernetes-held-out.json").get(0);
        assertThat(calibration).hasSize(14).allMatch(r -> r.params().keys() <= held.params().keys() / 3);
        Prediction p = Planner.predict(new PlanScenario("k8s", held.params(), null, "test"), calibration, "recorded");

        double rss = held.metrics().get("process.rss");
        assertThat(Math.abs(p.rss() - rss) / rss).isLessThanOrEqualTo(0.15);
        assertThat(rss).isBetween(p.rssLow(), p.rssHigh());
        assertThat((p.rssHigh() - p.rss()) / p.rss()).isLessThanOrEqualTo(0.20);
        double reopen = held.metrics().get("reopen.rss");
        assertThat(Math.abs(p.restartRss() - reopen) / reopen).isLessThanOrEqualTo(0.15);
        assertThat(reopen).isBetween(p.restartRssLow(), p.restartRssHigh());
        assertThat((p.restartRssHigh() - p.restartRss()) / p.restartRss()).isLessThanOrEqualTo(0.20);
        assertThat((double) p.containerLimit()).isGreaterThan(held.metrics().get("process.peakRss"));
    }

    private static RowParams etcd(long keys, int versions, long compactEvery, boolean compactLatest) {
        return RowParams.builder("k").keys(keys).versions(versions).system(SystemKind.ETCD).compact(compactLatest)
                .shape(new LoadShape(4096, compactEvery, 0, 0, 0)).build();
    }

    @Test
    void theCompactionsReadTheKeysAndFourPeriodsOfRevisionsAtMost() {
        RowParams writes = etcd(20_000, 5, 10_000, false); // calibrate-writes
        assertThat(EtcdHistory.compactedAt(writes)).isEqualTo(90_000);
        assertThat(EtcdHistory.compactionReads(writes)).isEqualTo(20_000 + 4 * 10_000);
        RowParams small = etcd(10_000, 3, 10_000, false); // compacted at 20K: below the cap
        assertThat(EtcdHistory.compactionReads(small)).isEqualTo(EtcdHistory.compactedAt(small)).isEqualTo(20_000);
        // one compaction at the end reads every revision; none reads none
        assertThat(EtcdHistory.compactionReads(etcd(20_000, 5, 0, true))).isEqualTo(100_000);
        assertThat(EtcdHistory.compactionReads(etcd(20_000, 5, 0, false))).isZero();
    }
}
