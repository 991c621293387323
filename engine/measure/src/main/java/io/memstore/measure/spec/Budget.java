package io.memstore.measure.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.LongUnaryOperator;

/**
 * A bound on one metric: {@code max} and/or {@code min}, and/or a regression limit against a baseline result
 * ({@code maxIncrease} as a share, {@code maxIncreaseBytes} in bytes), for the rows its {@code where} selects
 * (every row when it has none). Budgets on model metrics ({@code model.*}) judge the fit over all rows and match
 * no single row; they take no regression limits.
 */
public final class Budget {
    /** The key {@code where} uses for the workload name; the other keys are {@link RowField} spec names. */
    public static final String WORKLOAD = "workload";

    private final Metric metric;
    private final Double max;
    private final Double min;
    /** Field spec name -> parsed value (a String for "workload", else as {@link RowField#get} boxes it). */
    private final Map<String, Object> where;
    /** Largest accepted increase over the baseline as a share (0.05 = 5 %), or null. */
    private final Double maxIncrease;
    /** Largest accepted increase over the baseline in bytes, or null. */
    private final Double maxIncreaseBytes;
    private final BudgetLevel level;
    private final String message;
    private final String origin;

    Budget(Metric metric, Double max, Double min, Map<String, Object> where, BudgetLevel level, String message,
           String origin) {
        this(metric, max, min, null, null, where, level, message, origin);
    }

    Budget(Metric metric, Double max, Double min, Double maxIncrease, Double maxIncreaseBytes,
           Map<String, Object> where, BudgetLevel level, String message, String origin) {
        this.metric = metric;
        this.max = max;
        this.min = min;
        this.maxIncrease = maxIncrease;
        this.maxIncreaseBytes = maxIncreaseBytes;
        this.where = Collections.unmodifiableMap(new LinkedHashMap<>(where));
        this.level = level;
        this.message = message;
        this.origin = origin;
    }

    public Metric metric() {
        return metric;
    }

    /** Upper bound in the metric's unit (bytes for byte metrics), or null when there is none. */
    public Double max() {
        return max;
    }

    /** Lower bound in the metric's unit, or null when there is none. */
    public Double min() {
        return min;
    }

    /** Largest accepted increase over the baseline as a share of the baseline value (0.05 = 5 %), or null. */
    public Double maxIncrease() {
        return maxIncrease;
    }

    /** Largest accepted increase over the baseline in bytes (byte metrics only), or null. */
    public Double maxIncreaseBytes() {
        return maxIncreaseBytes;
    }

    /** True when the budget has a {@code max} or a {@code min}: it judges the measured value alone. */
    public boolean hasBounds() {
        return max != null || min != null;
    }

    /**
     * True when the budget limits the increase over a baseline result. With both limits an increase fails only
     * when it exceeds both (a small row may grow 20 % by a few KiB; a large one 1 % by many MiB).
     */
    public boolean limitsIncrease() {
        return maxIncrease != null || maxIncreaseBytes != null;
    }

    /**
     * The row selection, in the order written: {@code "workload"} -> workload name (String), other keys are
     * {@link RowField} spec names -> the value as {@link RowField#get(RowParams)} returns it. Empty: every row.
     */
    public Map<String, Object> where() {
        return where;
    }

    public BudgetLevel level() {
        return level;
    }

    /** The spec's message for people when the budget is breached, or null. */
    public String message() {
        return message;
    }

    /** Where the budget is written, {@code file:line:column}, for reports that point back at the spec. */
    public String origin() {
        return origin;
    }

    /** True when the budget judges this row: a row metric whose {@code where} holds for the row. */
    public boolean matches(Row row) {
        return !metric.isModel() && holds(where, row.params());
    }

    /** True when every field of the selection has its value in the row's parameters. */
    static boolean holds(Map<String, Object> where, RowParams p) {
        for (Map.Entry<String, Object> e : where.entrySet()) {
            Object actual = e.getKey().equals(WORKLOAD) ? p.workload()
                    : RowField.byName(e.getKey()).orElseThrow().get(p);
            if (!actual.equals(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    /** True when the value lies within the bounds (both inclusive). */
    public boolean accepts(double value) {
        return (max == null || value <= max) && (min == null || value >= min);
    }

    /** The selection as written, {@code workload=index,keys=1M}; empty when the budget covers every row. */
    public String whereText() {
        StringJoiner j = new StringJoiner(",");
        where.forEach((k, v) -> j.add(k + "=" + (k.equals(WORKLOAD) ? v : RowField.byName(k).orElseThrow().format(v))));
        return j.toString();
    }

    /**
     * Like {@code index.liveHeap <= 22MB [workload=index,keys=100K] (error)} or
     * {@code index.liveHeap increase <= 5% and 8MiB (error)}, for logs.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(metric.metricName());
        if (min != null) {
            sb.append(" >= ").append(boundText(min));
        }
        if (max != null) {
            sb.append(min != null ? " and" : "").append(" <= ").append(boundText(max));
        }
        if (limitsIncrease()) {
            sb.append(hasBounds() ? " and" : "").append(" increase <= ").append(increaseText());
        }
        if (!where.isEmpty()) {
            sb.append(" [").append(whereText()).append(']');
        }
        return sb.append(" (").append(level.specName()).append(')').toString();
    }

    /** {@code 5%}, {@code 8MiB} or {@code 5% and 8MiB}, as the spec writes the regression limits. */
    public String increaseText() {
        StringJoiner j = new StringJoiner(" and ");
        if (maxIncrease != null) {
            j.add(java.math.BigDecimal.valueOf(maxIncrease).movePointRight(2).stripTrailingZeros().toPlainString()
                    + "%");
        }
        if (maxIncreaseBytes != null) {
            j.add(Units.compactBytes(maxIncreaseBytes.longValue()));
        }
        return j.toString();
    }

    /** A bound as the spec would write it: exact sizes ({@code 22MB}, {@code 120MiB}) for byte metrics. */
    private String boundText(double bound) {
        return metric.unit() == MetricUnit.BYTES ? Units.compactBytes((long) bound) : metric.unit().format(bound);
    }

    /** The same budget with a {@code where} keys value mapped like the spec's keys. */
    Budget withKeys(LongUnaryOperator scale) {
        Object keys = where.get(RowField.KEYS.specName());
        if (keys == null) {
            return this;
        }
        Map<String, Object> w = new LinkedHashMap<>(where);
        w.put(RowField.KEYS.specName(), scale.applyAsLong((Long) keys));
        return new Budget(metric, max, min, maxIncrease, maxIncreaseBytes, w, level, message, origin);
    }
}
