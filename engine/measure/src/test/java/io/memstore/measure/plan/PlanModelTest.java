package io.memstore.measure.plan;

import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The layouts, the heap and RSS fits, and the rules that turn them into bands and recommendations. */
class PlanModelTest {
    private static final double MIB = 1 << 20;
    /** A planned row, for models whose growth does not depend on it. */
    private static final RowParams P = scenario(1_000_000, 1, IndexKind.BTREE, null).params();

    /** A reference-index row as the layout says it grows: 65 KB fixed, 176 B per key, 8 B per revs slot. */
    static RowResult referenceRow(long keys, int versions, int keySize, double rss, double baseline) {
        double heap = 65_000 + keys * (176 + Layout.DOUBLING_ARRAYS.keyBytes(keySize))
                + keys * Layout.capacity(versions) * 8.0;
        return row(keys, versions, keySize, IndexKind.REFERENCE, heap, rss, baseline);
    }

    static RowResult row(long keys, int versions, int keySize, IndexKind index, double heap, double rss,
                         double baseline) {
        RowParams p = RowParams.builder("w").keys(keys).versions(versions).keySize(keySize).store(StoreKind.NONE)
                .index(index).build();
        return new RowResult("w/keys=" + keys + ",versions=" + versions + ",keySize=" + keySize, p,
                TestRows.metrics("index.liveHeap", heap, "process.rss", rss, "jvm.baselineRss", baseline), Map.of(), 1);
    }

    static PlanScenario scenario(long keys, int versions, IndexKind index, Long machine) {
        return new PlanScenario("s", RowParams.builder("s").keys(keys).versions(versions).store(StoreKind.NONE)
                .index(index).build(), machine, "test");
    }

    @Test
    void arraysDoubleFromOne() {
        assertThat(List.of(1, 2, 3, 4, 5, 8, 9, 1000)).extracting(Layout::capacity)
                .containsExactly(1L, 2L, 4L, 4L, 8L, 8L, 16L, 1024L);
        assertThat(Layout.DOUBLING_ARRAYS.keyBytes(64)).isEqualTo(80);
        assertThat(Layout.DOUBLING_ARRAYS.keyBytes(1)).isEqualTo(24);
        assertThat(Layout.LINEAR.revisionSlots(5)).isEqualTo(5);
        assertThat(Layout.of(IndexKind.REFERENCE)).isEqualTo(Layout.DOUBLING_ARRAYS);
    }

    @Test
    void theStaircaseFitRecoversTheLayoutAndPredictsVersionsBetweenSteps() {
        List<RowResult> rows = new ArrayList<>();
        for (long n : List.of(25_000L, 100_000L)) {
            for (int v : List.of(1, 5)) {
                rows.add(referenceRow(n, v, 64, 0, 0));
            }
        }
        HeapModel m = HeapModel.fit(Layout.DOUBLING_ARRAYS, rows);
        assertThat(m.c0()).isCloseTo(65_000, within(1.0));
        assertThat(m.c1()).isCloseTo(176, within(1e-6));
        assertThat(m.c2()).isCloseTo(8, within(1e-6));
        assertThat(m.relativeRmsError()).isLessThan(1e-9);
        // 8 versions sit on the same step as 5 (capacity 8), 3 on the step of 4; a line in versions gets both wrong
        RowResult eight = referenceRow(1_000_000, 8, 64, 0, 0);
        assertThat(m.predict(eight.params())).isCloseTo(eight.metrics().get("index.liveHeap"), within(1.0));
        RowResult three = referenceRow(1_000_000, 3, 256, 0, 0);
        assertThat(m.predict(three.params())).isCloseTo(three.metrics().get("index.liveHeap"), within(1.0));
        HeapModel line = HeapModel.fit(Layout.LINEAR, rows);
        double lineError = line.predict(eight.params()) / eight.metrics().get("index.liveHeap") - 1;
        assertThat(lineError).as("the linear model at 8 versions").isGreaterThan(0.05);
    }

