package io.memstore.measure.budget;

import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.Metric;

import java.util.Objects;

/**
 * A limit on how much a row metric may grow against a baseline result: {@code maxIncrease} as a share of the
 * baseline value and/or {@code maxIncreaseBytes} as an absolute amount. With both, an increase fails only when it
 * exceeds both, so a small row may grow by a large share of little and a large row by a small share of much.
 *
 * @param metric           a row metric whose growth is a regression (sizes, times)
 * @param rows             the rows judged
 * @param maxIncrease      largest accepted (new - old) / old, or null
 * @param maxIncreaseBytes largest accepted new - old in the metric's unit, or null
 * @param level            what a regression does
 * @param message          for people when it regresses, or null for a default one
 */
public record RegressionRule(Metric metric, RowSelector rows, Double maxIncrease, Double maxIncreaseBytes,
                             BudgetLevel level, String message) {
    public RegressionRule {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(level, "level");
        if (metric.isModel()) {
            throw new IllegalArgumentException("regression limits apply to row metrics, not " + metric.metricName());
        }
        if (maxIncrease == null && maxIncreaseBytes == null) {
            throw new IllegalArgumentException("regression budget on " + metric.metricName()
                    + " needs maxIncrease or maxIncreaseBytes");
        }
        if (maxIncrease != null && !(maxIncrease >= 0 && Double.isFinite(maxIncrease))
                || maxIncreaseBytes != null && !(maxIncreaseBytes >= 0 && Double.isFinite(maxIncreaseBytes))) {
            throw new IllegalArgumentException("regression budget on " + metric.metricName()
                    + ": limits must be finite and not negative");
        }
    }

    /**
     * True when an increase of {@code delta} over {@code baseline} exceeds the limits: every given limit, so
     * with both only an increase past both fails. A decrease or no change never does.
     */
    public boolean exceededBy(double baseline, double delta) {
        if (!(delta > 0)) {
            return false;
        }
        boolean byShare = maxIncrease == null || baseline <= 0 || delta / baseline > maxIncrease;
        boolean byAmount = maxIncreaseBytes == null || delta > maxIncreaseBytes;
        return byShare && byAmount;
    }
}
