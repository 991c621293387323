package io.memstore.measure.check;

import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.RegressionJudge;
import io.memstore.measure.budget.RegressionRule;
import io.memstore.measure.result.StepSummary;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.BudgetRule;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.result.Environment;
import io.memstore.measure.result.ResultFiles;
import io.memstore.measure.result.ShardMark;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.RowMeasurement;
import io.memstore.measure.run.SpecRunner;
import io.memstore.measure.spec.Budget;
import io.memstore.measure.spec.ProjectClassCheck;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowFilter;
import io.memstore.measure.spec.SpecException;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import io.memstore.measure.result.RunFailure;
import io.memstore.measure.run.ProbeException;
import io.memstore.measure.run.RowRunner;
import java.io.IOException;
import java.time.Instant;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The main job, as the Maven plugin's {@code check} goal runs it: load the spec, measure every selected row in
 * forked probes, fit the memory model, judge the budgets and write memstore.json, .csv and .md. Measuring,
 * judging and rendering stay separate pieces; this class only puts them in order.
 */
public final class Check {
    private Check() {
    }

    /** The spec the request names, or the embedded default spec when it names none. */
    public static WorkloadSpec loadSpec(Path specFile) throws SpecException {
        return loadSpec(specFile, ProjectClassCheck.UNCHECKED);
    }

    /** As {@link #loadSpec(Path)}, checking every class the spec names ({@code index:}, {@code system:}) with {@code projectClasses}. */
    public static WorkloadSpec loadSpec(Path specFile, ProjectClassCheck projectClasses) throws SpecException {
        return specFile == null ? SpecLoader.loadDefault() : SpecLoader.load(specFile, projectClasses);
    }

    /** The rows a request selects from a spec, after scaling and filtering; refuses a filter that selects nothing. */
    public static List<Row> selectRows(WorkloadSpec spec, CheckRequest request) {
        return RowFilter.parse(request.only()).select(spec.rows());
    }

    /** Applies the request's scale to the spec. */
    public static WorkloadSpec scaled(WorkloadSpec spec, CheckRequest request) {
        return request.scale() == 1.0 ? spec : spec.scaled(request.scale());
    }

    /**
     * Measures, fits, judges (budgets, then regressions against the baseline) and writes the outputs:
     * memstore.json, .csv, .md, TEST-memstore.xml, and the step summary when {@code GITHUB_STEP_SUMMARY} is set.
     * The verdict is in the returned result. A row that fails stops the run, but the outputs are written all the
     * same: the rows measured before it keep their figures and are judged, and the result names the failed row
     * ({@link RunResult#failure}), so it cannot pass and no output of an earlier run is left to say it did. From the
     * start until then the outputs are the run's in-progress record ({@link RunInProgress}), which stays, saying the
     * run did not complete, when the run is stopped or fails before it writes its results.
     *
     * @throws IOException        when an output cannot be written or the baseline file is unreadable or malformed
     * @throws PreflightException before any probe runs, when the output directory cannot be written (see
     *                            {@link Preflight}); a row that cannot fit this machine, or whose system cannot
     *                            run here, is a failure of the returned result, whose outputs are written
     */
    public static RunResult run(WorkloadSpec spec, CheckRequest request) throws IOException {
        return run(spec, request, MachineResources.current(request.runner().workDir()));
    }

    /**
     * As {@link #run(WorkloadSpec, CheckRequest)}, for a run that has begun already ({@link RunInProgress#start}, in
     * the request's output directory): its start is the results' start, and its lock is held until it is closed.
     */
    public static RunResult run(WorkloadSpec spec, CheckRequest request, RunInProgress run) throws IOException {
        return run(spec, request, MachineResources.current(request.runner().workDir()), run);
    }

    /** As {@link #run(WorkloadSpec, CheckRequest)}, on a machine described by {@code machine}. */
    static RunResult run(WorkloadSpec spec, CheckRequest request, MachineResources machine) throws IOException {
        selectRows(spec, request); // a filter that selects nothing is refused before any output is touched
        try (RunInProgress run = RunInProgress.start(request.outputDirectory(), spec.name(), spec.source())) {
            return run(spec, request, machine, run);
        }
    }

