package io.memstore.systems;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class PrometheusTextTest {
    @Test
    void readsLabelFreeSamplesAndSkipsTheRest() {
        String text = """
                # HELP process_resident_memory_bytes Resident memory size in bytes.
                # TYPE process_resident_memory_bytes gauge
                process_resident_memory_bytes 3.8555648e+07
                go_memstats_heap_inuse_bytes{job="x"} 1
                go_memstats_heap_inuse_bytes 1.2345e+06 1700000000000
                etcd_server_has_leader NaN-ish
                etcd_mvcc_db_total_size_in_bytes
                unrelated 5
                """;
        var samples = PrometheusText.samples(text, Set.of("process_resident_memory_bytes",
                "go_memstats_heap_inuse_bytes", "etcd_server_has_leader", "etcd_mvcc_db_total_size_in_bytes"));
        assertThat(samples).containsOnlyKeys("process_resident_memory_bytes", "go_memstats_heap_inuse_bytes");
        assertThat(samples.get("process_resident_memory_bytes")).isEqualTo(38_555_648.0);
        assertThat(samples.get("go_memstats_heap_inuse_bytes")).isEqualTo(1_234_500.0);
    }
}
