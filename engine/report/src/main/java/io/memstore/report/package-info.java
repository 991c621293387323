/**
 * The report: a check's result as a page of sections, tables and SVG charts
 * ({@link io.memstore.report.ReportContent}, {@link io.memstore.report.ReportCharts}), written as standalone HTML
 * ({@link io.memstore.report.ReportHtml}) or, by the plugin, into the Maven site.
 *
 * <p>Last in the flow spec -> run -> probe -> result -> budget -> report: it reads the run's result (rows, model,
 * verdicts) and never measures or judges.
 */
package io.memstore.report;
