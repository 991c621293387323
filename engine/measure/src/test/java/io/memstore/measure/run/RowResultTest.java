package io.memstore.measure.run;

import io.memstore.measure.result.TestRows;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Row;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.memstore.measure.result.TestRows.metrics;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RowResultTest {
    private static final Row ROW = new Row("index/keys=1K", TestRows.params("index", 1000, 1, 8, IndexKind.BTREE));

    @Test
    void buildsFromAMedianAndKeepsUnavailableMetricsAbsent() {
        RowResult r = RowResult.of(ROW, Median.of(List.of(metrics("process.rss", 5, "index.liveHeap", 7),
                metrics("process.rss", 9, "index.liveHeap", 7))));

        assertThat(r.name()).isEqualTo("index/keys=1K");
        assertThat(r.workload()).isEqualTo("index");
        assertThat(r.row()).isEqualTo(ROW);
        assertThat(r.metrics().keySet()).containsExactly("index.liveHeap", "process.rss");
        assertThat(r.metric(Metric.PROCESS_RSS)).hasValue(7.0);
        assertThat(r.spreadOf(Metric.PROCESS_RSS)).hasValue(4.0);
        assertThat(r.metric(Metric.PROCESS_RSS_ANON)).isEmpty();
        assertThat(r.runs()).isEqualTo(2);
    }

    @Test
    void nullAndNaNMeanUnavailable() {
        RowResult r = new RowResult("r", ROW.params(), metrics("process.rss", null, "process.peakRss", Double.NaN,
                "index.liveHeap", 1), Map.of(), 1);
        assertThat(r.metrics()).containsOnlyKeys("index.liveHeap");
    }

    @Test
    void rejectsWhatCannotBeAResult() {
        assertThatThrownBy(() -> new RowResult(" ", ROW.params(), Map.of(), Map.of(), 1))
                .hasMessageContaining("row name must not be blank");
        assertThatThrownBy(() -> new RowResult("r", ROW.params(), metrics("heap", 1), Map.of(), 1))
                .hasMessageContaining("metrics of row r: unknown row metric 'heap'");
        assertThatThrownBy(() -> new RowResult("r", ROW.params(), Map.of(), metrics("process.rss", 1), 1))
                .hasMessageContaining("spread for process.rss but no value");
        assertThatThrownBy(() -> new RowResult("r", ROW.params(), metrics("process.rss", Double.POSITIVE_INFINITY),
                Map.of(), 1)).hasMessageContaining("infinite");
        assertThatThrownBy(() -> new RowResult("r", ROW.params(), Map.of(), Map.of(), -1))
                .hasMessageContaining("runs must not be negative");
    }
}
