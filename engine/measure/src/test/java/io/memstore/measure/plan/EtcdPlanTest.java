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

    private static RowResult etcd(long keys, double goHeap, double rss) {
        RowParams p = TestRows.params("e", keys, 1, 64, IndexKind.BTREE).withSystem(SystemKind.ETCD);
        return new RowResult("e/keys=" + keys, p, TestRows.metrics("index.liveHeap", goHeap, "process.rss", rss,
                "jvm.baselineRss", 36 * MIB), Map.of(), 1);
    }

    @Test
    void predictsTheMembersRssFromItsGoHeap() {
        // heap = 1 MiB + 500 B per key; RSS = 36 MiB + 2 x heap
        List<RowResult> rows = List.of(etcd(20_000, MIB + 20_000 * 500.0, 36 * MIB + 2 * (MIB + 20_000 * 500.0)),
                etcd(50_000, MIB + 50_000 * 500.0, 36 * MIB + 2 * (MIB + 50_000 * 500.0)));
        RowParams at = TestRows.params("q", 150_000, 1, 64, IndexKind.BTREE).withSystem(SystemKind.ETCD);
        Prediction p = Planner.predict(new PlanScenario("q", at, null, "test"), rows, "rows");
        double heap = MIB + 150_000 * 500.0;
        assertThat(p.liveHeap()).isCloseTo(heap, within(heap * 1e-6));
        assertThat(p.rss()).isCloseTo(36 * MIB + 2 * heap, within(heap * 1e-6));
        assertThat(p.model().rss().youngCap()).isZero();
        assertThat(p.xmx()).isZero();
        assertThat(p.rssLow()).isLessThan(p.rss());
        assertThat(p.rssHigh()).isGreaterThan(p.rss());
        assertThat(p.containerLimit()).isGreaterThanOrEqualTo((long) (1.1 * p.rssHigh()));
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
