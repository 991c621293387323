/**
 * The memory model: etcd's {@code N*(c1 + keySize) + N*versions*(c2 + pointer)} fitted to the measured rows by
 * weighted least squares ({@link io.memstore.measure.model.MemoryModel}, through {@link
 * io.memstore.measure.model.LeastSquares}, the solver of the plan's models too), with each row's residual
 * ({@link io.memstore.measure.model.ModelFit}).
 *
 * <p>In the flow spec -> run -> probe -> result -> budget -> report it sits between the row results and the
 * budgets: it uses the spec and the run's row results; budgets on c1, c2 and the fit's error judge it.
 */
package io.memstore.measure.model;
