package io.memstore.measure.budget;

import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;

import java.util.Objects;

/**
 * A bound on one metric: {@code max} and/or {@code min} (both inclusive) for the rows {@code rows} selects. A rule
 * on a model metric ({@code model.*}) judges the fitted model once and ignores {@code rows}. The check builds
 * these from the spec's budgets.
 *
 * @param metric  the metric judged
 * @param rows    the rows judged ({@link RowSelector#ALL} for every row)
 * @param max     upper bound in the metric's unit (bytes for sizes), or null
 * @param min     lower bound in the metric's unit, or null
 * @param level   what a breach does
 * @param message for people when the budget is breached, or null for a default one
 */
public record BudgetRule(Metric metric, RowSelector rows, Double max, Double min, BudgetLevel level,
                         String message) {
    public BudgetRule {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(level, "level");
        if (max == null && min == null) {
            throw new IllegalArgumentException("budget on " + metric.metricName() + " needs a max or a min");
        }
        if (max != null && !Double.isFinite(max) || min != null && !Double.isFinite(min)) {
            throw new IllegalArgumentException("budget on " + metric.metricName() + ": bounds must be finite");
        }
        if (max != null && min != null && min > max) {
            throw new IllegalArgumentException("budget on " + metric.metricName() + ": min " + min
                    + " is above max " + max);
        }
    }

    /** An error-level upper bound on every row. */
    public static BudgetRule max(Metric metric, double max) {
        return new BudgetRule(metric, RowSelector.ALL, max, null, BudgetLevel.ERROR, null);
    }

    /** An error-level lower bound on every row. */
    public static BudgetRule min(Metric metric, double min) {
        return new BudgetRule(metric, RowSelector.ALL, null, min, BudgetLevel.ERROR, null);
    }

    public BudgetRule withRows(RowSelector selector) {
        return new BudgetRule(metric, selector, max, min, level, message);
    }

    public BudgetRule withLevel(BudgetLevel newLevel) {
        return new BudgetRule(metric, rows, max, min, newLevel, message);
    }

    public BudgetRule withMessage(String newMessage) {
        return new BudgetRule(metric, rows, max, min, level, newMessage);
    }

    /** True when the value lies within the bounds. */
    public boolean accepts(double value) {
        return (max == null || value <= max) && (min == null || value >= min);
    }

    /**
     * How far the value is from the nearest bound, positive inside: {@code max - value}, {@code value - min},
     * or the smaller of the two when there are both.
     */
    public double headroom(double value) {
        double h = Double.POSITIVE_INFINITY;
        if (max != null) {
            h = max - value;
        }
        if (min != null) {
            h = Math.min(h, value - min);
        }
        return h;
    }
}
