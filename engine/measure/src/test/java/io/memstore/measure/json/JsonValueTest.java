package io.memstore.measure.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The probe's result file: a flat object of numbers, written by JsonWriter in the child, read back here. */
class JsonValueTest {
    private static Map<String, Double> numbers(String text) throws JsonFormatException {
        return JsonValue.parse(text, "probe.json").numbers();
    }

    @Test
    void aProbeResultRoundTripsNumbersAndNullsInOrder() throws Exception {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("index.liveHeap", 264_056_856L);
        m.put("index.bytesPerKey", 264.056856);
        m.put("process.rss", null);
        m.put("get.opsPerSecond", Double.NaN);
        m.put("odd \"name\"", 1.5e-7);
        String text = JsonWriter.write(m);
        assertThat(text).contains("\"index.liveHeap\": 264056856").contains("\"process.rss\": null");
        Map<String, Double> back = numbers(text);
        assertThat(back.keySet()).containsExactly("index.liveHeap", "index.bytesPerKey", "process.rss",
                "get.opsPerSecond", "odd \"name\"");
        assertThat(back.get("index.liveHeap")).isEqualTo(264_056_856.0);
        assertThat(back.get("index.bytesPerKey")).isEqualTo(264.056856);
        assertThat(back.get("process.rss")).isNull();
        assertThat(back.get("get.opsPerSecond")).isNull();
        assertThat(back.get("odd \"name\"")).isEqualTo(1.5e-7);
    }

    @Test
    void readsEmptyAndCompactObjects() throws Exception {
        assertThat(numbers(" { } ")).isEmpty();
        assertThat(numbers("{\"a\":1,\"b\":-2.5E3}")).containsEntry("a", 1.0).containsEntry("b", -2500.0);
    }

    @Test
    void rejectsOtherShapesWithTheFileLineAndField() {
        assertThatThrownBy(() -> numbers("{\"a\": \"x\"}")).isInstanceOf(JsonFormatException.class)
                .hasMessage("probe.json:1:7: a: expected a number, found the string \"x\"");
        assertThatThrownBy(() -> numbers("{\"a\": 1")).isInstanceOf(JsonFormatException.class)
                .hasMessageStartingWith("probe.json:1:").hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> numbers("{\"a\": 1} x")).isInstanceOf(JsonFormatException.class)
                .hasMessageStartingWith("probe.json:1:");
        assertThatThrownBy(() -> numbers("{\"a\": 1, \"a\": 2}")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("a");
        assertThatThrownBy(() -> numbers("")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> numbers("[1, 2]")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("expected an object");
    }
}
