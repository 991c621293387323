package io.memstore.maven;

import io.memstore.measure.budget.MissingBaseline;
import io.memstore.measure.check.Check;
import io.memstore.measure.check.CheckRequest;
import io.memstore.measure.check.PreflightException;
import io.memstore.measure.check.QuickLook;
import io.memstore.measure.check.RunInProgress;
import io.memstore.measure.check.ShardMerge;
import io.memstore.measure.check.ShardMergeException;
import io.memstore.measure.check.ShardPartition;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.ProbeException;
import io.memstore.measure.run.Progress;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowCount;
import io.memstore.measure.spec.Shard;
import io.memstore.measure.spec.SpecException;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.WorkloadSpec;
import io.memstore.systems.SystemPreflight;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;

/**
 * The one path from a goal's parameters to a measurement, shared by {@code check}, {@code plan} and
 * {@code report}: which spec (see {@link SpecLocator}), loading it, how the probe JVMs are forked (their classpath:
 * the project's when it depends on memstore-store, see {@link ProbeClasspath}; flags, timeout, work directory under the output directory) and, for the goals that measure a spec, the run
 * itself. Every failure on this path is a {@link MojoExecutionException} with a message that starts with
 * {@code memstore:}: a broken spec, a bad parameter, a probe that failed, an output that cannot be written.
 * Judging the budgets stays with the goals.
 */
final class SpecRun {
    private final Path baseDirectory;
    private final Path specFile;
    private final Path resultDirectory;
    private final ProbeClasspath probeClasspath;
    private final List<Path> systemsClasspath;
    private final Log log;
    private final List<Path> testSourceRoots;
    private final List<String> uncompiledTestClasses = new ArrayList<>();
    private String jvmArgs;
    private String timeout;
    private boolean keepFiles;
    private Long settleMillis;
    private Integer gets;
    private WorkloadSpec spec;

    private SpecRun(Path baseDirectory, Path specFile, Path resultDirectory, ProbeClasspath probeClasspath,
                    List<Path> systemsClasspath, Log log, List<Path> testSourceRoots) {
        this.testSourceRoots = List.copyOf(testSourceRoots);
        this.baseDirectory = baseDirectory;
        this.specFile = specFile;
        this.resultDirectory = resultDirectory;
        this.probeClasspath = probeClasspath;
        this.systemsClasspath = systemsClasspath;
        this.log = log;
    }

    /**
     * The path of one goal execution.
     *
     * @param project         the project under build: its base directory holds the conventional spec
     * @param pluginArtifacts the plugin's own artifacts: the probe, and the store unless the project brings its own
     * @param spec            the {@code spec} parameter, or null
     * @param resultDirectory the results directory ({@code resultDirectory}, see {@link ResultDirectory})
     * @param log             the goal's log: each finished row and a long row's progress at INFO, every probe
     *                        phase at DEBUG, each line prefixed by {@code memstore: }
     * @throws MojoExecutionException when a spec is given but missing, or the project's memstore-store is one the
     *                                probe cannot drive (see {@link ProbeClasspath})
     */
    static SpecRun of(MavenProject project, List<Artifact> pluginArtifacts, File spec, File resultDirectory,
                      Log log) throws MojoExecutionException {
        return new SpecRun(project.getBasedir().toPath(), SpecLocator.resolve(spec, project.getBasedir().toPath()),
                resultDirectory.toPath(), ProjectProbe.classpath(project, pluginArtifacts),
                ProbeClasspath.systems(pluginArtifacts), log,
                project.getTestCompileSourceRoots().stream().map(Path::of).toList());
    }

    /** The probe settings: extra JVM flags (space-separated, or null), a timeout like {@code 30m}, keep files. */
    SpecRun withProbe(String jvmArgs, String timeout, boolean keepFiles) {
        this.jvmArgs = jvmArgs;
        this.timeout = timeout;
        this.keepFiles = keepFiles;
        return this;
    }

    /**
     * The probes' longest settle wait before each RSS reading ({@code memstore.settleMillis}), in ms; null when not set (see
     * {@link QuickLook}).
     */
    SpecRun withSettle(Long millis) {
        this.settleMillis = millis;
        return this;
    }

    /** The gets each probe times for the gets/s figure ({@code memstore.gets}); null when not set. */
    SpecRun withGets(Integer gets) {
        this.gets = gets;
        return this;
    }