    @Test
    void coefficientsTheRowsCannotSeparateAreLeftOut() {
        // one key count: no intercept; one versions value: no c2, and the model only answers that versions
        HeapModel m = HeapModel.fit(Layout.DOUBLING_ARRAYS, List.of(referenceRow(100_000, 3, 64, 0, 0)));
        assertThat(m.c0()).isZero();
        assertThat(m.hasC2()).isFalse();
        assertThat(m.fitSlots()).isEqualTo(4);
        assertThat(m.canPredict(scenario(1, 4, IndexKind.REFERENCE, null).params())).isTrue(); // capacity 4 too
        assertThat(m.canPredict(scenario(1, 5, IndexKind.REFERENCE, null).params())).isFalse();
        assertThatThrownBy(() -> m.predict(scenario(1, 5, IndexKind.REFERENCE, null).params()))
                .hasMessageContaining("cannot predict versions=5");
        // versions 3 and 4 are one step: c2 stays undetermined even with two versions values
        HeapModel same = HeapModel.fit(Layout.DOUBLING_ARRAYS, List.of(referenceRow(10_000, 3, 64, 0, 0),
                referenceRow(20_000, 4, 64, 0, 0), referenceRow(40_000, 3, 64, 0, 0)));
        assertThat(same.hasC2()).isFalse();
        assertThat(same.c0()).isCloseTo(65_000, within(1.0));
        assertThat(same.undetermined()).isEmpty();
        assertThatThrownBy(() -> HeapModel.fit(Layout.LINEAR, List.of())).hasMessageContaining("no row");
    }

    @Test
    void theLinearLayoutIsEtcdsFormula() {
        List<RowResult> rows = new ArrayList<>();
        for (long n : List.of(10_000L, 40_000L)) {
            for (int v : List.of(1, 3)) {
                rows.add(row(n, v, 64, IndexKind.BTREE, 1000 + n * (48 + 64) + n * v * 16.0, 0, 0));
            }
        }
        HeapModel m = HeapModel.fit(Layout.LINEAR, rows);
        assertThat(m.c1()).isCloseTo(48, within(1e-6));
        assertThat(m.c2()).isCloseTo(16, within(1e-6));
        assertThat(m.predict(scenario(1_000_000, 7, IndexKind.BTREE, null).params()))
                .isCloseTo(1000 + 1e6 * 112 + 7e6 * 16, within(1.0));
    }

    @Test
    void theFittedModelSizesTheHeapAsTheProbesFlagsDo() {
        // one calibration row: 10 MiB live, 30 MiB above its 40 MiB baseline
        RssModel model = RssModel.fit(List.of(row(100_000, 1, 64, IndexKind.BTREE, 10 * MIB, 70 * MIB, 40 * MIB)));
        // k from 1/(1 - MinHeapFreeRatio) to 1/(1 - MaxHeapFreeRatio), the young generation capped at MaxNewSize
        // from the live data alone (a free part the load never touched) to the committed old generation
        assertThat(model.kLow()).isEqualTo(1.0);
        assertThat(model.kHigh()).isEqualTo(100.0 / (100 - ProbeJvm.MAX_HEAP_FREE_PERCENT));
        assertThat(model.kMid()).isBetween(model.kLow(), model.kHigh());
        assertThat(model.youngCap()).isEqualTo(ProbeJvm.MAX_NEW_SIZE);
        assertThat(ProbeJvm.flags(TestRows.heapRow(1000, 1, 64, 1e6).params())).contains(
                "-XX:MaxNewSize=" + (ProbeJvm.MAX_NEW_SIZE >> 20) + "m",
                "-XX:MinHeapFreeRatio=" + ProbeJvm.MIN_HEAP_FREE_PERCENT,
                "-XX:MaxHeapFreeRatio=" + ProbeJvm.MAX_HEAP_FREE_PERCENT);
        double old10 = model.kMid() * 14 * MIB;
        assertThat(model.growth(P)).isCloseTo(30 * MIB - old10 - Math.min(ProbeJvm.MAX_NEW_SIZE, old10 / 2),
                within(1.0));
        assertThat(model.offHeapData()).isFalse();
        assertThat(model.predict(P, 10 * MIB)).isCloseTo(70 * MIB, within(1.0)); // through its own row
        // 1000 MiB live: old = k * 1004 MiB, young at its cap
        assertThat(model.predict(P, 1000 * MIB)).isCloseTo(40 * MIB + model.growth(P) + model.kMid() * 1004 * MIB
                + ProbeJvm.MAX_NEW_SIZE, within(1.0));
        assertThat(model.low(P, 1000 * MIB)).isLessThanOrEqualTo(model.predict(P, 1000 * MIB));
        assertThat(model.high(P, 1000 * MIB)).isGreaterThanOrEqualTo(model.predict(P, 1000 * MIB));
        assertThat(RssModel.heap(model.kMid(), 1000 * MIB)).isCloseTo(model.kMid() * 1004 * MIB
                + ProbeJvm.MAX_NEW_SIZE, within(1.0));
        assertThatThrownBy(() -> RssModel.fit(List.of(TestRows.heapRow(1000, 1, 64, 1e6))))
                .hasMessageContaining("/proc");
    }

