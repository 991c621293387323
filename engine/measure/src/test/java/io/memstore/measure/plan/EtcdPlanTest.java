package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Plans for etcd: fitted on etcd rows only, RSS as a process without generations, no -Xmx. */
class EtcdPlanTest {
    private static final double MIB = 1 << 20;

    private static final double IDLE = 36 * MIB;

    /** A row whose Go heap and RSS follow known costs per key and per raft entry in memory. */
    private static RowResult etcd(long keys, long snapshotCount) {
        RowParams p = TestRows.params("e", keys, 1, 64, IndexKind.BTREE).withSystem(SystemKind.ETCD)
                .withSnapshotCount(snapshotCount);
        long entries = EtcdRaftLog.entriesInMemory(p);
        return new RowResult("e/keys=" + keys + ",snapshotCount=" + snapshotCount, p, TestRows.metrics(
                "index.liveHeap", heap(keys, entries), "process.rss", IDLE + aboveIdle(keys, entries),
                "jvm.baselineRss", IDLE), Map.of(), 1);
    }

    /** Go heap: 1 MiB + N * (300 B + 64 B key) + R * 700 B. */
    private static double heap(long keys, long entries) {
        return MIB + keys * 364.0 + entries * 700.0;
    }

    /** RSS above the idle member: 2 MiB + N * (450 B + 64 B key) + R * 800 B. */
    private static double aboveIdle(long keys, long entries) {
        return 2 * MIB + keys * 514.0 + entries * 800.0;
    }

    private static final List<RowResult> ROWS = List.of(etcd(20_000, 100_000), etcd(20_000, 10_000),
            etcd(50_000, 100_000), etcd(50_000, 10_000));

    private static Prediction predict(long keys, long snapshotCount) {
        RowParams at = TestRows.params("q", keys, 1, 64, IndexKind.BTREE).withSystem(SystemKind.ETCD)
                .withSnapshotCount(snapshotCount);
        return Planner.predict(new PlanScenario("q", at, null, "test"), ROWS, "rows");
    }

    @Test
    void belowTheSnapshotCountTheFitGivesTheRssItWasMadeFrom() {
        Prediction p = predict(80_000, 100_000); // 80K entries in memory, no snapshot yet
        assertThat(p.liveHeap()).isCloseTo(heap(80_000, 80_000), within(1.0));
        assertThat(p.rss()).isCloseTo(IDLE + aboveIdle(80_000, 80_000), within(1.0));
        assertThat(p.model().heap().cr()).isCloseTo(700, within(1e-6));
        assertThat(p.model().etcdRss().fit().cr()).isCloseTo(800, within(1e-6));
        assertThat(p.xmx()).isZero();
        assertThat(p.rssLow()).isLessThan(p.rss());
        assertThat(p.rssHigh()).isGreaterThan(p.rss());
        assertThat(p.containerLimit()).isGreaterThanOrEqualTo((long) (1.1 * p.rssHigh()));
    }

    @Test
    void pastASnapshotTheSettledRssHoldsTheLogNowAndTheLimitTheLongestLog() {
        Prediction p = predict(150_000, 100_000);
        // snapshot at 100,001 entries, compacted to 95,001: 54,999 in memory now, 100,001 at the most
        double now = IDLE + aboveIdle(150_000, 54_999);
        double longest = IDLE + aboveIdle(150_000, 100_001);
        assertThat(p.rss()).isCloseTo(now, within(1.0));
        assertThat(p.rssLow()).isLessThan(now);
        assertThat(p.rssHigh()).isGreaterThan(now);
        assertThat(p.liveHeap()).isCloseTo(heap(150_000, 54_999), within(1.0));
        // the limit holds the longest log and a Go heap more, between two collections
        assertThat((double) p.containerLimit()).isGreaterThan(1.1 * (longest + heap(150_000, 100_001)));
    }

    @Test
    void rowsThatRanOnceTakeTheRunSpreadMeasuredForEtcdAndTheConsoleSaysSo() {
        Prediction once = predict(150_000, 100_000); // every row here ran once
        assertThat(once.model().etcdRss().onceRun()).isTrue();
        assertThat(once.model().etcdRss().spread()).isEqualTo(PlanRules.ETCD_RUN_SPREAD);
        assertThat(once.model().etcdRss().uncertainty()).isGreaterThanOrEqualTo(PlanRules.ETCD_RUN_SPREAD);
        assertThat(PlanTables.render(new PlanResult("e", "e.yaml", List.of(once), List.of())))
                .anyMatch(l -> l.startsWith("etcd rows: some ran once, so their band is at least "));
        // the same rows run twice, 2 % apart: their own spread
        List<RowResult> twice = ROWS.stream().map(r -> new RowResult(r.name(), r.params(), r.metrics(), TestRows.metrics(
                "process.rss", 0.02 * (r.metrics().get("process.rss") - IDLE)), 2)).toList();
        RowParams at = TestRows.params("q", 150_000, 1, 64, IndexKind.BTREE).withSystem(SystemKind.ETCD);
        Prediction p = Planner.predict(new PlanScenario("q", at, null, "test"), twice, "rows");
        assertThat(p.model().etcdRss().onceRun()).isFalse();
        assertThat(p.model().etcdRss().spread()).isCloseTo(0.02, within(1e-9));
        assertThat(PlanTables.render(new PlanResult("e", "e.yaml", List.of(p), List.of())))
                .anyMatch(l -> l.startsWith("etcd rows: each ran at least twice"));
    }

    @Test
    void memstoreRowsNeverSpeakForEtcd() {
        List<RowResult> memstore = List.of(TestRows.heapRow(20_000, 1, 64, 3e6), TestRows.heapRow(50_000, 1, 64, 7e6));
        RowParams at = TestRows.params("q", 150_000, 1, 64, IndexKind.BTREE).withSystem(SystemKind.ETCD);
        assertThatThrownBy(() -> Planner.predict(new PlanScenario("q", at, null, "test"), memstore, "rows"))
                .hasMessageContaining("no row measured system=etcd, ");
        assertThat(Calibration.rows(new PlanScenario("q", at, null, "test"), List.of(20_000L)).get(0).params()
                .system()).isEqualTo(SystemKind.ETCD);
    }
}
