/**
 * The spec: the YAML workload spec read into rows to measure, budgets to judge and plan scenarios
 * ({@link io.memstore.measure.spec.SpecLoader}, {@link io.memstore.measure.spec.WorkloadSpec}), with errors that
 * name the file, line, column and field; the row parameters' names ({@link io.memstore.measure.spec.RowField});
 * sizes and counts as the spec writes them ({@link io.memstore.measure.spec.Sizes}) and as every output prints
 * them ({@link io.memstore.measure.spec.Units}).
 *
 * <p>First in the flow spec -> run -> probe -> result -> budget -> report: it depends only on the store (for the
 * names of its options and index kinds), and every other package of the measure side may use it.
 */
package io.memstore.measure.spec;
