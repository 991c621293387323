package io.memstore.measure.budget;

import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.MetricUnit;
import io.memstore.measure.spec.Units;

import java.util.Objects;

/**
 * The verdict of one budget rule on one row (or on the model, or on no row at all).
 *
 * @param metric   the metric judged
 * @param row      the row's name; {@value #MODEL_ROW} for a model rule, {@value #NO_ROW} when the rule matched no row
 * @param max      the rule's upper bound, or null
 * @param min      the rule's lower bound, or null
 * @param actual   the measured value, or null when there is none (then the outcome has failed)
 * @param headroom distance to the nearest bound, negative when breached; null without an actual value
 * @param passed   true when the value is within the bounds
 * @param level    the rule's level: a failed ERROR outcome fails the run
 * @param message  why it passed or failed, for people; for an outcome that was not judged, why not
 * @param judged   false when the budget had nothing it could honestly be judged on (a model the rows do not
 *                 determine, a size bound on a row that {@code scale} resized): listed, never failed or warned
 */
public record BudgetOutcome(Metric metric, String row, Double max, Double min, Double actual, Double headroom,
                            boolean passed, BudgetLevel level, String message, boolean judged) {
    /** The row of an outcome of a model rule. */
    public static final String MODEL_ROW = "(model)";
    /** The row of an outcome of a rule that matched no row. */
    public static final String NO_ROW = "(none)";

    public BudgetOutcome {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(message, "message");
        if (passed && actual == null) {
            throw new IllegalArgumentException("an outcome without an actual value cannot pass: " + row);
        }
        if (passed && !judged) {
            throw new IllegalArgumentException("an outcome that was not judged cannot pass: " + row);
        }
    }

    /** A judged outcome. */
    public BudgetOutcome(Metric metric, String row, Double max, Double min, Double actual, Double headroom,
                         boolean passed, BudgetLevel level, String message) {
        this(metric, row, max, min, actual, headroom, passed, level, message, true);
    }

    /** An outcome that was not judged, with the value measured (or null) and why it was not judged. */
    public static BudgetOutcome notJudged(BudgetRule rule, String row, Double actual, String why) {
        return new BudgetOutcome(rule.metric(), row, rule.max(), rule.min(), actual, null, false, rule.level(), why,
                false);
    }

    /** True when this outcome fails the run: judged, failed, at ERROR level. */
    public boolean failsRun() {
        return judged && !passed && level == BudgetLevel.ERROR;
    }

    /** True when this outcome was judged and failed at WARN level. */
    public boolean warns() {
        return judged && !passed && level == BudgetLevel.WARN;
    }

    /**
     * One line for logs, with units:
     * {@code index/keys=1M, index.liveHeap, actual 117.3 MiB, max 128.0 MiB, headroom 10.7 MiB: message}.
     */
    public String describe() {
        MetricUnit unit = metric.unit();
        StringBuilder sb = new StringBuilder();
        sb.append(row).append(", ").append(metric.metricName())
                .append(", actual ").append(actual == null ? Units.NA : unit.format(actual));
        if (min != null) {
            sb.append(", min ").append(unit.format(min));
        }
        if (max != null) {
            sb.append(", max ").append(unit.format(max));
        }
        if (headroom != null) {
            sb.append(", headroom ").append(unit.format(headroom));
        }
        return sb.append(": ").append(message).toString();
    }
}
