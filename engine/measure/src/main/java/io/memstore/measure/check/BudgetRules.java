package io.memstore.measure.check;

import io.memstore.measure.budget.BudgetRule;
import io.memstore.measure.budget.RegressionRule;
import io.memstore.measure.budget.RowSelector;
import io.memstore.measure.spec.Budget;

/** Turns the spec's budgets into the judge's rules: the spec says where a budget applies, the judge how it fares. */
final class BudgetRules {
    private BudgetRules() {
    }

    /** The regression rule of a budget with {@code maxIncrease} and/or {@code maxIncreaseBytes}. */
    static RegressionRule regression(Budget budget) {
        String where = budget.whereText().isEmpty() ? "every row" : budget.whereText();
        return new RegressionRule(budget.metric(), RowSelector.of(where, row -> budget.matches(row.row())),
                budget.maxIncrease(), budget.maxIncreaseBytes(), budget.level(), budget.message());
    }

    static BudgetRule from(Budget budget) {
        String where = budget.whereText().isEmpty() ? "every row" : budget.whereText();
        return new BudgetRule(budget.metric(), RowSelector.of(where, row -> budget.matches(row.row())), budget.max(),
                budget.min(), budget.level(), budget.message());
    }
}