    @Test
    void theRssBandTakesEveryRatioTheFreeRatiosAllowAtCalibrationAndAtThePlannedSizeApart() {
        // a collector that leaves 10 to 20 % of the old generation free, the young generation capped at 32 MiB;
        // one calibration row: 10 MiB live, 30 MiB above its 40 MiB baseline
        double mid = 30 * MIB - 1.5 * (10 + 4) * MIB / 0.85;
        double atLow = 30 * MIB - 1.5 * 14 * MIB / 0.8;
        double atHigh = 30 * MIB - 1.5 * 14 * MIB / 0.9;
        RssModel model = new RssModel(40 * MIB, 40 * MIB, 40 * MIB, List.of(new RssModel.Anchor("r", 30 * MIB,
                10 * MIB, P)), 1 / 0.9, 1 / 0.85, 1 / 0.8, 4 * MIB, 32 * MIB, OffHeapGrowth.constant(
                new double[] {mid}, new double[] {atLow}, new double[] {atHigh}), null, null, 0);
        assertThat(model.growth(P)).isCloseTo(mid, within(1.0));
        assertThat(model.predict(P, 10 * MIB)).isCloseTo(70 * MIB, within(1.0));
        assertThat(model.predict(P, 1000 * MIB)).isCloseTo(40 * MIB + model.growth(P) + 1004 * MIB / 0.85
                + 32 * MIB, within(1.0));
        double low = 40 * MIB + atLow + 1004 * MIB / 0.9 + 32 * MIB;
        double high = 40 * MIB + atHigh + 1004 * MIB / 0.8 + 32 * MIB;
        assertThat(model.low(P, 1000 * MIB)).isCloseTo(low, within(1.0));
        assertThat(model.high(P, 1000 * MIB)).isCloseTo(high, within(1.0));
        assertThat(model.low(P, 1000 * MIB)).isLessThan(model.predict(P, 1000 * MIB));
        assertThat(model.high(P, 1000 * MIB)).isGreaterThan(model.predict(P, 1000 * MIB));
        // rows that disagree widen it: their smallest and largest baseline and growth
        RssModel two = RssModel.fit(List.of(row(100_000, 1, 64, IndexKind.BTREE, 10 * MIB, 70 * MIB, 40 * MIB),
                row(25_000, 1, 64, IndexKind.BTREE, 2.5 * MIB, 60 * MIB, 42 * MIB)));
        RssModel one = RssModel.fit(List.of(row(100_000, 1, 64, IndexKind.BTREE, 10 * MIB, 70 * MIB, 40 * MIB)));
        assertThat(two.baselineLow()).isEqualTo(40 * MIB);
        assertThat(two.baselineHigh()).isEqualTo(42 * MIB);
        assertThat(two.high(P, 1000 * MIB) - two.low(P, 1000 * MIB)).isGreaterThan(one.high(P, 1000 * MIB)
                - one.low(P, 1000 * MIB));
        assertThat(two.rows()).hasSize(2);
    }

