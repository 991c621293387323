package io.memstore.measure.json;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonWriterTest {
    @Test
    void escapesQuotesBackslashesAndControlCharacters() {
        assertThat(JsonWriter.quote("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
        assertThat(JsonWriter.quote("\n\r\t\b\f")).isEqualTo("\"\\n\\r\\t\\b\\f\"");
        assertThat(JsonWriter.quote("\u0000\u001f\u007f\u0085\u009f")).isEqualTo("\"\\u0000\\u001f\\u007f\\u0085\\u009f\"");
    }

    @Test
    void escapesLineAndParagraphSeparatorsAndLoneSurrogates() {
        assertThat(JsonWriter.quote("x\u2028y\u2029z")).isEqualTo("\"x\\u2028y\\u2029z\"");
        assertThat(JsonWriter.quote("\ud800|\udfff")).isEqualTo("\"\\ud800|\\udfff\"");
        assertThat(JsonWriter.quote("\ufeff\ufffe\uffff")).isEqualTo("\"\\ufeff\\ufffe\\uffff\"");
    }

    @Test
    void keepsOtherUnicodeAndSurrogatePairsRaw() {
        assertThat(JsonWriter.quote("é 漢 \ud83d\ude00 /")).isEqualTo("\"é 漢 \ud83d\ude00 /\"");
    }

    @Test
    void writesNaNAndInfinityAsNullAndWholeDoublesWithAFraction() {
        List<Object> values = Arrays.asList(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, 3L,
                -2.5, 190000000.5, 1e25, 1.5e-9, null, true);
        assertThat(JsonWriter.write(values))
                .isEqualTo("[null, null, null, 0.0, 3, -2.5, 190000000.5, 1.0E25, 1.5E-9, null, true]\n");
    }

    @Test
    void prettyPrintsContainersAndInlinesShortScalarOnes() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("b", 1L);
        inner.put("a", "x");
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("z", inner);
        root.put("list", List.of(List.of(1L), Map.of()));
        root.put("empty", List.of());
        assertThat(JsonWriter.write(root)).isEqualTo("""
                {
                  "z": {"b": 1, "a": "x"},
                  "list": [
                    [1],
                    {}
                  ],
                  "empty": []
                }
                """);
    }

    @Test
    void rejectsValuesJsonCannotHold() {
        assertThatThrownBy(() -> JsonWriter.write(List.of(new Object()))).hasMessageContaining("cannot write");
        assertThatThrownBy(() -> JsonWriter.write(Map.of(1, 2))).hasMessageContaining("keys must be strings");
    }

    @Test
    void everyUtf16CodeUnitRoundTripsThroughTheReader() throws Exception {
        // Every BMP code unit, each followed by 'a' so surrogates stay unpaired, then a real pair.
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c <= 0xffff; c++) {
            sb.append((char) c).append('a');
        }
        sb.append("\ud83d\ude00");
        String all = sb.toString();
        String json = JsonWriter.write(Map.of("s", all));

        assertThat(json.chars().filter(c -> c < 0x20 && c != '\n')).isEmpty();
        assertThat(json).doesNotContain("\u2028", "\u2029", "\u0085");
        assertThat(JsonValue.parse(json, "all.json").field("s").string()).isEqualTo(all);
    }

    @Test
    void numbersRoundTripExactly() throws Exception {
        List<Object> values = new ArrayList<>(List.of(0.1, 1.0 / 3, 123456789.123, 1e-7, 9.999999999999999e20,
                Double.MIN_VALUE, Double.MAX_VALUE, -0.5, 4.9e-324, 190000000.5));
        values.add(Long.MAX_VALUE);
        values.add(Long.MIN_VALUE);
        List<JsonValue> read = JsonValue.parse(JsonWriter.write(Map.of("v", values)), "n.json").field("v").elements();
        for (int i = 0; i < values.size() - 2; i++) {
            assertThat(read.get(i).number()).isEqualTo((Double) values.get(i));
        }
        assertThat(read.get(values.size() - 2).longValue()).isEqualTo(Long.MAX_VALUE);
        assertThat(read.get(values.size() - 1).longValue()).isEqualTo(Long.MIN_VALUE);
    }
}
