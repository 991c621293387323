package io.memstore.measure.run;

import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What was measured for one row: the median of each metric over the row's runs and its spread.
 *
 * <p>A metric the platform could not give (no {@code /proc} on macOS, no store file for an index-only row...)
 * is simply absent from {@code metrics}: reports print it as {@value Units#NA}; nothing is estimated in its
 * place. Null or NaN values passed in are treated as absent. Both maps are ordered like
 * {@link Metric#rowMetrics()}, whatever order they were given in, so every output is deterministic.
 *
 * @param name    the row's unique name, like {@code index/keys=1M,versions=5,keySize=64B}
 * @param params  the row's resolved parameters (their {@code workload} is the row's workload)
 * @param metrics metric name -> median over the runs, in the metric's unit
 * @param spread  metric name -> max - min over the runs; only for metrics present in {@code metrics}
 * @param runs    how many runs the medians are taken over
 * @param account what grew, by class and by native category ({@link RowAccount}), or null when the row has none
 *                (a result written before accounts were taken)
 * @param notes   what the row's measurement left out or did otherwise than a full-size run, one sentence each (a
 *                settle skipped, fewer gets timed, see {@link RowNotes}); empty for none
 */
public record RowResult(String name, RowParams params, Map<String, Double> metrics, Map<String, Double> spread,
                        int runs, RowAccount account, List<String> notes) {
    public RowResult {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("row name must not be blank");
        }
        Objects.requireNonNull(params, "params");
        metrics = canonical(metrics, "metrics of row " + name);
        spread = canonical(spread, "spread of row " + name);
        for (String metric : spread.keySet()) {
            if (!metrics.containsKey(metric)) {
                throw new IllegalArgumentException("row " + name + " has a spread for " + metric
                        + " but no value for it");
            }
        }
        if (runs < 0) {
            throw new IllegalArgumentException("row " + name + ": runs must not be negative, got " + runs);
        }
        notes = List.copyOf(Objects.requireNonNull(notes, "notes"));
    }

    /** A result without an account, measured as a full-size run measures it: no notes. */
    public RowResult(String name, RowParams params, Map<String, Double> metrics, Map<String, Double> spread,
                     int runs) {
        this(name, params, metrics, spread, runs, null, List.of());
    }

    /** A result with this account (or null for none) and no notes. */
    public RowResult(String name, RowParams params, Map<String, Double> metrics, Map<String, Double> spread,
                     int runs, RowAccount account) {
        this(name, params, metrics, spread, runs, account, List.of());
    }

    /** A result without an account, with these notes. */
    public RowResult(String name, RowParams params, Map<String, Double> metrics, Map<String, Double> spread,
                     int runs, List<String> notes) {
        this(name, params, metrics, spread, runs, null, notes);
    }

    /** The same result with this account. */
    public RowResult withAccount(RowAccount other) {
        return new RowResult(name, params, metrics, spread, runs, other, notes);
    }

    /** The same result with these notes. */
    public RowResult withNotes(List<String> other) {
        return new RowResult(name, params, metrics, spread, runs, account, other);
    }

    /** The row's class account, or null when there is none. */
    public ClassAccount classes() {
        return account == null ? null : account.classes();
    }

    /** The row's result from the per-run readings summarised by {@link Median#of}. */
    public static RowResult of(Row row, Median median) {
        return new RowResult(row.name(), row.params(), median.medians(), median.spread(), median.runs());
    }

    /** The workload the row belongs to. */
    public String workload() {
        return params.workload();
    }

    /** The row as the spec defined it. */
    public Row row() {
        return new Row(name, params);
    }

    /** The median of a metric, or empty when the platform could not give it. */
    public OptionalDouble metric(Metric metric) {
        Double v = metrics.get(metric.metricName());
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** The spread (max - min over runs) of a metric, or empty when the metric is absent. */
    public OptionalDouble spreadOf(Metric metric) {
        Double v = spread.get(metric.metricName());
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** Known row metrics only, in canonical order, without null/NaN values (absent means unavailable). */
    private static Map<String, Double> canonical(Map<String, Double> given, String what) {
        Objects.requireNonNull(given, what);
        for (String key : given.keySet()) {
            try {
                Metric.rowMetric(key);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
            }
        }
        Map<String, Double> ordered = new LinkedHashMap<>();
        for (Metric m : Metric.rowMetrics()) {
            Double v = given.get(m.metricName());
            if (v != null && !v.isNaN()) {
                if (v.isInfinite()) {
                    throw new IllegalArgumentException(what + ": " + m.metricName() + " is infinite");
                }
                ordered.put(m.metricName(), v);
            }
        }
        return Collections.unmodifiableMap(ordered);
    }
}
