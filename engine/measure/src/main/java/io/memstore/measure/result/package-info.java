/**
 * The run's result and its files: the rows, model, verdicts and environment of one check
 * ({@link io.memstore.measure.result.RunResult}), written as memstore.json (read back for baselines and reports),
 * memstore.csv, memstore.md and TEST-memstore.xml ({@link io.memstore.measure.result.ResultFiles}), and the
 * console and report tables.
 *
 * <p>In the flow spec -> run -> probe -> result -> budget -> report it gathers what the steps before it produced:
 * it uses the spec, the probe's store description, the row results, the model and the budgets' verdicts; the
 * check and plan jobs and the report module use it.
 */
package io.memstore.measure.result;
