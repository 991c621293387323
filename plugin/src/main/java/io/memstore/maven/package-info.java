/**
 * The Maven plugin, prefix {@code memstore}: thin goals over the measure side and the report. {@code check}
 * measures a spec and fails the build on budgets, {@code plan} predicts, {@code baseline} saves results,
 * {@code report} and {@code report-aggregate} render them into the site, {@code init} writes a starter spec.
 *
 * <p>It drives the whole flow spec -> run -> probe -> result -> budget -> report: every goal that measures goes
 * from its parameters to a run through {@code SpecRun}; budget breaches become
 * {@code MojoFailureException}, a broken spec or an I/O problem {@code MojoExecutionException}.
 */
package io.memstore.maven;
