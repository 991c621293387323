package io.memstore.maven;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.Verdict;
import io.memstore.report.AggregateContent;
import io.memstore.report.Report;
import io.memstore.report.ReportContent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.reporting.AbstractMavenReport;
import org.apache.maven.reporting.MavenReportException;

/**
 * One memstore page for a multi-module build ({@code memstore-aggregate.html}): an overview of every module of
 * the reactor with its spec, rows and verdict, then each module's report (tables, charts, model, budgets) as
 * {@code memstore:report} shows it. It reads the results {@code memstore:check} left in each module and never
 * measures. Maven builds a reactor module by module, so run the checks first: {@code mvn verify} then
 * {@code mvn site} (or {@code mvn memstore:report-aggregate}); in one {@code mvn verify site} the parent's page
 * is made before its modules are measured. Declare it in the parent's {@code <reporting>} with
 * {@code <inherited>false</inherited>}; in any other module than the build's root it does nothing. A parent
 * without results of its own is left out; any other module without results is listed as such.
 */
@Mojo(name = "report-aggregate", defaultPhase = LifecyclePhase.SITE, aggregator = true, threadSafe = true)
public class ReportAggregateMojo extends AbstractMavenReport {

    /** The page's name in the site: {@code memstore-aggregate.html}. */
    static final String OUTPUT_NAME = "memstore-aggregate";

    /** Skip the aggregate report (the site then has no memstore-aggregate page). */
    @Parameter(property = "memstore.skip", defaultValue = "false")
    private boolean skip;

    /**
     * Where each module's check wrote its results, relative to that module's build directory (its
     * {@code resultDirectory} is {@code ${project.build.directory}/memstore} by default).
     */
    @Parameter(property = "memstore.aggregateResults", defaultValue = ResultDirectory.DEFAULT_NAME)
    private String aggregateResults;

    @Override
    public String getOutputName() {
        return OUTPUT_NAME;
    }

    @Override
    public String getName(Locale locale) {
        return "memstore memory, all modules";
    }

    @Override
    public String getDescription(Locale locale) {
        return "Every module's index heap, RSS, memory model and budgets as measured by memstore, on one page.";
    }

    @Override
    public boolean canGenerateReport() {
        if (skip) {
            getLog().info("memstore: aggregate report skipped (memstore.skip=true)");
            return false;
        }
        return project.isExecutionRoot();
    }

    @Override
    protected void executeReport(Locale locale) throws MavenReportException {
        Path root = project.getBasedir().toPath().toAbsolutePath();
        List<AggregateContent.Module> modules = new ArrayList<>();
        // the base class's reactorProjects: a field of the same name here would hide it, and the base class's
        // own rendering context (from the command line) would read its null
        for (MavenProject module : reactorProjects) {
            Path file = Path.of(module.getBuild().getDirectory()).resolve(aggregateResults)
                    .resolve(ResultJson.FILE_NAME).toAbsolutePath();
            String where = root.relativize(file).toString();
            if (!Files.isRegularFile(file)) {
                if (!module.getModules().isEmpty()) {
                    continue; // a parent without a check of its own is no module to report on
                }
                modules.add(new AggregateContent.Module(module.getArtifactId(), null, "no results", 0, where));
                continue;
            }
            RunResult run;
            try {
                run = ResultJson.read(file);
            } catch (IOException e) {
                throw new MavenReportException("memstore: cannot read the results " + file + " of module "
                        + module.getArtifactId() + ": " + e.getMessage() + " (delete it or run its check again)", e);
            }
            modules.add(new AggregateContent.Module(module.getArtifactId(),
                    ReportContent.of(run, where + ", written by memstore:check"),
                    Verdict.of(run).line(), run.rows().size(), where));
        }
        Report report = AggregateContent.of(project.getArtifactId(), modules);
        SinkReport.render(report, getSink());
        getLog().info("memstore: aggregate report page " + OUTPUT_NAME + ".html: " + modules.size() + " modules, "
                + modules.stream().filter(m -> m.report() != null).count() + " with results, "
                + report.tableCount() + " tables, " + report.chartCount() + " charts");
    }
}
