package io.memstore.measure.plan;

import io.memstore.measure.result.TestRows;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.LoadShape;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Plans for etcd rows shaped like a Kubernetes control plane's load: the terms for the history kept, the
 * watchers and the leases are fitted from rows that vary them, the RSS after a restart is planned beside the
 * load's, and the band carries the rows' run spread out to the scenario.
 */
class EtcdKubernetesPlanTest {
    private static final double MIB = 1 << 20;
    private static final double IDLE = 30 * MIB;

    private static RowParams params(long keys, int versions, long compactEvery, int watchers, long leases) {
        return RowParams.builder("k").keys(keys).versions(versions).keyPattern(KeyPattern.HIERARCHICAL)
                .store(TestRows.params("k", keys, versions, 64, IndexKind.BTREE).store()).runs(2)
                .system(SystemKind.ETCD).shape(new LoadShape(4096, compactEvery, leases, 0.2, watchers)).build();
    }

    /** RSS above idle after the load: 2 MiB + N * 514 B + H * 120 B + R * 2,500 B + W * 40 KiB + L * 600 B. */
    private static double load(RowParams p, long entries) {
        return 2 * MIB + p.keys() * 514.0 + EtcdHistory.retainedRevisions(p) * 120.0 + entries * 2_500.0
                + p.watchers() * 40_960.0 + p.leases() * 600.0;
    }

    /** After a restart: 3 MiB + N * 600 B + H * 400 B + R * 2,500 B + L * 600 B (the watchers are gone). */
    private static double restart(RowParams p) {
        return 3 * MIB + p.keys() * 664.0 + EtcdHistory.retainedRevisions(p) * 400.0
                + EtcdRaftLog.entriesAfterRestart(p) * 2_500.0 + p.leases() * 600.0;
    }

    private static RowResult row(RowParams p, double spread) {
        double above = load(p, EtcdRaftLog.entriesInMemory(p));
        return new RowResult("k/" + p.keys() + "," + p.versions() + "," + p.compactEvery() + "," + p.watchers() + ","
                + p.leases(), p, TestRows.metrics("index.liveHeap", above, "process.rss", IDLE + above,
                "jvm.baselineRss", IDLE, "reopen.rss", IDLE + restart(p)),
                TestRows.metrics("process.rss", spread * above, "reopen.rss", spread * restart(p)), 2);
    }

    /** The calibration of site/src/memstore/etcd-kubernetes.yaml, with the runs apart by {@code spread}. */
    private static List<RowResult> calibration(double spread) {
        List<RowResult> rows = new ArrayList<>();
        for (long keys : new long[] {10_000, 20_000}) {
            for (int versions : new int[] {1, 3}) {
                rows.add(row(params(keys, versions, 10_000, 100, 1_000), spread));
            }
        }
        rows.add(row(params(20_000, 1, 10_000, 0, 1_000), spread));
        rows.add(row(params(20_000, 1, 10_000, 300, 1_000), spread));
        rows.add(row(params(20_000, 1, 10_000, 100, 5_000), spread));
        rows.add(row(params(20_000, 3, 0, 100, 1_000), spread));
        // below the snapshot count the raft log holds every write: only rows at another count tell it apart
        rows.add(row(params(10_000, 3, 10_000, 100, 1_000).withSnapshotCount(10_000), spread));
        rows.add(row(params(20_000, 3, 10_000, 100, 1_000).withSnapshotCount(10_000), spread));
        return rows;
    }

    private static Prediction predict(RowParams at, List<RowResult> rows) {
        return Planner.predict(new PlanScenario("k8s", at, null, "test"), rows, "rows");
    }

    @Test
    void theTermsOfHistoryWatchersAndLeasesAreFittedFromTheRowsThatVaryThem() {
        RowParams at = params(60_000, 2, 10_000, 100, 1_000);
        Prediction p = predict(at, calibration(0));
        HeapModel rss = p.model().etcdRss().fit();
        assertThat(rss.c2()).isCloseTo(120, within(1e-3));
        assertThat(rss.cr()).isCloseTo(2_500, within(1e-3));
        assertThat(rss.cw()).isCloseTo(40_960, within(1e-3));
        assertThat(rss.cl()).isCloseTo(600, within(1e-3));
        assertThat(p.rss()).isCloseTo(IDLE + load(at, EtcdRaftLog.entriesInMemory(at)), within(1.0));
        // the container limit holds the longest raft log the member held, just before its snapshot
        assertThat((double) p.containerLimit()).isGreaterThan(1.1 * (IDLE + load(at,
                EtcdRaftLog.peakEntriesInMemory(at))));
        // exact rows, yet the leases' cost rests on one row: left out, the others cannot charge its 4K leases more
        assertThat(rss.undetermined()).containsExactly("cl (per lease): without row k/20000,1,10000,100,5000 the"
                + " other rows cannot tell it apart; add a row with other leases");
        assertThat(rss.looRow()).isEqualTo("k/20000,1,10000,100,5000");
        double leases = 4_000 * 600.0 / load(params(20_000, 1, 10_000, 100, 5_000), EtcdRaftLog.entriesInMemory(
                params(20_000, 1, 10_000, 100, 5_000)));
        assertThat(rss.looError()).isCloseTo(leases, within(0.005));
        // a restarted member has no watchers: they cost it nothing
        assertThat(p.model().etcdRestart().fit().cw()).isZero();
        // 120K writes, compacted every 10K: the history keeps each key's revision at 110K and the 10K after it
        assertThat(EtcdHistory.retainedRevisions(at)).isEqualTo(70_000);
    }

