/**
 * The run: forks one probe JVM per run of a row, with a timeout and a watch on its process tree
 * ({@link io.memstore.measure.run.RowRunner}, {@link io.memstore.measure.run.SpecRunner}), reads back its
 * readings ({@link io.memstore.measure.run.RowMeasurement}) and summarises a row's runs into its result, the
 * medians ({@link io.memstore.measure.run.RowResult}, {@link io.memstore.measure.run.Median}).
 *
 * <p>In the flow spec -> run -> probe -> result -> budget -> report it drives the probe and hands on the row
 * results; it uses the spec and the probe, and the model, budgets and outputs use its row results.
 */
package io.memstore.measure.run;
