package io.memstore.measure.budget;

import io.memstore.measure.model.ModelFit;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.run.RowResult;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Judges measured rows and the fitted model against budget rules. Nothing passes silently: a metric the
 * platform could not measure and a rule that selects no row are failed outcomes at the rule's level. A model rule
 * whose model the rows do not determine (no model, a coefficient left undetermined, or fewer distinct rows than
 * the fit has coefficients + 1, see {@link io.memstore.measure.model.MemoryModel}) has nothing to be judged on: it
 * is listed as not judged ({@link BudgetOutcome#judged}), neither passed nor failed.
 */
public final class BudgetJudge {
    /** The message of an outcome whose row lacks the metric. */
    public static final String UNAVAILABLE = "metric unavailable on this platform";
    /** How the outcome of a model budget starts when the rows do not determine the model. */
    public static final String MODEL_UNDETERMINED = "not judged: the model is undetermined";

    private BudgetJudge() {
    }

    /**
     * One outcome per (rule, matching row) for row rules, one per model rule, and one with row
     * {@value BudgetOutcome#NO_ROW} for a row rule that matches no row; in rule order, then row order.
     *
     * @param model the fit model rules judge; null when no model was fitted (model rules then fail)
     */
    public static List<BudgetOutcome> judge(List<RowResult> rows, ModelFit model, List<BudgetRule> rules) {
        List<BudgetOutcome> outcomes = new ArrayList<>();
        for (BudgetRule rule : rules) {
            if (rule.metric().isModel()) {
                outcomes.add(judgeModel(model, rule));
                continue;
            }
            boolean matched = false;
            for (RowResult row : rows) {
                if (rule.rows().matches(row)) {
                    matched = true;
                    outcomes.add(judgeValue(rule, row.name(), row.metric(rule.metric()), UNAVAILABLE));
                }
            }
            if (!matched) {
                outcomes.add(new BudgetOutcome(rule.metric(), BudgetOutcome.NO_ROW, rule.max(), rule.min(), null,
                        null, false, rule.level(), "no row matches " + rule.rows().description()));
            }
        }
        return List.copyOf(outcomes);
    }

    /** True when no outcome failed at ERROR level: the run passes. */
    public static boolean passed(List<BudgetOutcome> outcomes) {
        return outcomes.stream().noneMatch(BudgetOutcome::failsRun);
    }

    private static BudgetOutcome judgeModel(ModelFit model, BudgetRule rule) {
        if (model == null) {
            return BudgetOutcome.notJudged(rule, BudgetOutcome.MODEL_ROW, null, "not judged: no model was fitted");
        }
        double value = switch (rule.metric()) {
            case MODEL_C1 -> model.c1();
            case MODEL_C2 -> model.c2();
            case MODEL_RELATIVE_RMS_ERROR -> model.relativeRmsError();
            default -> throw new IllegalStateException("not a model metric: " + rule.metric());
        };
        if (Double.isNaN(value) || Double.isNaN(model.relativeRmsError())) {
            return BudgetOutcome.notJudged(rule, BudgetOutcome.MODEL_ROW, Double.isNaN(value) ? null : value,
                    MODEL_UNDETERMINED + (model.note() == null ? "" : ": " + model.note()));
        }
        return judgeValue(rule, BudgetOutcome.MODEL_ROW, OptionalDouble.of(value), null);
    }

    /**
     * The outcomes of a row rule that is listed but not judged: one per matching row, with the row's value, or
     * one with row {@value BudgetOutcome#NO_ROW} when no row matches.
     */
    public static List<BudgetOutcome> notJudged(List<RowResult> rows, BudgetRule rule, String why) {
        List<BudgetOutcome> outcomes = new ArrayList<>();
        for (RowResult row : rows) {
            if (rule.rows().matches(row)) {
                OptionalDouble v = row.metric(rule.metric());
                outcomes.add(BudgetOutcome.notJudged(rule, row.name(), v.isPresent() ? v.getAsDouble() : null, why));
            }
        }
        if (outcomes.isEmpty()) {
            outcomes.add(BudgetOutcome.notJudged(rule, BudgetOutcome.NO_ROW, null, why));
        }
        return outcomes;
    }

    private static BudgetOutcome judgeValue(BudgetRule rule, String row, OptionalDouble value, String whyMissing) {
        if (value.isEmpty()) {
            return new BudgetOutcome(rule.metric(), row, rule.max(), rule.min(), null, null, false, rule.level(),
                    whyMissing);
        }
        double actual = value.getAsDouble();
        boolean passed = rule.accepts(actual);
        String message;
        if (passed) {
            message = "within budget";
        } else if (rule.message() != null) {
            message = rule.message();
        } else if (rule.max() != null && actual > rule.max()) {
            message = "above max";
        } else {
            message = "below min";
        }
        return new BudgetOutcome(rule.metric(), row, rule.max(), rule.min(), actual, rule.headroom(actual), passed,
                rule.level(), message);
    }
}
