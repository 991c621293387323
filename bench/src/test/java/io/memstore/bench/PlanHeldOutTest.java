package io.memstore.bench;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The held-out check on rows whose RSS follows known costs: a row on the costs is held, one far off is not. */
class PlanHeldOutTest {
    private static final double IDLE = 30 << 20;

    private static RowParams params(long keys, int versions) {
        return RowParams.builder("e").keys(keys).versions(versions).runs(2).system(SystemKind.ETCD).build();
    }

    /** RSS above idle: 2 MiB + N * 500 B + N * versions * 300 B (no raft entries counted apart in this sketch). */
    private static double above(RowParams p, double factor) {
        return factor * (2 * (1 << 20) + p.keys() * 500.0 + p.keys() * p.versions() * 300.0
                + io.memstore.measure.plan.EtcdRaftLog.entriesInMemory(p) * 700.0);
    }

    private static RowResult row(long keys, int versions, double factor) {
        RowParams p = params(keys, versions);
        double rss = IDLE + above(p, factor);
        return new RowResult("e/" + keys + "x" + versions, p, Map.of("process.rss", rss, "reopen.rss", rss * 1.2,
                "jvm.baselineRss", IDLE, "index.liveHeap", above(p, factor)), Map.of(), 2);
    }

    @Test
    void aRowOnTheCalibrationsCostsIsHeldAndOneFarOffIsNot() {
        List<RowResult> calibration = new ArrayList<>();
        for (long keys : new long[] {20_000, 35_000, 50_000}) {
            for (int versions : new int[] {1, 3}) {
                calibration.add(row(keys, versions, 1));
            }
        }
        List<PlanHeldOut.Check> held = PlanHeldOut.check(calibration, List.of(row(40_000, 2, 1))).get(0).checks();
        assertThat(held).extracting(PlanHeldOut.Check::reading).containsExactly("process.rss", "reopen.rss");
        assertThat(held).allSatisfy(c -> assertThat(c.inBand()).isTrue());
        List<PlanHeldOut.Planned> off = PlanHeldOut.check(calibration, List.of(row(40_000, 2, 1.5)));
        assertThat(off.get(0).checks()).allSatisfy(c -> assertThat(c.held()).isFalse());
        assertThat(PlanHeldOut.markdown(off).get(2)).contains("| e/40000x2 | process.rss |", "| NO |");
        // a peak above the recommended limit is said so
        assertThat(PlanHeldOut.markdown(off)).anyMatch(l -> l.startsWith("e/40000x2: no -Xmx, container limit"));
        // rows of another system cannot plan it
        RowResult memstore = new RowResult("m", params(1_000, 1).withSystem(SystemKind.MEMSTORE), Map.of(), Map.of(),
                1);
        assertThatThrownBy(() -> PlanHeldOut.check(calibration, List.of(memstore))).hasMessageContaining("m: no row"
                + " measured");
    }

    /** A JVM row of a store whose heap holds {@code heapPerKey} B per key and whose RSS grows 1 KiB per key. */
    private static RowResult jvmRow(long keys, double heapPerKey) {
        RowParams p = RowParams.builder("j").keys(keys).valueSize(1024).runs(1)
                .system(SystemKind.of("com.example.Store")).build();
        double heap = 40_000 + keys * heapPerKey;
        return new RowResult("j/" + keys, p, Map.of("process.rss", 60.0 * (1 << 20) + keys * 1024.0 + heap,
                "jvm.baselineRss", 60.0 * (1 << 20), "index.liveHeap", heap, "process.peakRss", 70.0 * (1 << 20)
                + keys * 1024.0 + heap), Map.of(), 1);
    }

    @Test
    void aHeapThatHoldsNoneOfTheDataIsNotJudged() {
        // 40 KB of heap beside 2 GB off it: a reading of the probe's own objects, not checked
        List<RowResult> offHeap = List.of(jvmRow(100_000, 0), jvmRow(250_000, 0), jvmRow(500_000, 0));
        assertThat(PlanHeldOut.check(offHeap, List.of(jvmRow(2_000_000, 0))).get(0).checks())
                .extracting(PlanHeldOut.Check::reading).containsExactly("process.rss");
        // 64 B per key on the heap, 6 % of the growth: checked
        List<RowResult> someHeap = List.of(jvmRow(100_000, 64), jvmRow(250_000, 64), jvmRow(500_000, 64));
        assertThat(PlanHeldOut.check(someHeap, List.of(jvmRow(2_000_000, 64))).get(0).checks())
                .extracting(PlanHeldOut.Check::reading).containsExactly("index.liveHeap", "process.rss");
    }
}
