package io.memstore.measure.probe;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FlatJsonTest {
    @Test
    void roundTripsNumbersAndNullsInOrder() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("index.liveHeap", 264_056_856L);
        m.put("index.bytesPerKey", 264.056856);
        m.put("process.rss", null);
        m.put("get.opsPerSecond", Double.NaN);
        m.put("odd \"name\"", 1.5e-7);
        String text = FlatJson.write(m);
        assertThat(text).contains("\"index.liveHeap\": 264056856,").contains("\"process.rss\": null");
        Map<String, Double> back = FlatJson.parse(text);
        assertThat(back.keySet()).containsExactly("index.liveHeap", "index.bytesPerKey", "process.rss",
                "get.opsPerSecond", "odd \"name\"");
        assertThat(back.get("index.liveHeap")).isEqualTo(264_056_856.0);
        assertThat(back.get("index.bytesPerKey")).isEqualTo(264.056856);
        assertThat(back.get("process.rss")).isNull();
        assertThat(back.get("get.opsPerSecond")).isNull();
        assertThat(back.get("odd \"name\"")).isEqualTo(1.5e-7);
    }

    @Test
    void readsEmptyAndCompactObjects() {
        assertThat(FlatJson.parse(" { } ")).isEmpty();
        assertThat(FlatJson.parse("{\"a\":1,\"b\":-2.5E3}")).containsEntry("a", 1.0).containsEntry("b", -2500.0);
    }

    @Test
    void rejectsOtherShapesWithThePosition() {
        assertThatThrownBy(() -> FlatJson.parse("{\"a\": \"x\"}"))
                .hasMessage("probe result, character 7: expected a number or null, found '\"'");
        assertThatThrownBy(() -> FlatJson.parse("{\"a\": 1"))
                .hasMessageContaining("expected ',' or '}', found the end of the text");
        assertThatThrownBy(() -> FlatJson.parse("{\"a\": 1} x")).hasMessageContaining("expected the end of the text");
        assertThatThrownBy(() -> FlatJson.parse("{\"a\": 1, \"a\": 2}")).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> FlatJson.parse("")).hasMessageContaining("expected '{'");
    }
}
