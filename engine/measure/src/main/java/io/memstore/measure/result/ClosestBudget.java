package io.memstore.measure.result;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.spec.MetricUnit;
import io.memstore.measure.spec.Units;

import java.util.Locale;
import java.util.Optional;

/**
 * The budget a passing run came closest to breaking: of the judged outcomes within their bounds, the one that
 * uses the largest share of its bound (actual / max for an upper bound, min / actual for a lower one). A build
 * that passes says how much room is left, not only that some was.
 *
 * @param outcome the budget outcome
 * @param used    the share of the bound used, from 0 to 1 for an outcome within its bounds
 */
public record ClosestBudget(BudgetOutcome outcome, double used) {

    /** The closest budget of a result, or empty when no judged budget passed with a bound to measure against. */
    public static Optional<ClosestBudget> of(RunResult result) {
        ClosestBudget best = null;
        for (BudgetOutcome o : result.budgets()) {
            if (!o.judged() || !o.passed() || o.actual() == null) {
                continue;
            }
            double used = used(o);
            if (Double.isFinite(used) && (best == null || used > best.used())) {
                best = new ClosestBudget(o, used);
            }
        }
        return Optional.ofNullable(best);
    }

    /** The larger share of the outcome's bounds its value uses; NaN without a positive bound to compare with. */
    static double used(BudgetOutcome o) {
        double used = Double.NaN;
        if (o.max() != null && o.max() > 0) {
            used = o.actual() / o.max();
        }
        if (o.min() != null && o.actual() > 0) {
            double ofMin = o.min() / o.actual();
            used = Double.isNaN(used) ? ofMin : Math.max(used, ofMin);
        }
        return used;
    }

    /**
     * {@code closest budget: index.bytesPerKey on index/versions=3, 86.3 B of 100 B (86 %)}; a lower bound
     * reads {@code 1200 ops/s above its minimum 1000 ops/s (83 %)}.
     */
    public String line() {
        boolean upper = outcome.max() != null && outcome.max() > 0
                && (outcome.min() == null || outcome.actual() / outcome.max() >= outcome.min() / outcome.actual());
        String on = BudgetOutcome.MODEL_ROW.equals(outcome.row()) ? " of the model" : " on " + outcome.row();
        String figures = upper ? format(outcome.actual()) + " of " + format(outcome.max())
                : format(outcome.actual()) + " above its minimum " + format(outcome.min());
        return "closest budget: " + outcome.metric().metricName() + on + ", " + figures + " ("
                + String.format(Locale.ROOT, "%.0f %%", Math.floor(used * 100)) + ")";
    }

    /** Bytes with a decimal below 1 KiB ({@code 86.3 B}), other units as the metric prints them. */
    private String format(double value) {
        MetricUnit unit = outcome.metric().unit();
        return unit == MetricUnit.BYTES ? Units.iec(value) : unit.format(value);
    }
}
