package io.memstore.maven;

import io.memstore.measure.plan.CalibrationSource;
import io.memstore.measure.plan.Plan;
import io.memstore.measure.plan.PlanRequest;
import io.memstore.measure.plan.PlanResult;
import io.memstore.measure.plan.PlanTables;
import io.memstore.measure.plan.Prediction;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.spec.Units;
import io.memstore.measure.run.ProbeException;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.Sizes;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Predicts the index heap and process RSS of the spec's {@code plan:} scenarios (or of one scenario given as
 * {@code -Dmemstore.keys=10M -Dmemstore.versions=3 ...}), recommends -Xmx and a container limit, writes
 * plan.json and fails when a scenario's predicted RSS exceeds its {@code machineMemory}. The models are fitted to
 * the last check's memstore.json when it measured the scenario's configuration, else to a calibration run at
 * small key counts that this goal performs.
 */
@Mojo(name = "plan", threadSafe = true, requiresDependencyResolution = ResolutionScope.TEST)
public class PlanMojo extends AbstractMeasuringMojo {
    /** Where the rows to fit come from: {@code auto} (default), {@code results} or {@code run}. */
    @Parameter(property = "memstore.calibration", defaultValue = "auto")
    private String calibration;

    /** Key counts of a calibration run, comma-separated, at least two. */
    @Parameter(property = "memstore.calibrationKeys", defaultValue = "25K,100K")
    private String calibrationKeys;

    /** The results file to fit from; default the results directory's memstore.json. */
    @Parameter(property = "memstore.results")
    private File results;

    /** An ad-hoc scenario's number of keys, like {@code 10M}; with it, the spec's plan: section is not used. */
    @Parameter(property = "memstore.keys")
    private String keys;

    /** The ad-hoc scenario's versions per key (puts of each key), like {@code 3}; default 1. */
    @Parameter(property = "memstore.versions")
    private String versions;

    /** The ad-hoc scenario's key size, like {@code 64B}; default the spec's defaults. */
    @Parameter(property = "memstore.keySize")
    private String keySize;

    /** The ad-hoc scenario's value size, like {@code 256B}; counts only with {@code store} {@code sqlite}. */
    @Parameter(property = "memstore.valueSize")
    private String valueSize;

    /** The ad-hoc scenario's keys: {@code random}, {@code sequential} or {@code hierarchical}. */
    @Parameter(property = "memstore.keyPattern")
    private String keyPattern;

    /** The ad-hoc scenario's index: {@code btree} or {@code reference}. */
    @Parameter(property = "memstore.index")
    private String index;

    /** The ad-hoc scenario's value store: {@code none} (the index alone) or {@code sqlite}. */
    @Parameter(property = "memstore.store")
    private String store;

    /**
     * The ad-hoc scenario's system: {@code memstore}, {@code etcd}, {@code etcd-cluster}, {@code h2},
     * {@code rocksdb} or a class of the project's test classpath, like {@code com.example.MyTarget}; default the
     * spec's {@code defaults}, else the systems of the spec's rows when it measures no memstore row, else memstore.
     */
    @Parameter(property = "memstore.system")
    private String system;

    /** The ad-hoc etcd scenario's {@code --snapshot-count}, like {@code 100K}. */
    @Parameter(property = "memstore.snapshotCount")
    private String snapshotCount;

    /** The ad-hoc scenario's compaction period, like {@code every 10K}. */
    @Parameter(property = "memstore.compact")
    private String compact;

    /** The ad-hoc etcd scenario's leases, like {@code 1K}. */
    @Parameter(property = "memstore.leases")
    private String leases;

    /** The ad-hoc etcd scenario's share of keys put with a lease, like {@code 20%}. */
    @Parameter(property = "memstore.leasedKeys")
    private String leasedKeys;

    /** The ad-hoc etcd scenario's watchers, like {@code 100}. */
    @Parameter(property = "memstore.watchers")
    private String watchers;

    /** The ad-hoc scenario's machine or container memory, like {@code 4GiB}. */
    @Parameter(property = "memstore.machineMemory")
    private String machineMemory;

    /** Fail when a scenario exceeds its machineMemory; false only reports. */
    @Parameter(property = "memstore.failOnViolation", defaultValue = "true")
    private boolean failOnViolation;