    private static RunResult run(WorkloadSpec spec, CheckRequest request, MachineResources machine,
                                 RunInProgress run) throws IOException {
        if (!run.outputDirectory().toAbsolutePath().normalize()
                .equals(request.outputDirectory().toAbsolutePath().normalize())) {
            throw new IllegalArgumentException("the run began in " + run.outputDirectory() + ", not in the request's"
                    + " output directory " + request.outputDirectory());
        }
        Instant started = run.started();
        List<Row> selected = selectRows(spec, request);
        List<Row> rows = request.shard() == null ? selected : ShardPartition.rowsOf(selected, request.shard());
        // the baseline first: a broken one is found in a second, not after every row ran; a shard judges nothing,
        // and leaves the baseline to memstore:merge
        BaselineFile baseline = request.shard() == null ? BaselineFile.load(request.baseline())
                : new BaselineFile(null, null);
        RowRunner runner = new RowRunner(request.runner());
        runner.removeLeftovers();
        try {
            request.runner().progress().detail(Preflight.check(rows, request.outputDirectory(),
                    request.runner().workDir(), request.runner().keepFiles(), machine,
                    request.runner().jvmArgs()));
            Preflight.systems(rows, request.systems());
        } catch (PreflightException e) {
            if (e.row() != null) {
                // no earlier run's outputs may stand for this one: they say FAILED, with no row measured
                RunResult refused = result(spec, request, selected, rows, List.of(), List.of(), baseline, machine)
                        .withStart(started)
                        .withFailure(new RunFailure(e.row(), e.reason(), rows.size(), e.getMessage()));
                ResultFiles.writeAll(refused, request.outputDirectory());
                StepSummary.append(refused, request.environment());
                return refused;
            }
            throw e;
        }
        List<RowMeasurement> measured = new ArrayList<>();
        RunFailure failure = null;
        try {
            new SpecRunner(runner).run(rows, measured::add);
        } catch (ProbeException e) {
            if (SpecRunner.stopping()) {
                // the build is being stopped and its hook killed the probe: the in-progress record written at the
                // start stays, saying the run did not complete, rather than a failure the row did not cause
                throw e;
            }
            failure = RunFailure.of(e.row(), e.getMessage(), rows.size());
        }
        List<RowResult> results = measured.stream().map(RowMeasurement::toRowResult).toList();
        List<Row> ran = measured.stream().map(RowMeasurement::row).toList();
        RunResult result = result(spec, request, selected, rows, ran, results, baseline, machine).withStart(started);
        if (failure != null) {
            result = result.withFailure(failure);
        }
        ResultFiles.writeAll(result, request.outputDirectory());
        StepSummary.append(result, request.environment());
        return result;
    }

    /**
     * The result of the rows that ran: judged and compared with the baseline, or for a shard marked as one
     * ({@link ShardMark}), with no model and nothing judged.
     */
    private static RunResult result(WorkloadSpec spec, CheckRequest request, List<Row> selected, List<Row> rows,
                                    List<Row> ran, List<RowResult> results, BaselineFile baseline,
                                    MachineResources machine) {
        if (request.shard() == null) {
            return compare(spec, request, ran, judge(spec, request, ran, results), baseline);
        }
        RunnerOptions runner = request.runner();
        ShardMark mark = new ShardMark(request.shard(), rows.stream().map(Row::name).toList(), selected.size(),
                ShardMark.digest(selected), request.scale(), request.only(),
                request.memstore() == null ? "unknown" : request.memstore(), machine.physicalMemory(),
                runner.jvmArgs(), runner.settle().toMillis(), runner.gets());
        return new RunResult(spec.name(), spec.source(), environment(ran, request), results, null, List.of())
                .withShard(mark);
    }

