/**
 * The check job, as the plugin's {@code check} goal runs it: load the spec, refuse rows that cannot fit this
 * machine ({@link io.memstore.measure.check.Preflight}), measure, fit, judge and write the outputs
 * ({@link io.memstore.measure.check.Check}).
 *
 * <p>It runs the whole flow spec -> run -> probe -> result -> budget and leaves the report to the report module:
 * it uses every package before it, and none of them uses it.
 */
package io.memstore.measure.check;
