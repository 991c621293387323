/**
 * The plan job: predicts the index heap and process RSS of scenarios larger than any measured row, from models
 * fitted to a check's results or to a calibration run ({@link io.memstore.measure.plan.Plan}), and recommends
 * -Xmx and a container limit; plan.json and the plan tables.
 *
 * <p>A second job beside the check on the flow spec -> run -> probe -> result: it uses the spec, the probe's
 * flags, the run (for calibration rows) and the results file; none of the packages before it uses it.
 */
package io.memstore.measure.plan;