    @Test
    void theRestartIsPlannedAndThePodSizedForTheLargerOfLoadAndRestart() {
        RowParams at = params(60_000, 2, 10_000, 100, 1_000);
        Prediction p = predict(at, calibration(0));
        assertThat(p.model().etcdRestart().fit().c2()).isCloseTo(400, within(1e-3));
        assertThat(p.restartRss()).isCloseTo(IDLE + restart(at), within(1.0));
        assertThat(p.restartRssLow()).isLessThan(p.restartRss());
        assertThat(p.restartRssHigh()).isGreaterThan(p.restartRss());
        assertThat(p.sizedForRestart()).isEqualTo(p.restartRssHigh() > p.rssHigh());
        assertThat(p.containerLimit()).isGreaterThanOrEqualTo((long) (1.1 * Math.max(p.rssHigh(),
                p.restartRssHigh())));
        // without reopen.rss in the rows there is no restart model, and the limit holds the load
        List<RowResult> noRestart = calibration(0).stream().map(r -> new RowResult(r.name(), r.params(),
                TestRows.metrics("index.liveHeap", r.metric(io.memstore.measure.spec.Metric.INDEX_LIVE_HEAP)
                        .getAsDouble(), "process.rss", r.metric(io.memstore.measure.spec.Metric.PROCESS_RSS)
                        .getAsDouble(), "jvm.baselineRss", IDLE), Map.of(), 1)).toList();
        Prediction q = predict(at, noRestart);
        assertThat(q.model().etcdRestart()).isNull();
        assertThat(q.restartRss()).isNaN();
        assertThat(q.sizedForRestart()).isFalse();
    }

    @Test
    void theBandCarriesTheRunSpreadFartherTheFartherTheScenarioLiesBeyondTheRows() {
        List<RowResult> rows = calibration(0.04);
        Prediction near = predict(params(20_000, 1, 10_000, 100, 1_000), rows);
        Prediction far = predict(params(200_000, 2, 10_000, 100, 1_000), rows);
        EtcdRssModel nearModel = near.model().etcdRss();
        EtcdRssModel farModel = far.model().etcdRss();
        assertThat(nearModel.spread()).isCloseTo(0.04, within(1e-9));
        // a fit without residuals still has a band: the spread, at least, and more beyond the rows
        assertThat(nearModel.uncertainty()).isGreaterThanOrEqualTo(0.04);
        assertThat(farModel.uncertainty()).isGreaterThan(nearModel.uncertainty() * 1.5);
        assertThat(far.model().etcdRestart().uncertainty()).isGreaterThan(0.04);
        EtcdRssModel exact = predict(params(20_000, 1, 10_000, 100, 1_000), calibration(0)).model().etcdRss();
        assertThat(exact.uncertainty()).isEqualTo(PlanRules.MIN_BAND);
    }

    @Test
    void rowsThatNeverVariedTheWatchersSpeakOnlyForTheirOwnCount() {
        List<RowResult> rows = calibration(0).stream().filter(r -> r.params().watchers() == 100).toList();
        assertThat(predict(params(60_000, 2, 10_000, 100, 1_000), rows).model().etcdRss().fit().cw()).isNaN();
        assertThatThrownBy(() -> predict(params(60_000, 2, 10_000, 500, 1_000), rows))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the matching rows had 100 watchers and several leases and the scenario 500"
                        + " and 1000");
        // rows of one value size range cannot speak for another: the cost of a value byte needs two
        RowParams other = params(60_000, 2, 10_000, 100, 1_000).withShape(new LoadShape(8192, 10_000, 1_000, 0.2,
                100));
        assertThatThrownBy(() -> predict(other, calibration(0))).hasMessageContaining("the matching rows stored values"
                + " of 2176B (mean) and the scenario 4224B: measure rows at a second valueSize");
    }
}
