package io.memstore.measure.run;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RowMeasurementTest {
    private static final Row ROW = new Row("r", RowParams.builder("w").keys(10).keySize(8).valueSize(0)
            .store(StoreKind.NONE).index(IndexKind.REFERENCE).runs(3).build());

    private static Map<String, Double> run(Double heap, Double rss) {
        Map<String, Double> m = new HashMap<>();
        m.put("heap", heap);
        m.put("rss", rss);
        return m;
    }

    @Test
    void medianAndSpreadPerMetric() {
        RowMeasurement m = RowMeasurement.of(ROW, List.of(run(30.0, null), run(10.0, null), run(20.0, 5.0)),
                List.of("-Xmx1g"));
        assertThat(m.median("heap")).isEqualTo(20.0);
        assertThat(m.spread("heap")).isEqualTo(20.0);
        // a run that could not read RSS is left out; the others still give a median
        assertThat(m.median("rss")).isEqualTo(5.0);
        assertThat(m.spread("rss")).isZero();
        assertThat(m.runs()).isEqualTo(3);
        assertThat(m.jvmArgs()).containsExactly("-Xmx1g");
    }

    @Test
    void evenRunsAverageTheMiddleTwoAndUnavailableStaysNull() {
        RowMeasurement m = RowMeasurement.of(ROW, List.of(run(1.0, null), run(4.0, null), run(2.0, null),
                run(100.0, null)), List.of());
        assertThat(m.median("heap")).isEqualTo(3.0);
        assertThat(m.spread("heap")).isEqualTo(99.0);
        assertThat(m.median()).containsKey("rss");
        assertThat(m.median("rss")).isNull();
        assertThat(m.spread("rss")).isNull();
        assertThat(m.median("never reported")).isNull();
    }

    @Test
    void theRowResultKeepsTheKnownMetricsOnly() {
        Map<String, Double> run = new HashMap<>();
        run.put(Metric.INDEX_LIVE_HEAP.metricName(), 1000.0);
        run.put(Metric.PROCESS_RSS.metricName(), null);
        run.put("jvm.maxHeap", 1.0e9);
        RowResult r = RowMeasurement.of(ROW, List.of(run), List.of()).toRowResult();
        assertThat(r.name()).isEqualTo("r");
        assertThat(r.params()).isEqualTo(ROW.params());
        assertThat(r.metrics()).containsOnlyKeys(Metric.INDEX_LIVE_HEAP.metricName());
        assertThat(r.metric(Metric.INDEX_LIVE_HEAP)).hasValue(1000.0);
        assertThat(r.metric(Metric.PROCESS_RSS)).isEmpty();
        assertThat(r.spreadOf(Metric.INDEX_LIVE_HEAP)).hasValue(0.0);
        assertThat(r.runs()).isEqualTo(1);
    }
}
