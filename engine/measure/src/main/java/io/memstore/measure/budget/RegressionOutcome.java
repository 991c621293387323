package io.memstore.measure.budget;

import io.memstore.measure.spec.Units;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.MetricUnit;

import java.util.Locale;
import java.util.Objects;

/**
 * The verdict of one regression rule on one row: the baseline value, the new one and their difference.
 *
 * @param metric           the metric compared
 * @param row              the row's name
 * @param baseline         the baseline's value, or null when there is none to compare with
 * @param actual           the new value, or null when this run could not measure it
 * @param delta            actual - baseline, or null
 * @param relativeDelta    delta / baseline, or null (also for a baseline of 0)
 * @param maxIncrease      the rule's share limit, or null
 * @param maxIncreaseBytes the rule's absolute limit, or null
 * @param noise            the larger of the two rows' run spreads (max - min): growth up to this is noise
 * @param status           what the comparison found
 * @param passed           true for {@link Status#WITHIN} and {@link Status#NOISE}
 * @param level            ERROR fails the run when not passed; a missing baseline under {@link MissingBaseline#WARN}
 *                         is WARN whatever the rule says
 * @param message          for people
 * @param classGrowth      for a heap metric compared with a baseline row, what grew by class ({@link ClassGrowth});
 *                         null otherwise
 */
public record RegressionOutcome(Metric metric, String row, Double baseline, Double actual, Double delta,
                                Double relativeDelta, Double maxIncrease, Double maxIncreaseBytes, Double noise,
                                Status status, boolean passed, BudgetLevel level, String message,
                                ClassGrowth classGrowth) {
    /** What comparing a row with the baseline found. */
    public enum Status {
        /** The increase (if any) is within the limits. */
        WITHIN,
        /** The increase exceeds the limits but not the runs' measured spread: not a failure. */
        NOISE,
        /** The increase exceeds the limits and the spread. */
        REGRESSED,
        /** Nothing to compare with: no baseline file, no such row in it, or a row measured differently. */
        NO_BASELINE,
        /** This run could not measure the metric (or the baseline could not). */
        UNAVAILABLE;

        public String specName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Status bySpecName(String name) {
            for (Status s : values()) {
                if (s.specName().equals(name)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown regression status '" + name + "'; expected within, noise,"
                    + " regressed, no-baseline or unavailable");
        }
    }

    public RegressionOutcome {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(message, "message");
        if (passed != (status == Status.WITHIN || status == Status.NOISE)) {
            throw new IllegalArgumentException("row " + row + ": passed=" + passed + " contradicts status "
                    + status.specName());
        }
    }

    /** An outcome without a comparison by class. */
    public RegressionOutcome(Metric metric, String row, Double baseline, Double actual, Double delta,
                             Double relativeDelta, Double maxIncrease, Double maxIncreaseBytes, Double noise,
                             Status status, boolean passed, BudgetLevel level, String message) {
        this(metric, row, baseline, actual, delta, relativeDelta, maxIncrease, maxIncreaseBytes, noise, status, passed,
                level, message, null);
    }

    /** True when this outcome fails the run. */
    public boolean failsRun() {
        return !passed && level == BudgetLevel.ERROR;
    }

    /** {@code 25.2 MiB -> 27.0 MiB (+1.8 MiB, +7.1 %)}, or what is missing. */
    public String change() {
        MetricUnit unit = metric.unit();
        String old = baseline == null ? "no baseline" : unit.format(baseline);
        String now = actual == null ? Units.NA : unit.format(actual);
        if (delta == null) {
            return old + " -> " + now;
        }
        return old + " -> " + now + " (" + signed(unit, delta) + ", " + (relativeDelta == null ? Units.NA
                : String.format(Locale.ROOT, "%+.1f %%", relativeDelta * 100)) + ")";
    }

    /** The limits as {@code +5.0 % and +8.0 MiB}. */
    public String limits() {
        StringBuilder sb = new StringBuilder();
        if (maxIncrease != null) {
            sb.append(String.format(Locale.ROOT, "+%.1f %%", maxIncrease * 100));
        }
        if (maxIncreaseBytes != null) {
            sb.append(sb.length() > 0 ? " and " : "").append('+').append(metric.unit().format(maxIncreaseBytes));
        }
        return sb.toString();
    }

    /** One line for logs: {@code row, metric: 25.2 MiB -> 27.0 MiB (+1.8 MiB, +7.1 %), limit +5.0 %: message}. */
    public String describe() {
        return row + ", " + metric.metricName() + ": " + change() + ", limit " + limits() + ": " + message;
    }

    static String signed(MetricUnit unit, double v) {
        return (v >= 0 ? "+" : "-") + unit.format(Math.abs(v));
    }
}