    @Test
    void heldOutRowsWhoseHeapLandsAnywhereTheCollectorAllowsFallInsideTheBand() {
        // rows as the probe's JVM makes them: the old generation anywhere in the ratios its free ratios allow,
        // growth and baseline varying by a few MiB; each 1M row predicted from the 100K row of its configuration
        java.util.Random random = new java.util.Random(7);
        int inside = 0;
        int total = 0;
        for (int trial = 0; trial < 200; trial++) {
            List<RowResult> rows = new ArrayList<>();
            for (long n : List.of(25_000L, 100_000L, 1_000_000L)) {
                double heap = n * (64 + 48 + 5 * 16.0) + 65_000;
                double k = RssModel.K_LOW + random.nextDouble() * (RssModel.K_HIGH - RssModel.K_LOW);
                double baseline = (56 + random.nextDouble() * 2) * MIB;
                double growth = (20 + random.nextDouble()) * MIB;
                rows.add(row(n, 5, 64, IndexKind.BTREE, heap, baseline + growth + RssModel.heap(k, heap), baseline));
            }
            RowResult held = rows.get(2);
            Prediction p = Planner.predict(new PlanScenario(held.name(), held.params(), null, "held out"),
                    rows.subList(0, 2), "held out");
            double rss = held.metric(Metric.PROCESS_RSS).getAsDouble();
            total++;
            inside += rss >= p.rssLow() && rss <= p.rssHigh() ? 1 : 0;
            // the band is a few percent, not a blanket: both ends within 8 % of the prediction
            assertThat(p.rssHigh() / p.rss()).isLessThan(1.08);
            assertThat(p.rssLow() / p.rss()).isGreaterThan(0.92);
        }
        assertThat(total).isEqualTo(200);
        // growth and baseline of the held-out row vary beyond the one calibration row's: a few may fall outside
        assertThat(inside).isGreaterThanOrEqualTo(190);
    }

    @Test
    void predictionsCarryBandsAndRecommendationsByTheDocumentedRules() {
        List<RowResult> rows = new ArrayList<>();
        for (long n : List.of(10_000L, 25_000L, 100_000L)) {
            RowResult r = referenceRow(n, 5, 64, 0, 0);
            double heap = r.metrics().get("index.liveHeap");
            // 10 MiB of growth outside the heap at the middle ratio
            rows.add(row(n, 5, 64, IndexKind.REFERENCE, heap, 42 * MIB + 10 * MIB + RssModel.heap(RssModel.K_MID,
                    heap), 42 * MIB));
        }
        Prediction p = Planner.predict(scenario(10_000_000, 5, IndexKind.REFERENCE, 2L << 30), rows, "test");
        double heap = 65_000 + 1e7 * (176 + 80 + 64);
        HeapModel h = p.model().heap();
        assertThat(p.liveHeap()).isCloseTo(heap, within(1.0));
        // an exact fit: the band is the smallest, carried by the leverage 100 times beyond the rows (relative to
        // a prediction made of the same per-key cost as the rows', no wider)
        assertThat(h.looError()).isLessThan(1e-9);
        double carried = h.extrapolation(p.scenario().params(), 0);
        assertThat(carried).isGreaterThanOrEqualTo(1);
        assertThat(p.model().heapUncertainty()).isCloseTo(PlanRules.MIN_BAND * carried, within(1e-12));
        assertThat(p.liveHeapHigh()).isCloseTo(heap * (1 + p.model().heapUncertainty()), within(1.0));
        assertThat(p.liveHeapLow()).isCloseTo(heap * (1 - p.model().heapUncertainty()), within(1.0));
        assertThat(p.rss()).isCloseTo(42 * MIB + 10 * MIB + RssModel.heap(RssModel.K_MID, heap), within(16.0));
        assertThat(p.model().rss().offHeapData()).isFalse();
        assertThat(p.maxDirectMemory()).isZero();
        RowParams at = p.scenario().params();
        assertThat(p.rssLow()).isCloseTo(p.model().rss().low(at, p.liveHeapLow()), within(1.0));
        assertThat(p.rssHigh()).isCloseTo(p.model().rss().high(at, p.liveHeapHigh()), within(1.0));
        assertThat(p.model().rssUncertainty()).isCloseTo(Math.max(p.rss() - p.rssLow(), p.rssHigh() - p.rss())
                / p.rss(), within(1e-12));
        assertThat(p.xmx()).isEqualTo((long) Math.ceil((1.5 * p.liveHeapHigh() + 64 * MIB) / MIB) * (1L << 20));
        assertThat(p.containerLimit()).isEqualTo(
                (long) Math.ceil(1.1 * Math.max(p.rssHigh(), p.xmx() + 42 * MIB) / MIB) * (1L << 20));
        assertThat(p.xmx() % (1 << 20)).isZero();
        // 3.2 GB of index does not fit into 2 GiB
        assertThat(p.exceedsMachine()).isTrue();
        Prediction roomy = Planner.predict(scenario(10_000_000, 5, IndexKind.REFERENCE, 64L << 30), rows, "test");
        assertThat(roomy.exceedsMachine()).isFalse();
        assertThat(roomy.limitExceedsMachine()).isFalse();
        Prediction tight = Planner.predict(scenario(10_000_000, 5, IndexKind.REFERENCE,
                (long) (p.rss() * 1.01)), rows, "test");
        assertThat(tight.exceedsMachine()).isFalse();
        assertThat(tight.limitExceedsMachine()).isTrue();
        // rows of another index cannot answer
        assertThatThrownBy(() -> Planner.predict(scenario(1_000_000, 5, IndexKind.BTREE, null), rows, "test"))
                .hasMessageStartingWith("scenario s: no row measured index=btree");
    }

