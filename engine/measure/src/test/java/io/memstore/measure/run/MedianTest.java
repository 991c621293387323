package io.memstore.measure.run;

import io.memstore.measure.result.TestRows;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.memstore.measure.result.TestRows.metrics;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MedianTest {
    @Test
    void oddRunsTakeTheMiddleValueAndSpreadIsMaxMinusMin() {
        Median m = Median.of(List.of(metrics("index.liveHeap", 300, "load.seconds", 1.5),
                metrics("index.liveHeap", 100, "load.seconds", 0.5),
                metrics("index.liveHeap", 200, "load.seconds", 9.0)));

        assertThat(m.medians()).containsExactly(Map.entry("index.liveHeap", 200.0), Map.entry("load.seconds", 1.5));
        assertThat(m.spread()).containsExactly(Map.entry("index.liveHeap", 200.0), Map.entry("load.seconds", 8.5));
        assertThat(m.runs()).isEqualTo(3);
    }

    @Test
    void evenRunsAverageTheTwoMiddleValues() {
        Median m = Median.of(List.of(metrics("process.rss", 10), metrics("process.rss", 40),
                metrics("process.rss", 20), metrics("process.rss", 1000)));
        assertThat(m.medians().get("process.rss")).isEqualTo(30.0);
        assertThat(m.spread().get("process.rss")).isEqualTo(990.0);
    }

    @Test
    void unavailableMetricsStayAbsentAndPartialOnesUseTheRunsThatHaveThem() {
        Median m = Median.of(List.of(metrics("process.rss", 10, "process.rssAnon", null),
                metrics("process.rss", 30, "process.rssAnon", Double.NaN, "process.peakRss", 50),
                metrics("process.rss", 20)));

        assertThat(m.medians()).containsOnlyKeys("process.rss", "process.peakRss");
        assertThat(m.medians().get("process.peakRss")).isEqualTo(50.0);
        assertThat(m.spread().get("process.peakRss")).isZero();
        assertThat(m.runs()).isEqualTo(3);
    }

    @Test
    void resultsAreInCanonicalMetricOrder() {
        Median m = Median.of(List.of(metrics("get.opsPerSecond", 1, "index.liveHeap", 2, "process.rss", 3)));
        assertThat(m.medians().keySet()).containsExactly("index.liveHeap", "process.rss", "get.opsPerSecond");
    }

    @Test
    void rejectsNoRunsAndUnknownMetrics() {
        assertThatThrownBy(() -> Median.of(List.of())).hasMessageContaining("at least one run");
        assertThatThrownBy(() -> Median.of(List.of(metrics("index.liveheap", 1))))
                .hasMessageContaining("unknown row metric 'index.liveheap'").hasMessageContaining("index.liveHeap");
        assertThatThrownBy(() -> Median.of(List.of(metrics("model.c1", 1))))
                .hasMessageContaining("unknown row metric 'model.c1'");
    }
}
