package io.memstore.measure.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowLineTest {
    private static RowMeasurement measured(String name, Map<String, Double> metrics, int runs) {
        Row row = new Row(name, RowParams.builder("w").keys(1_000_000).versions(5).valueSize(0).store(StoreKind.NONE)
                .runs(runs).build());
        return new RowMeasurement(row, metrics, Map.of(), runs, List.of());
    }

    @Test
    void aFinishedRowGivesItsKeyFiguresAndTime() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("index.liveHeap", 101.7 * 1024 * 1024);
        m.put("process.rss", 195.5 * 1024 * 1024);
        m.put("load.putsPerSecond", 58_123.4);
        assertThat(RowLine.of(measured("index/keys=1M,versions=5", m, 1), 2, 12, 20.6))
                .isEqualTo("row 2/12 index/keys=1M,versions=5: index 101.7 MiB (106.6 B/key), RSS 195.5 MiB,"
                        + " 58,123 puts/s, 21 s");
    }

    @Test
    void aRowWhoseGrowthIsMostlyOffTheHeapLeadsWithTheProcesssGrowth() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("index.liveHeap", 0.4 * 1_000_000);
        m.put("process.rss", 98.4 * 1024 * 1024);
        m.put("process.bytesPerKey", 64.4 * 1024 * 1024 / 1_000_000);
        assertThat(RowLine.of(measured("off/system=rocksdb", m, 1), 2, 4, 30))
                .isEqualTo("row 2/4 off/system=rocksdb: process +64.4 MiB (67.5 B/key), index 0.4 MiB (0.4 B/key),"
                        + " RSS 98.4 MiB, 30 s");
        // a heap that holds a quarter of the growth or more: the index leads, as before
        m.put("index.liveHeap", 20.0 * 1024 * 1024);
        assertThat(RowLine.of(measured("w", m, 1), 1, 1, 1)).startsWith("row 1/1 w: index 20.0 MiB");
    }

    @Test
    void whatARowDidNotMeasureIsLeftOutAndSeveralRunsSaySo() {
        assertThat(RowLine.of(measured("w", Map.of(), 3), 1, 1, 4.2)).isEqualTo("row 1/1 w: 4 s (3 runs, medians)");
    }

    @Test
    void aLongRowNameIsShortenedInItsMiddleSoTheLineFits() {
        String name = "w/" + "keySize=64B,".repeat(30) + "end";
        String line = RowLine.of(measured(name, Map.of("index.liveHeap", 1e6), 1), 10, 10, 1);
        assertThat(line).hasSizeLessThanOrEqualTo(RowLine.MAX_WIDTH).startsWith("row 10/10 w/keySize=64B")
                .contains("...").contains("end: index 1.0 MiB");
    }
}