    @Test
    void aPoorFitWidensTheBandByItsLeaveOneOutError() {
        List<RowResult> rows = List.of(referenceRow(25_000, 1, 64, 60 * MIB, 42 * MIB),
                row(100_000, 1, 64, IndexKind.REFERENCE, 30e6, 90 * MIB, 42 * MIB),
                row(50_000, 1, 64, IndexKind.REFERENCE, 12e6, 70 * MIB, 42 * MIB));
        Prediction p = Planner.predict(scenario(1_000_000, 1, IndexKind.REFERENCE, null), rows, "test");
        HeapModel h = p.model().heap();
        assertThat(h.looError()).isGreaterThan(h.relativeRmsError()).isGreaterThan(PlanRules.MIN_BAND);
        assertThat(p.model().heapUncertainty()).isCloseTo(h.looError() * h.extrapolation(p.scenario().params(), 0),
                within(1e-12));
    }

    @Test
    void aFitWithNoRowToSpareDropsATermOrIsRefusedAndNamesTheRowToAdd() {
        // two key counts: c0 and c1 would pass through both rows exactly; c0 is dropped, one row is spare
        List<RowResult> two = List.of(referenceRow(25_000, 1, 64, 60 * MIB, 42 * MIB),
                referenceRow(100_000, 1, 64, 80 * MIB, 42 * MIB));
        HeapModel m = HeapModel.fit(Layout.DOUBLING_ARRAYS, two);
        assertThat(m.c0()).isZero();
        assertThat(m.determined()).isTrue();
        assertThat(m.looError()).isPositive(); // the 65 KB fixed part, seen per key at 25K and at 100K
        assertThat(m.relativeRmsError()).isPositive();
        assertThat(m.undetermined()).containsExactly("c0 (fixed bytes): no row to spare for it; add a row at a third"
                + " key count");
        // one row: nothing to leave out, no error to put in a band, and the plan says so
        List<RowResult> one = List.of(referenceRow(100_000, 1, 64, 80 * MIB, 42 * MIB));
        assertThat(HeapModel.fit(Layout.DOUBLING_ARRAYS, one).relativeRmsError()).isNaN();
        assertThatThrownBy(() -> Planner.predict(scenario(1_000_000, 1, IndexKind.REFERENCE, null), one, "test"))
                .hasMessageContaining("no row to spare").hasMessageContaining("add a row at another key count")
                .hasMessageNotContaining("0.00 %");
        String console = String.join("\n", PlanTables.render(new PlanResult("spec", "s.yaml", List.of(Planner.predict(
                scenario(1_000_000, 1, IndexKind.REFERENCE, null), two, "test")), List.of())));
        assertThat(console).contains("s: undetermined (heap) c0 (fixed bytes): no row to spare for it; add a row at a"
                + " third key count").contains("rules: band = max(3 %, e, s)").doesNotContain("fit RMS");
    }

