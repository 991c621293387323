/**
 * The probe: the forked child JVM that builds one row's index (and store) from generated keys and values,
 * measures its live heap, RSS and speed ({@link io.memstore.measure.probe.ProbeMain}), and writes the readings
 * as one flat JSON object; the flags the child starts with ({@link io.memstore.measure.probe.ProbeJvm}).
 *
 * <p>In the flow spec -> run -> probe -> result -> budget -> report, the run forks it; in dependencies it comes
 * right after the spec: it uses the spec and the store only, so the child loads no parent-side code.
 */
package io.memstore.measure.probe;