    /**
     * Judges the spec's {@code maxIncrease}/{@code maxIncreaseBytes} budgets against the baseline read before the
     * run. Without such budgets and without a baseline the result is returned as it is; a baseline without such
     * budgets is noted, and so is, once, a scaled run none of whose rows the baseline holds.
     */
    static RunResult compare(WorkloadSpec spec, CheckRequest request, List<Row> rows, RunResult result,
                             BaselineFile baseline) {
        List<RegressionRule> rules = new ArrayList<>();
        for (Budget budget : spec.budgets()) {
            if (budget.limitsIncrease() && rows.stream().anyMatch(budget::matches)) {
                rules.add(BudgetRules.regression(budget));
            }
        }
        if (rules.isEmpty() && baseline.file() == null) {
            return result;
        }
        RunResult old = baseline.result();
        String name = baseline.file() == null ? null
                : request.baselineName() != null ? request.baselineName() : baseline.file().toString();
        if (request.scale() != 1.0 && old != null && !rules.isEmpty() && result.rows().stream()
                .noneMatch(r -> old.rows().stream().anyMatch(b -> b.name().equals(r.name())))) {
            // a quick look against a full-size baseline: one note, not one "no row" warning per row
            return result.withBaseline(new BaselineComparison(name, true, old.specName(),
                    notComparedAtScale(request.scale()), List.of()));
        }
        BaselineComparison comparison = RegressionJudge.judge(result.rows(), name, old == null ? null : old.rows(),
                old == null ? null : old.specName(), rules, request.missingBaseline());
        if (rules.isEmpty()) {
            comparison = new BaselineComparison(comparison.file(), comparison.found(), comparison.specName(),
                    "the spec has no maxIncrease or maxIncreaseBytes budget: nothing was compared", List.of());
        }
        return result.withBaseline(comparison);
    }

    /**
     * The row metrics whose bounds hold at any key count, so a scaled run still judges them: the JVM's RSS before
     * the index is built. A bound per key is not among them: at a small key count every key carries a share of
     * the index's fixed overhead, so a scaled run measures more bytes per key than the full-size run.
     */
    static final Set<Metric> SCALE_FREE = EnumSet.of(Metric.JVM_BASELINE_RSS);

    /**
     * Fits the model and judges the budgets that apply to the measured rows. In a scaled run (scale other than 1)
     * every row was resized, so a bound that the size changes (index.liveHeap, process.rss, index.bytesPerKey, the
     * model's coefficients...) is listed as not judged at this scale, never failed or warned: a bound for 1M keys
     * says nothing about a 10K-key row, and a quick look must not fail a budget the full-size run passes. A scaled
     * run whose probes skipped the settle ({@link QuickLook}) does not judge the {@link #SCALE_FREE} bounds either:
     * its RSS readings are unsettled.
     */
    static RunResult judge(WorkloadSpec spec, CheckRequest request, List<Row> rows, List<RowResult> results) {
        return judge(spec, request, rows, results, environment(rows, request));
    }