    /** A row of a user's store whose data live off the heap: 2 MiB of heap, RSS growing 1,100 B per key beside. */
    private static RowResult offHeapRow(long keys, double noise) {
        RowParams p = RowParams.builder("w").keys(keys).versions(1).keySize(64).valueSize(1024)
                .keyPattern(KeyPattern.RANDOM).store(StoreKind.NONE).index(IndexKind.BTREE).seed(1).runs(1)
                .system(io.memstore.measure.spec.SystemKind.of("com.example.DirectStore")).build();
        double heap = 2 * MIB;
        double rss = 40 * MIB + 5 * MIB + RssModel.heap(RssModel.K_MID, heap) + keys * 1_100.0 * (1 + noise);
        return new RowResult("w/keys=" + keys, p, TestRows.metrics("index.liveHeap", heap, "process.rss", rss,
                "jvm.baselineRss", 40 * MIB, "process.peakRss", rss), Map.of(), 1);
    }

    @Test
    void rssThatGrowsOffTheHeapIsFittedToTheRowsAndTheDirectMemoryIsRecommended() {
        List<RowResult> rows = List.of(offHeapRow(100_000, 0.01), offHeapRow(500_000, -0.01));
        RowParams at = offHeapRow(2_000_000, 0).params();
        Prediction p = Planner.predict(new PlanScenario("big", at, null, "test"), rows, "test");
        double measured = offHeapRow(2_000_000, 0).metrics().get("process.rss");
        assertThat(p.model().rss().offHeapData()).isTrue();
        assertThat(Math.abs(p.rss() - measured) / measured).isLessThan(0.03);
        assertThat(measured).isBetween(p.rssLow(), p.rssHigh());
        // direct buffers are capped at -Xmx by default: the plan lifts the cap above the data
        assertThat(p.maxDirectMemory()).isGreaterThan((long) (2_000_000 * 1_100.0));
        assertThat(p.containerLimit()).isGreaterThan(p.xmx() + p.maxDirectMemory());
        assertThat(PlanTables.settings(p)).contains("-XX:MaxDirectMemorySize=");
        // the heap-derived model alone would have missed it by the data's size
        assertThat(p.model().rss().growth(at)).isGreaterThan(2_000_000 * 1_000.0);
        // and a plan never recommends less than its calibration rows took
        Prediction small = Planner.predict(new PlanScenario("small", offHeapRow(10_000, 0).params(), null, "t"),
                rows, "test");
        assertThat((double) small.containerLimit()).isGreaterThanOrEqualTo(1.1 * rows.get(1).metrics()
                .get("process.rss"));
    }

    /**
     * A row of a native store (RocksDB's shape): 3 MiB of growth outside the heap that does not depend on the keys,
     * give or take {@code noise} MiB, {@code uncounted} B per key more, and index blocks of 4 B per key that the
     * store counts itself (store.nativeBytes), or does not ({@code counts} false).
     */
    private static RowResult nativeRow(long keys, double noise, boolean counts) {
        return nativeRow(keys, noise, counts, 0);
    }