    /**
     * The settle and gets of a run at {@code scale}: as set, else as a run at that scale does them by default; a
     * negative value is refused, naming the parameter.
     */
    QuickLook quickLook(double scale) throws MojoExecutionException {
        try {
            return QuickLook.of(scale, settleMillis == null ? null : MojoArguments.settle(settleMillis).toMillis(),
                    gets == null ? null : MojoArguments.gets(gets));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
    }

    /** The spec file, or null for the embedded default. */
    Path specFile() {
        return specFile;
    }

    Path resultDirectory() {
        return resultDirectory;
    }

    /**
     * The spec, loaded once, the classes it names looked up on the project's test classpath; a broken one fails
     * with the loader's message (file, line, field). Once loaded, a spec inside the project is named by its path
     * relative to the project's base directory, in the log and in every result, so that a committed baseline and a
     * published report hold no path of this machine.
     */
    WorkloadSpec spec() throws MojoExecutionException {
        if (spec == null) {
            spec = ProjectProbe.loadSpec(specFile, probeClasspath, resultDirectory.resolve("work"), timeout(),
                    this::warn, testSourceRoots, uncompiledTestClasses);
            if (specFile != null && specFile.toAbsolutePath().normalize()
                    .startsWith(baseDirectory.toAbsolutePath().normalize())) {
                spec = spec.withSource(ProjectPaths.relative(baseDirectory, specFile));
            }
        }
        return spec;
    }

    /** The timeout of a probe run and of a class trial ({@code memstore.timeout}). */
    private Duration timeout() throws MojoExecutionException {
        try {
            return timeout == null ? RunnerOptions.DEFAULT_TIMEOUT : MojoArguments.parseTimeout(timeout);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
    }

    /** A warning of a row or a class trial, wrapped to the console's width. */
    private void warn(String line) {
        ConsoleLines.wrap("memstore: " + line).forEach(log::warn);
    }

    /**
     * What rows of these systems measure, in one line: the store for memstore's rows, the other systems and the
     * project's classes by name (see {@link ProbeClasspath#describe(java.util.Collection)}).
     */
    String measuredLine(List<SystemKind> systems) {
        return probeClasspath.describe(systems);
    }

    /**
     * The classes the spec names whose sources are among the project's tests but which are not compiled, as the last
     * {@link #spec()} found them (it then failed): what {@code maven.test.skip=true} leaves the spec.
     */
    List<String> uncompiledTestClasses() {
        return List.copyOf(uncompiledTestClasses);
    }

    /**
     * How the probes are forked, their progress lines prefixed by {@code label} (empty, or like
     * {@code "calibration "}).
     */
    RunnerOptions runner(String label) throws MojoExecutionException {
        return runner(label, quickLook(1.0));
    }

    /** As {@link #runner(String)}, with the settle and gets of {@code look}. */
    RunnerOptions runner(String label, QuickLook look) throws MojoExecutionException {
        try {
            return look.apply(ProjectProbe.runner(probeClasspath))
                    .withSystemsClasspath(systemsClasspath)
                    .withJvmArgs(MojoArguments.splitJvmArgs(jvmArgs))
                    .withTimeout(timeout())
                    .withWorkDir(resultDirectory.resolve("work"))
                    .withKeepFiles(keepFiles)
                    .withProgress(Progress.of(line -> ConsoleLines.wrap("memstore: " + label + line).forEach(log::info),
                            line -> ConsoleLines.wrap("memstore: " + label + line).forEach(log::debug),
                            line -> warn(label + line)));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
    }

    /**
     * Measures the spec's selected rows, judges them and writes the results to the output directory (see
     * {@link Check#run}); the verdict is in the result, for the goal to act on.
     *
     * @param only            the row filter, or null for every row
     * @param scale           multiplies every {@code keys} count
     * @param baseline        the baseline file, or null for none
     * @param baselineMissing what a regression budget does without a baseline: {@code warn} or {@code fail}
     */
    RunResult measure(String only, double scale, Path baseline, String baselineMissing)
            throws MojoExecutionException {
        return measure(only, scale, baseline, baselineMissing, null, null);
    }

    /**
     * As {@link #measure(String, double, Path, String)}, of one shard of the selected rows when {@code shard} is not
     * null: its rows only, its results marked as the shard's (by memstore {@code version}) and judged by no one but
     * {@code memstore:merge}; the console says which rows it holds of how many.
     */
    RunResult measure(String only, double scale, Path baseline, String baselineMissing, Shard shard, String version)
            throws MojoExecutionException {
        // the run begins before the spec is read: a class it names is tried then, and that trial may fail or be
        // stopped; from here on the outputs say the run has not completed until it writes its results
        try (RunInProgress run = RunInProgress.start(resultDirectory, RunResult.SPEC_NOT_READ,
                specFile == null ? SpecLoader.DEFAULT_SPEC_SOURCE : ProjectPaths.relative(baseDirectory, specFile))) {
            return measure(run, only, scale, baseline, baselineMissing, shard, version);
        } catch (PreflightException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: cannot write the results to " + resultDirectory + ": "
                    + e.getMessage(), e);
        }
    }

    private RunResult measure(RunInProgress run, String only, double scale, Path baseline, String baselineMissing,
                              Shard shard, String version)
            throws MojoExecutionException {
        WorkloadSpec workloads = spec();
        if (specFile == null) {
            log.info("memstore: no spec at " + SpecLocator.CONVENTIONAL_SPEC + ": running the built-in spec, "
                    + workloads.name() + " (etcd's benchmark tables)");
            log.info("memstore: mvn memstore:init writes a commented starter spec there;"
                    + " -Dmemstore.spec=FILE names another");
        }
        QuickLook look = quickLook(scale);
        CheckRequest request;
        List<Row> rows;
        try {
            request = new CheckRequest(specFile, resultDirectory, only, scale, runner("", look))
                    .withBaseline(baseline, MissingBaseline.bySpecName(baselineMissing))
                    .withBaselineName(baseline == null ? null : ProjectPaths.relative(baseDirectory, baseline))
                    .withSystems(SystemPreflight::problem)
                    .withShard(shard, version);
            workloads = Check.scaled(workloads, request);
            rows = Check.selectRows(workloads, request); // a filter that selects nothing fails here
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
        // what the run asks of the machine, counted from the spec: a duration would be wrong on every other one
        ConsoleLines.wrap("memstore: spec " + workloads.name() + " (" + workloads.source() + "), "
                + RowCount.describe(rows) + (scale == 1.0 ? "" : ", scale " + scale)).forEach(log::info);
        if (shard != null) {
            List<Row> part = ShardPartition.rowsOf(rows, shard);
            ConsoleLines.wrap("memstore: shard " + shard + ": " + (part.isEmpty()
                    ? "none of the " + rows.size() + " rows (more shards than rows), nothing to measure"
                    : part.size() + " of the " + rows.size() + " rows") + "; memstore:merge of the " + shard.count()
                    + " shards' results judges the budgets").forEach(log::info);
        }
        look.line().ifPresent(line -> ConsoleLines.wrap("memstore: " + line).forEach(log::info));
        ConsoleLines.wrap("memstore: " + measuredLine(rows.stream().map(r -> r.params().system()).toList()))
                .forEach(log::info);
        try {
            workloads.etcdRunsLine(Check.selectRows(workloads, request))
                    .ifPresent(line -> ConsoleLines.wrap("memstore: " + line).forEach(log::info));
            return Check.run(workloads, request, run);
        } catch (ProbeException | PreflightException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: cannot read the baseline or write the results to "
                    + resultDirectory + ": " + e.getMessage(), e);
        }
    }

    /**
     * Merges the results of a run's shards ({@link ShardMerge}) into the output directory, judged against the spec
     * here (its classes not tried: nothing is measured) and the baseline, as one unsharded run would write them.
     *
     * @param shards          the shards' result directories, or directories holding them
     * @param baseline        the baseline file, or null for none
     * @param baselineMissing what a regression budget does without a baseline: {@code warn} or {@code fail}
     */
    RunResult merge(List<Path> shards, Path baseline, String baselineMissing) throws MojoExecutionException {
        WorkloadSpec workloads;
        try {
            workloads = Check.loadSpec(specFile);
        } catch (SpecException e) {
            throw new MojoExecutionException("memstore: the workload spec is broken: " + e.getMessage(), e);
        }
        if (specFile != null && specFile.toAbsolutePath().normalize()
                .startsWith(baseDirectory.toAbsolutePath().normalize())) {
            workloads = workloads.withSource(ProjectPaths.relative(baseDirectory, specFile));
        }
        CheckRequest template;
        try {
            template = new CheckRequest(specFile, resultDirectory, null, 1.0, runner(""))
                    .withBaseline(baseline, MissingBaseline.bySpecName(baselineMissing))
                    .withBaselineName(baseline == null ? null : ProjectPaths.relative(baseDirectory, baseline));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        }
        try {
            RunResult merged = ShardMerge.run(workloads, shards, template);
            ConsoleLines.wrap("memstore: merged " + shards.size() + " shard result location(s) into "
                    + merged.rows().size() + " row(s) of spec " + merged.specName() + " (" + merged.specFile() + ")")
                    .forEach(log::info);
            return merged;
        } catch (ShardMergeException e) {
            throw new MojoExecutionException("memstore: cannot merge the shards: " + e.getMessage(), e);
        } catch (PreflightException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("memstore: cannot read the baseline or write the results to "
                    + resultDirectory + ": " + e.getMessage(), e);
        }
    }
}
