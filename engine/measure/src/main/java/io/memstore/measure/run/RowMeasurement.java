package io.memstore.measure.run;

import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Row;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The measurement of one row over {@code runs} forked runs: per metric ({@link io.memstore.measure.probe.Metrics}
 * names) the median of the runs and the spread (max - min). A metric that no run could provide (no /proc, a
 * row without store) is present with a null value in both maps; runs that reported null are left out of
 * the median of the others.
 *
 * @param jvmArgs the child's JVM flags as run: the probe's fixed flags, then the user's
 * @param account the account of the run whose index.liveHeap is the median (of an even count of runs, the lower of
 *                the two middle ones), so that it adds up to a live heap that was measured; null when no run had one
 * @param notes   what the runs left out or did otherwise than a full-size run ({@link RowNotes}); empty for none
 */
public record RowMeasurement(Row row, Map<String, Double> median, Map<String, Double> spread, int runs,
                             List<String> jvmArgs, RowAccount account, List<String> notes) {

    public RowMeasurement {
        Objects.requireNonNull(row, "row");
        median = Collections.unmodifiableMap(new LinkedHashMap<>(median));
        spread = Collections.unmodifiableMap(new LinkedHashMap<>(spread));
        jvmArgs = List.copyOf(jvmArgs);
        notes = List.copyOf(notes);
    }

    /** A measurement without an account and without notes. */
    public RowMeasurement(Row row, Map<String, Double> median, Map<String, Double> spread, int runs,
                          List<String> jvmArgs) {
        this(row, median, spread, runs, jvmArgs, null, List.of());
    }

    /** A measurement with this account (or null for none) and without notes. */
    public RowMeasurement(Row row, Map<String, Double> median, Map<String, Double> spread, int runs,
                          List<String> jvmArgs, RowAccount account) {
        this(row, median, spread, runs, jvmArgs, account, List.of());
    }

    /** A measurement without an account, with these notes. */
    public RowMeasurement(Row row, Map<String, Double> median, Map<String, Double> spread, int runs,
                          List<String> jvmArgs, List<String> notes) {
        this(row, median, spread, runs, jvmArgs, null, notes);
    }

    /** The same measurement with these notes. */
    public RowMeasurement withNotes(List<String> value) {
        return new RowMeasurement(row, median, spread, runs, jvmArgs, account, value);
    }

    /** Summarises the runs of a row, without accounts. */
    public static RowMeasurement of(Row row, List<Map<String, Double>> perRun, List<String> jvmArgs) {
        return of(row, perRun, java.util.Collections.nCopies(perRun.size(), null), jvmArgs);
    }

    /**
     * Summarises the runs of a row; metrics keep the order of their first appearance.
     *
     * @param accounts each run's account (or null), in the order of {@code perRun}
     */
    public static RowMeasurement of(Row row, List<Map<String, Double>> perRun, List<RowAccount> accounts,
                                    List<String> jvmArgs) {
        if (accounts.size() != perRun.size()) {
            throw new IllegalArgumentException("row '" + row.name() + "': " + accounts.size() + " accounts for "
                    + perRun.size() + " runs");
        }
        if (perRun.isEmpty()) {
            throw new IllegalArgumentException("row '" + row.name() + "': no runs to summarise");
        }
        Set<String> names = new LinkedHashSet<>();
        perRun.forEach(m -> names.addAll(m.keySet()));
        Map<String, Double> median = new LinkedHashMap<>();
        Map<String, Double> spread = new LinkedHashMap<>();
        for (String name : names) {
            List<Double> values = new ArrayList<>();
            for (Map<String, Double> m : perRun) {
                Double v = m.get(name);
                if (v != null && !v.isNaN()) {
                    values.add(v);
                }
            }
            Collections.sort(values);
            median.put(name, median(values));
            spread.put(name, values.isEmpty() ? null : values.get(values.size() - 1) - values.get(0));
        }
        return new RowMeasurement(row, median, spread, perRun.size(), jvmArgs, medianAccount(perRun, accounts),
                List.of());
    }

    /** The account of the run whose live heap is the median (the lower middle one of an even count). */
    private static RowAccount medianAccount(List<Map<String, Double>> perRun, List<RowAccount> accounts) {
        String heap = Metric.INDEX_LIVE_HEAP.metricName();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < perRun.size(); i++) {
            order.add(i);
        }
        order.sort(java.util.Comparator.comparingDouble(i -> {
            Double v = perRun.get(i).get(heap);
            return v == null || v.isNaN() ? Double.MAX_VALUE : v;
        }));
        return accounts.get(order.get((order.size() - 1) / 2));
    }

    /** The middle value, or the mean of the two middle values; null for no values. */
    static Double median(List<Double> sorted) {
        int n = sorted.size();
        if (n == 0) {
            return null;
        }
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The median of a metric, or null when it is unavailable or was not reported. */
    public Double median(String metric) {
        return median.get(metric);
    }

    /** The spread (max - min over the runs) of a metric, or null when it is unavailable or was not reported. */
    public Double spread(String metric) {
        return spread.get(metric);
    }

    /**
     * The row's result for reports and budgets: the {@link Metric} row metrics only (the probe's diagnostics
     * such as {@code jvm.maxHeap} or {@code index.keys} are left out), unavailable ones absent.
     */
    public RowResult toRowResult() {
        Map<String, Double> known = new LinkedHashMap<>();
        Map<String, Double> knownSpread = new LinkedHashMap<>();
        for (Metric metric : Metric.rowMetrics()) {
            Double v = median.get(metric.metricName());
            if (v != null) {
                known.put(metric.metricName(), v);
                knownSpread.put(metric.metricName(), spread.get(metric.metricName()));
            }
        }
        return new RowResult(row.name(), row.params(), known, knownSpread, runs, account, notes);
    }
}