    private static RowResult nativeRow(long keys, double noise, boolean counts, double uncounted) {
        RowParams p = RowParams.builder("n").keys(keys).versions(1).keySize(64).valueSize(1024)
                .keyPattern(KeyPattern.RANDOM).store(StoreKind.NONE).index(IndexKind.BTREE).seed(1).runs(1)
                .system(io.memstore.measure.spec.SystemKind.ROCKSDB).build();
        double heap = 20_000;
        double indexBlocks = keys * 4.0;
        double rss = 60 * MIB + (3 + noise) * MIB + RssModel.heap(RssModel.K_MID, heap) + indexBlocks
                + uncounted * keys;
        Map<String, Double> m = new java.util.LinkedHashMap<>(TestRows.metrics("index.liveHeap", heap, "process.rss",
                rss, "jvm.baselineRss", 60 * MIB, "process.peakRss", rss + 90 * MIB));
        if (counts) {
            m.put("store.nativeBytes", indexBlocks);
        }
        return new RowResult("n/keys=" + keys, p, m, Map.of(), 1);
    }

    @Test
    void whatTheTargetCountsOutsideTheHeapIsExtrapolatedApartFromTheRssNoise() {
        // at 100K to 500K keys the index blocks (0.4 to 1.9 MiB) drown in a megabyte of noise; at 2M they are 7.6 MiB
        double[] noise = {0.9, -0.5, -0.4};
        long[] keys = {100_000, 250_000, 500_000};
        List<RowResult> counted = new java.util.ArrayList<>();
        List<RowResult> uncounted = new java.util.ArrayList<>();
        for (int i = 0; i < keys.length; i++) {
            counted.add(nativeRow(keys[i], noise[i], true));
            uncounted.add(nativeRow(keys[i], noise[i], false));
        }
        RowResult big = nativeRow(2_000_000, 0, true);
        double measured = big.metrics().get("process.rss");
        Prediction withCount = Planner.predict(new PlanScenario("big", big.params(), null, "test"), counted, "test");
        Prediction without = Planner.predict(new PlanScenario("big", big.params(), null, "test"), uncounted, "test");
        assertThat(measured).isBetween(withCount.rssLow(), withCount.rssHigh());
        assertThat(Math.abs(withCount.rss() - measured) / measured).isLessThan(0.02);
        // the count is carried to the planned size: 4 B per key, within the line's own band
        assertThat(withCount.model().rss().growth(big.params()) - uncountedMedian(noise))
                .isCloseTo(2_000_000 * 4.0, within(2_000_000 * 4.0 * 0.05));
        assertThat(withCount.model().rss().describeGrowth()).startsWith("median of the rows + counted by the target")
                .contains("B per key");
        // from the RSS alone, the rows' noise hides it: the plan is low by the blocks the rows could not show
        assertThat(measured - without.rss()).isGreaterThan(5 * MIB);
        assertThat(without.model().rss().describeGrowth()).isEqualTo("median of the rows");
        // a native store grows outside the heap without direct buffers: no cap below -Xmx, the default one
        assertThat(withCount.maxDirectMemory()).isZero();
        assertThat(PlanTables.settings(withCount)).doesNotContain("MaxDirectMemorySize");

        // a cost the store does not count, 2.5 B per key, lost in the same noise: the prediction misses it, but its
        // band carries the slope the rows cannot rule out (their half range over their keys' spread) to 2M keys
        List<RowResult> partly = new java.util.ArrayList<>();
        for (int i = 0; i < keys.length; i++) {
            partly.add(nativeRow(keys[i], noise[i], true, 2.5));
        }
        RowResult bigger = nativeRow(2_000_000, 0, true, 2.5);
        double truth = bigger.metrics().get("process.rss");
        Prediction plan = Planner.predict(new PlanScenario("big", bigger.params(), null, "test"), partly, "test");
        assertThat(plan.rss()).isLessThan(truth - 1.5 * 2.5 * MIB);
        assertThat(truth).isBetween(plan.rssLow(), plan.rssHigh()); // without the allowance, above the band
    }

    /** The median of the rows' growth less the count, as {@link #nativeRow} makes it (B). */
    private static double uncountedMedian(double[] noise) {
        double[] s = noise.clone();
        java.util.Arrays.sort(s);
        return (3 + s[s.length / 2]) * MIB;
    }