    /** As {@link #judge(WorkloadSpec, CheckRequest, List, List)}, the rows measured in {@code environment}. */
    static RunResult judge(WorkloadSpec spec, CheckRequest request, List<Row> rows, List<RowResult> results,
                           Environment environment) {
        SystemKind system = modelSystem(rows);
        List<Row> ofSystem = rows.stream().filter(r -> r.params().system().equals(system)).toList();
        ModelFit model = new MemoryModel().fit(results.stream().filter(r -> r.params().system().equals(system))
                .toList(), modelIndex(ofSystem));
        if (system.isClass()) {
            // rows of a project's target class are named by that class: their index field is not theirs
            model = new ModelFit(IndexKind.of(system.specName()), model.pointer(), model.weighting(), model.c1(),
                    model.c2(), model.relativeRmsError(), model.residuals(), model.note());
        }
        List<BudgetRule> rules = new ArrayList<>();
        for (Budget budget : spec.budgets()) {
            // a filtered run judges only the budgets of the rows it ran
            if (!budget.hasBounds()) {
                continue; // a pure regression budget: judged against the baseline in compare()
            }
            if (budget.metric().isModel() || rows.stream().anyMatch(budget::matches)) {
                rules.add(BudgetRules.from(budget));
            }
        }
        List<BudgetOutcome> outcomes = new ArrayList<>();
        for (BudgetRule rule : rules) {
            boolean unsettled = SCALE_FREE.contains(rule.metric()) && request.runner().settle().isZero();
            if (request.scale() != 1.0 && (!SCALE_FREE.contains(rule.metric()) || unsettled)) {
                String why = unsettled ? NOT_JUDGED_UNSETTLED : notJudgedAtScale(request.scale());
                if (rule.metric().isModel()) {
                    for (BudgetOutcome o : BudgetJudge.judge(results, model, List.of(rule))) {
                        outcomes.add(BudgetOutcome.notJudged(rule, o.row(), o.actual(), why));
                    }
                } else {
                    outcomes.addAll(BudgetJudge.notJudged(results, rule, why));
                }
            } else {
                outcomes.addAll(BudgetJudge.judge(results, model, List.of(rule)));
            }
        }
        return new RunResult(spec.name(), spec.source(), environment, results, model, outcomes);
    }

    /** Where the rows were measured: this JVM's runtime and machine, the probes' flags, the store. */
    private static Environment environment(List<Row> rows, CheckRequest request) {
        // the store is recorded when a row measured it: a spec of other systems or the project's classes ran none
        boolean storeRan = rows.stream().anyMatch(r -> r.params().system() == SystemKind.MEMSTORE);
        return Environment.current(commonFlags(rows, request)).withStore(storeRan ? request.runner().store() : null);
    }

    /** Why a scaled run whose rows the baseline does not hold compares nothing with it: said once. */
    public static String notComparedAtScale(double scale) {
        return "memstore.scale=" + scale + " resized the rows and the baseline holds none of them (a baseline of"
                + " the spec's own size): nothing was compared; the full-size run compares";
    }

    /** Why a quick look that skipped the settle judges no RSS budget: the text every output and the console give. */
    public static final String NOT_JUDGED_UNSETTLED = "not judged in this quick look: its probes skipped the settle"
            + " (memstore.settleMillis=0) and read RSS unsettled; the full-size run judges it";

    /** Why a budget is not judged in a run at {@code scale}: the text every output and the console give. */
    public static String notJudgedAtScale(double scale) {
        return "not judged at this scale: memstore.scale=" + scale + " resized the rows, and this bound is for the"
                + " spec's own size (at fewer keys each key also carries a share of the fixed overhead); the full-size"
                + " run judges it";
    }

    /**
     * The model describes one system's rows: memstore's when any row measured it, else the first row's system
     * (an etcd-only spec fits etcd).
     */
    private static SystemKind modelSystem(List<Row> rows) {
        return rows.isEmpty() || rows.stream().anyMatch(r -> r.params().system() == SystemKind.MEMSTORE)
                ? SystemKind.MEMSTORE : rows.get(0).params().system();
    }

    /** The model describes memstore's B-tree when any row measured it, else the index of the first row. */
    private static IndexKind modelIndex(List<Row> rows) {
        return rows.isEmpty() || rows.stream().anyMatch(r -> r.params().index().equals(IndexKind.BTREE))
                ? IndexKind.BTREE : rows.get(0).params().index();
    }

    /**
     * The probe flags every row shares, then the user's: what the environment records. Only -Xmx differs between
     * rows (it follows each row's size, see {@link ProbeJvm#heapLimit}).
     */
    static List<String> commonFlags(List<Row> rows, CheckRequest request) {
        Set<String> common = null;
        for (Row row : rows) {
            Set<String> flags = new LinkedHashSet<>(ProbeJvm.flags(row.params()));
            if (common == null) {
                common = flags;
            } else {
                common.retainAll(flags);
            }
        }
        List<String> out = new ArrayList<>(common == null ? Set.of() : common);
        out.addAll(request.runner().jvmArgs());
        return out;
    }
}
