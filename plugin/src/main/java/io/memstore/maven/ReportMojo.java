package io.memstore.maven;

import io.memstore.report.Report;
import io.memstore.report.ReportContent;
import io.memstore.measure.budget.MissingBaseline;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.reporting.AbstractMavenReport;
import org.apache.maven.reporting.MavenReportException;

/**
 * The memstore page of the Maven site ({@code memstore.html}): the spec and its environment, one table per
 * workload in the layout of etcd's benchmark tables, the fitted memory model beside etcd's c1 and c2, every budget
 * with its actual value, bound, headroom and result, and SVG charts (index memory against N, bytes per key by
 * component, RSS against the RSS rows of etcd's benchmark).
 *
 * <p>Where the numbers come from: the last {@code memstore:check}'s {@code memstore.json} in
 * {@code resultDirectory} when there is one; otherwise, when {@code runWhenMissing} is true (the default), this
 * goal measures the spec itself exactly as {@code check} would (same spec, same parameters, results written to
 * {@code resultDirectory}), without failing the build on budgets; otherwise the report is skipped with a log
 * line. The report never judges the build: {@code check} does. Its parameters mean what they mean in
 * {@code check}, with the same names and defaults.
 *
 * <p>Use it in {@code <reporting>} for {@code mvn site} (maven-site-plugin 3.12.1 or later; 3.12.1 and 3.22.0 are
 * tested), or standalone as {@code mvn memstore:report}, which writes {@code target/reports/memstore.html}.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.SITE, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.TEST)
public class ReportMojo extends AbstractMavenReport {
    // A report extends AbstractMavenReport, whose execute() is final, so it cannot share AbstractMemstoreMojo's
    // fields: it declares check's parameters again (ParameterNamesTest holds their names and defaults alike).
    // AbstractMavenReport's own outputDirectory is the site's; memstore's is resultDirectory in every goal.

    /** The report's page name in the site: {@code memstore.html}. */
    static final String OUTPUT_NAME = "memstore";

    /**
     * The YAML workload spec, used only when there are no results to read. When not given,
     * {@code src/memstore/workload.yaml} of the project if it exists, else the embedded default spec.
     */
    @Parameter(property = "memstore.spec")
    private File spec;

    /** Skip the report (the site then has no memstore page). */
    @Parameter(property = "memstore.skip", defaultValue = "false")
    private boolean skip;

    /**
     * The directory of memstore's results, as in the other goals: the report reads {@code check}'s memstore.json
     * from here, and writes its own results here when it measures. The former user property
     * {@code memstore.outputDirectory} still sets it, with a warning.
     */
    @Parameter(property = ResultDirectory.PROPERTY, defaultValue = "${project.build.directory}/"
            + ResultDirectory.DEFAULT_NAME)
    private File resultDirectory;

    /** The build's session: its user properties and the directory Maven was started in. */
    @Parameter(defaultValue = "${session}", readonly = true)
    private MavenSession session;

    private Path resolvedResultDirectory;

    /** Measure the spec when {@code resultDirectory} holds no memstore.json; false skips the report instead. */
    @Parameter(property = "memstore.runWhenMissing", defaultValue = "true")
    private boolean runWhenMissing;

    /** When measuring: multiplies every {@code keys} count of the spec, e.g. 0.01 for a quick run. */
    @Parameter(property = "memstore.scale", defaultValue = "1")
    private double scale;

    /** When measuring: only the rows whose names match these comma-separated glob patterns. */
    @Parameter(property = "memstore.only")
    private String only;

    /** When measuring: extra flags for every probe JVM, separated by spaces. */
    @Parameter(property = "memstore.jvmArgs")
    private String jvmArgs;

    /**
     * When measuring: per run of a row, and per trial of a class the spec names, e.g. {@code 30m}, {@code 90s} or a
     * number of seconds.
     */
    @Parameter(property = "memstore.timeout", defaultValue = "30m")
    private String timeout;

    /** As {@code memstore:check}'s: the probes' settle time before reading RSS, in ms. */
    @Parameter(property = "memstore.settleMillis")
    private Long settleMillis;

    /** As {@code memstore:check}'s: the gets each probe times for the gets/s figure. */
    @Parameter(property = "memstore.gets")
    private Integer gets;

    /** The plugin's own artifacts: the engine and its dependencies are the probe JVM's classpath. */
    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    private List<Artifact> pluginArtifacts;

    @Override
    public String getOutputName() {
        return OUTPUT_NAME;
    }

    @Override
    public String getName(Locale locale) {
        return "memstore memory";
    }

    @Override
    public String getDescription(Locale locale) {
        return "Index heap, RSS and the memory model measured by memstore, beside etcd's published benchmark, with"
                + " the budgets' verdicts.";
    }

    @Override
    public boolean canGenerateReport() {
        if (skip) {
            getLog().info("memstore: report skipped (memstore.skip=true)");
            return false;
        }
        if (!Files.isRegularFile(resultsFile()) && !runWhenMissing) {
            ConsoleLines.wrap("memstore: report skipped: no results in " + ProjectPaths.shown(session, resultsFile())
                    + " and runWhenMissing is false; run mvn memstore:check first, or set memstore.runWhenMissing=true"
                    + " to measure here").forEach(getLog()::info);
            return false;
        }
        return true;
    }

    @Override
    protected void executeReport(Locale locale) throws MavenReportException {
        Path file = resultsFile();
        RunResult run;
        String origin;
        if (Files.isRegularFile(file)) {
            try {
                run = ResultJson.read(file);
            } catch (IOException e) {
                throw new MavenReportException("memstore: cannot read the results " + file + ": " + e.getMessage()
                        + " (delete it or run mvn memstore:check again)", e);
            }
            origin = relative(file) + ", written by memstore:check";
            ConsoleLines.wrap("memstore: report from " + ProjectPaths.shown(session, file)).forEach(getLog()::info);
            if (!run.complete()) {
                // the page says so in its verdict and summary; the build log too
                ConsoleLines.wrap("memstore: the results are of a run that did not complete: "
                        + run.failure().describe()).forEach(getLog()::warn);
            }
        } else {
            ConsoleLines.wrap("memstore: no results in " + ProjectPaths.shown(session, file) + ": measuring the spec"
                    + " for the report (scale " + scale + ")").forEach(getLog()::info);
            try {
                run = SpecRun.of(project, pluginArtifacts, spec, resultDirectory().toFile(), getLog())
                        .withProbe(jvmArgs, timeout, false).withSettle(settleMillis).withGets(gets).measure(only, scale, null, MissingBaseline.WARN.specName());
            } catch (MojoExecutionException e) {
                throw new MavenReportException(e.getMessage(), e);
            }
            origin = "measured by memstore:report at scale " + scale + " (no earlier results); written to "
                    + relative(file);
        }
        Report report = ReportContent.of(run, origin);
        SinkReport.render(report, getSink());
        getLog().info("memstore: report page " + OUTPUT_NAME + ".html: " + report.tableCount() + " tables, "
                + report.chartCount() + " charts");
    }

    private Path resultsFile() {
        return resultDirectory().resolve(ResultJson.FILE_NAME);
    }

    private Path resultDirectory() {
        if (resolvedResultDirectory == null) {
            resolvedResultDirectory = ResultDirectory.resolve(resultDirectory, project, session, getLog());
        }
        return resolvedResultDirectory;
    }

    private String relative(Path file) {
        return ProjectPaths.published(project.getBasedir().toPath(), file);
    }
}
