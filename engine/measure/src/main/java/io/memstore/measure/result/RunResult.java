package io.memstore.measure.result;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.model.ModelFit;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything one run of a spec produced: what measuring gave (rows), what fitting gave (model) and what judging
 * gave (budgets). The renderers ({@link ResultJson}, {@link ResultCsv}, {@link ResultMarkdown},
 * {@link ConsoleTables}) only read this model; none of them measures or judges.
 *
 * @param specName    the spec's name
 * @param specFile    the spec file as given to the run
 * @param environment where it was measured
 * @param rows        one per spec row, in spec order, unique names
 * @param model       the memory model fitted over the rows, or null when none was fitted
 * @param budgets     the budget outcomes
 * @param baseline    the comparison with a baseline result and its regression outcomes, or null when the run was
 *                    not compared with one
 */
public record RunResult(String specName, String specFile, Environment environment, List<RowResult> rows,
                        ModelFit model, List<BudgetOutcome> budgets, BaselineComparison baseline) {
    /** The version of the {@code memstore.json} layout this code writes and reads. */
    public static final int SCHEMA_VERSION = 1;

    public RunResult {
        Objects.requireNonNull(specName, "specName");
        Objects.requireNonNull(specFile, "specFile");
        Objects.requireNonNull(environment, "environment");
        rows = List.copyOf(rows);
        budgets = List.copyOf(budgets);
        Set<String> names = new HashSet<>();
        for (RowResult row : rows) {
            if (!names.add(row.name())) {
                throw new IllegalArgumentException("two rows are named " + row.name());
            }
        }
    }

    /** A result that was not compared with a baseline. */
    public RunResult(String specName, String specFile, Environment environment, List<RowResult> rows,
                     ModelFit model, List<BudgetOutcome> budgets) {
        this(specName, specFile, environment, rows, model, budgets, null);
    }

    /** The same result compared with a baseline. */
    public RunResult withBaseline(BaselineComparison comparison) {
        return new RunResult(specName, specFile, environment, rows, model, budgets, comparison);
    }

    public int schemaVersion() {
        return SCHEMA_VERSION;
    }

    /**
     * True when no budget outcome and no regression outcome failed at ERROR level. Derived, so it cannot disagree
     * with the outcomes.
     */
    public boolean passed() {
        return BudgetJudge.passed(budgets) && (baseline == null || baseline.passed());
    }
}