    /** A user's store that keeps copies of its values on the heap: 120 B per key and 1.05 B per value byte. */
    private static RowResult heapValuesRow(long keys, int valueSize) {
        RowParams p = RowParams.builder("v").keys(keys).valueSize(valueSize).store(StoreKind.NONE)
                .index(IndexKind.BTREE).system(io.memstore.measure.spec.SystemKind.of("com.example.Cache")).build();
        double heap = 40_000 + keys * (120.0 + 64) + keys * 1.05 * valueSize;
        return new RowResult("v/keys=" + keys + ",valueSize=" + valueSize, p, TestRows.metrics("index.liveHeap", heap,
                "process.rss", 50 * MIB + RssModel.heap(RssModel.K_MID, heap), "jvm.baselineRss", 50 * MIB), Map.of(), 1);
    }

    @Test
    void valuesKeptOnTheHeapArePaidPerByteOnceTheRowsMeasuredTwoSizes() {
        List<RowResult> rows = new ArrayList<>();
        for (long n : List.of(25_000L, 50_000L, 100_000L)) {
            for (int v : List.of(256, 1024)) {
                rows.add(heapValuesRow(n, v));
            }
        }
        RowParams at = heapValuesRow(1_000_000, 4096).params();
        Prediction p = Planner.predict(new PlanScenario("big", at, null, "test"), rows, "test");
        assertThat(p.model().heap().cval()).isCloseTo(1.05, within(1e-6));
        assertThat(p.liveHeap()).isCloseTo(heapValuesRow(1_000_000, 4096).metrics().get("index.liveHeap"),
                within(1.0));
        assertThat(PlanTables.render(new PlanResult("v", "v.yaml", List.of(p), List.of())))
                .anyMatch(l -> l.contains("cval = 1.05 B per value byte"))
                .anyMatch(l -> l.startsWith("big ") && l.contains("4KiB"));
        // rows at one value size speak only for it, and say what to measure
        List<RowResult> one = rows.stream().filter(r -> r.params().valueSize() == 256).toList();
        assertThatThrownBy(() -> Planner.predict(new PlanScenario("big", at, null, "test"), one, "test"))
                .hasMessageContaining("the matching rows stored values of 256B (mean) and the scenario 4KiB: measure"
                        + " rows at a second valueSize");
    }

    @Test
    void planJsonHasTheIssuesLayout() {
        List<RowResult> rows = List.of(referenceRow(25_000, 1, 64, 50 * MIB, 42 * MIB),
                referenceRow(100_000, 1, 64, 80 * MIB, 42 * MIB));
        Prediction p = Planner.predict(scenario(1_000_000, 1, IndexKind.REFERENCE, 1L << 30), rows, "memstore.json");
        assertThat(p.model().heap().c0()).isZero(); // two key counts: no row to spare for c0
        String json = PlanJson.toJson(new PlanResult("spec", "s.yaml", List.of(p), rows));
        assertThat(json).contains("\"schemaVersion\": 1", "\"scenarios\": [", "\"predicted\": {\"index.liveHeap\": "
                + Math.round(p.liveHeap()) + ", \"process.rss\": " + Math.round(p.rss()) + "}",
                "\"recommended\": {\"xmx\": " + p.xmx() + ", \"containerLimit\": " + p.containerLimit()
                        + ", \"maxDirectMemory\": null, \"peakRssHigh\": null}", "\"looError\": ",
                "\"undetermined\": [\"c0 (fixed bytes)",
                "\"fits\": true", "\"layout\": \"doubling-arrays\"", "\"model\": {", "\"calibration\": [");
        List<String> console = PlanTables.render(new PlanResult("spec", "s.yaml", List.of(p), List.of()));
        assertThat(String.join("\n", console)).contains("capacity plan", " fits", "s: c0 + N*(c1 + align8(16 +"
                + " keySize))");
        assertThat(console).allMatch(l -> !l.endsWith(" "));
    }
}
