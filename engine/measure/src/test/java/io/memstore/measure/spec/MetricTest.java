package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MetricTest {

    @Test
    void theListIsTheContract() {
        assertThat(Metric.names()).containsExactly("index.liveHeap", "index.allocated", "index.bytesPerKey",
                "process.rss", "process.peakRss", "process.rssAnon", "process.rssFile", "jvm.baselineRss",
                "store.fileSize", "store.nativeBytes", "load.seconds", "load.putsPerSecond", "get.opsPerSecond", "reopen.seconds",
                "reopen.revisionsPerSecond", "reopen.rss", "reopen.goHeap", "watch.events", "etcd.m1.rss", "etcd.m2.rss",
                "etcd.m3.rss", "process.bytesPerKey", "index.overheadPerKey", "process.rssGrowth", "row.seconds",
                "model.c1", "model.c2", "model.relativeRmsError");
        for (Metric m : Metric.values()) {
            assertThat(Metric.byName(m.metricName())).contains(m);
            assertThat(m.description()).isNotBlank();
            assertThat(m.isModel()).isEqualTo(m.metricName().startsWith("model."));
        }
        assertThat(Metric.byName("index.liveheap")).isEmpty();
    }

    @Test
    void unitsDecideTheFormat() {
        assertThat(Metric.PROCESS_RSS.unit()).isEqualTo(MetricUnit.BYTES);
        assertThat(Metric.LOAD_SECONDS.unit()).isEqualTo(MetricUnit.SECONDS);
        assertThat(Metric.GET_OPS_PER_SECOND.unit()).isEqualTo(MetricUnit.OPS_PER_SECOND);
        assertThat(Metric.MODEL_RELATIVE_RMS_ERROR.unit()).isEqualTo(MetricUnit.RATIO);
        assertThat(Metric.MODEL_C1.unit()).isEqualTo(MetricUnit.BYTES);
        assertThat(MetricUnit.BYTES.format(123_000_000)).isEqualTo("117.3 MiB");
        assertThat(MetricUnit.SECONDS.format(2.35)).isEqualTo("2.350 s");
        assertThat(MetricUnit.OPS_PER_SECOND.format(812_345.4)).isEqualTo("812,345 ops/s");
        assertThat(MetricUnit.RATIO.format(0.03125)).isEqualTo("0.0313");
    }
}
