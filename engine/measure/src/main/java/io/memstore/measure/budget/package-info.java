/**
 * The budgets: each spec budget judged against the measured rows and the fitted model
 * ({@link io.memstore.measure.budget.BudgetJudge}), and the regression budgets against a baseline run
 * ({@link io.memstore.measure.budget.RegressionJudge}), each verdict with its actual value, bound and headroom.
 *
 * <p>In the flow spec -> run -> probe -> result -> budget -> report it judges: it uses the spec, the run's row
 * results and the model; the run's result carries its verdicts.
 */
package io.memstore.measure.budget;
