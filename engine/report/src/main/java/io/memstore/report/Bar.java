package io.memstore.report;

import java.util.List;
import java.util.Objects;

/**
 * One bar of a {@link StackedBarChart}: its label and one value per component of the chart (0 for a component
 * the bar does not have).
 *
 * @param label    shown left of the bar, unescaped
 * @param segments one non-negative value per component, in the chart's component order
 */
public record Bar(String label, List<Double> segments) {
    public Bar {
        Objects.requireNonNull(label, "label");
        segments = List.copyOf(segments);
        for (double v : segments) {
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("bar '" + label + "' has a segment of " + v
                        + "; segments must be finite and not negative");
            }
        }
    }

    /** The bar's length: its segments added up. */
    public double total() {
        return segments.stream().mapToDouble(Double::doubleValue).sum();
    }
}