    @Override
    protected void run() throws MojoExecutionException, MojoFailureException {
        SpecRun path = specRun(false);
        WorkloadSpec spec = path.spec();
        RunnerOptions runner = path.runner("calibration ");
        PlanResult result;
        try {
            List<PlanScenario> scenarios = scenarios(spec);
            List<Long> counts = new ArrayList<>();
            for (String c : calibrationKeys.split(",")) {
                counts.add(Sizes.parseCount(c));
            }
            Path resultsFile = results != null ? results.toPath() : resultDirectory().resolve(ResultJson.FILE_NAME);
            PlanRequest request = new PlanRequest(resultDirectory(), resultsFile,
                    CalibrationSource.bySpecName(calibration), counts, runner, relative(resultsFile));
            info("memstore: planning " + scenarios.size() + " scenario(s) of " + spec.name() + " ("
                    + spec.source() + ")");
            result = Plan.run(spec.name(), spec.source(), scenarios, request, line -> {
                info("memstore: " + line);
                if (line.contains("calibration run")) {
                    info("memstore: calibration " + path.measuredLine(scenarios.stream()
                            .map(s -> s.params().system()).toList()));
                }
            });
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (ProbeException e) {
            throw new MojoExecutionException("memstore: calibration failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
        // the first line names the spec and its scenarios, as the planning line above did already
        List<String> plan = PlanTables.render(result, ConsoleLines.TABLE_WIDTH);
        for (String line : plan.subList(1, plan.size())) {
            info(line.isEmpty() ? "memstore:" : "memstore: " + line);
        }
        info("memstore: plan written to " + shown(resultDirectory().resolve(Plan.FILE_NAME)));
        for (Prediction p : result.predictions()) {
            if (p.limitExceedsMachine()) {
                ConsoleLines.wrap("memstore: scenario " + p.scenario().name() + " fits machineMemory "
                        + Units.iec(p.scenario().machineMemory()) + " only without headroom: recommended container"
                        + " limit " + Units.iec(p.containerLimit())).forEach(getLog()::warn);
            }
        }
        Violations over = new Violations("scenario(s) exceed machineMemory");
        for (Prediction p : result.exceeding()) {
            over.add(p.scenario().name() + ": predicted process.rss " + Units.iec(p.rss()) + " ("
                    + Units.iec(p.rssLow()) + ".." + Units.iec(p.rssHigh()) + "), index.liveHeap "
                    + Units.iec(p.liveHeap()) + ", machineMemory " + Units.iec(p.scenario().machineMemory())
                    + ", recommended container limit " + Units.iec(p.containerLimit()));
        }
        over.enforce(failOnViolation, getLog());
    }

    private void info(String line) {
        ConsoleLines.wrap(line).forEach(getLog()::info);
    }

    /** The ad-hoc scenario when any of its properties is given, else the spec's plan: section. */
    private List<PlanScenario> scenarios(WorkloadSpec spec) throws MojoExecutionException {
        Map<String, String> adHoc = new LinkedHashMap<>();
        put(adHoc, "keys", keys);
        put(adHoc, "versions", versions);
        put(adHoc, "keySize", keySize);
        put(adHoc, "valueSize", valueSize);
        put(adHoc, "keyPattern", keyPattern);
        put(adHoc, "index", index);
        put(adHoc, "store", store);
        put(adHoc, "system", system);
        put(adHoc, "snapshotCount", snapshotCount);
        put(adHoc, "compact", compact);
        put(adHoc, "leases", leases);
        put(adHoc, "leasedKeys", leasedKeys);
        put(adHoc, "watchers", watchers);
        put(adHoc, PlanScenario.MACHINE_MEMORY, machineMemory);
        if (!adHoc.isEmpty()) {
            if (!adHoc.containsKey("keys")) {
                throw new MojoExecutionException("memstore: an ad-hoc scenario needs -Dmemstore.keys (like 10M);"
                        + " given: " + String.join(", ", adHoc.keySet().stream().map(k -> "memstore." + k).toList()));
            }
            List<PlanScenario> adHocScenarios = spec.commandLineScenarios("command-line", adHoc, "memstore.",
                    "command line");
            if (!adHoc.containsKey("system")) {
                info("memstore: planning system " + String.join(", ", adHocScenarios.stream()
                        .map(s -> s.params().system().specName()).toList()) + (adHocScenarios.get(0).origin()
                        .contains("as the spec's rows") ? ", the system of the spec's rows" : "")
                        + "; -Dmemstore.system names another");
            }
            return adHocScenarios;
        }
        if (spec.plan().isEmpty()) {
            throw new MojoExecutionException("memstore: " + spec.source() + " has no plan: section; add scenarios"
                    + " (see the capacity planning page) or give one with -Dmemstore.keys=10M -Dmemstore.versions=3");
        }
        return spec.plan();
    }

    private static void put(Map<String, String> m, String name, String value) {
        if (value != null && !value.isBlank()) {
            m.put(name, value.strip());
        }
    }
}
