package io.memstore.systems;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads samples of the Prometheus text exposition format, as served by etcd's {@code /metrics}: lines of
 * {@code name value} or {@code name{labels} value} (an optional timestamp after the value), comments starting
 * with {@code #}. Only label-free samples are read, which is how etcd reports the process and Go runtime gauges
 * and its db size.
 */
final class PrometheusText {
    private PrometheusText() {
    }

    /** The values of the wanted label-free samples found in the text; names not found are absent. */
    static Map<String, Double> samples(String text, Set<String> wanted) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] parts = l.split("\\s+");
            if (parts.length < 2 || parts[0].indexOf('{') >= 0 || !wanted.contains(parts[0])) {
                continue;
            }
            try {
                out.put(parts[0], Double.parseDouble(parts[1]));
            } catch (NumberFormatException e) {
                // not a sample value: skipped, the metric stays unavailable
            }
        }
        return out;
    }
}
