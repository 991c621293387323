package io.memstore.measure.run;

import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Units;

import java.util.ArrayList;
import java.util.List;

/**
 * The one line a finished row leaves in the build log: its position and name, the figures a reader looks for
 * first, and how long it took, e.g.
 * {@code row 2/12 index/keys=1M,versions=5: index 101.7 MiB (106.7 B/key), RSS 195.5 MiB, 58K puts/s, 21 s}.
 * A figure the row did not measure is left out. A row whose growth is mostly off the heap (RocksDB, direct buffers)
 * leads with the process's growth over the JVM's baseline: {@code process +64.4 MiB (3376.6 B/key), index 0.0 MiB
 * (0.4 B/key), ...}. The line stays within {@link #MAX_WIDTH} characters: a long row
 * name is shortened in its middle.
 */
final class RowLine {
    /** Characters of the line at most; with Maven's {@code [INFO] } prefix it stays within 160. */
    static final int MAX_WIDTH = 150;
    /**
     * A row whose live heap is less than this share of its RSS growth keeps its data mostly off the heap: its line
     * leads with the process's growth ({@code process.bytesPerKey}).
     */
    static final double OFF_HEAP_SHARE = 0.25;

    private RowLine() {
    }

    static String of(RowMeasurement m, int position, int total, double seconds) {
        List<String> figures = new ArrayList<>();
        Double heap = m.median().get(Metric.INDEX_LIVE_HEAP.metricName());
        long keys = m.row().params().keys();
        Double process = m.median().get(Metric.PROCESS_BYTES_PER_KEY.metricName());
        if (process != null && keys > 0 && (heap == null || heap < OFF_HEAP_SHARE * process * keys)) {
            // a store that keeps its data off the heap: its growth is the figure, not an index of 0.0 MiB
            figures.add("process +" + Units.mib(process * keys) + " MiB (" + Units.perKey(process * keys, keys)
                    + " B/key)");
        }
        if (heap != null) {
            figures.add("index " + Units.mib(heap) + " MiB" + (keys > 0 ? " (" + Units.perKey(heap, keys) + " B/key)"
                    : ""));
        }
        Double rss = m.median().get(Metric.PROCESS_RSS.metricName());
        if (rss != null) {
            figures.add("RSS " + Units.mib(rss) + " MiB");
        }
        Double puts = m.median().get(Metric.LOAD_PUTS_PER_SECOND.metricName());
        if (puts != null) {
            figures.add(Units.whole(puts) + " puts/s");
        }
        figures.add(Math.round(seconds) + " s" + (m.runs() > 1 ? " (" + m.runs() + " runs, medians)" : ""));
        String tail = ": " + String.join(", ", figures);
        String head = "row " + position + "/" + total + " ";
        int room = MAX_WIDTH - head.length() - tail.length();
        return head + shortened(m.row().name(), Math.max(room, 12)) + tail;
    }

    /** {@code name}, or its start and end around an ellipsis when it is longer than {@code max}. */
    static String shortened(String name, int max) {
        if (name.length() <= max) {
            return name;
        }
        int keep = max - 3;
        return name.substring(0, (keep + 1) / 2) + "..." + name.substring(name.length() - keep / 2);
    }
}
