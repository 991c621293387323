package io.memstore.measure.result;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.model.ModelFit;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything one run of a spec produced: what measuring gave (rows), what fitting gave (model) and what judging
 * gave (budgets), when the run started and, for a run that stopped early, why. The renderers
 * ({@link ResultJson}, {@link ResultCsv}, {@link ResultMarkdown}, {@link ResultJUnit}, {@link ConsoleTables}) only
 * read this model; none of them measures or judges.
 *
 * @param specName    the spec's name
 * @param specFile    the spec file as given to the run
 * @param environment where it was measured
 * @param rows        one per spec row, in spec order, unique names
 * @param model       the memory model fitted over the rows, or null when none was fitted
 * @param budgets     the budget outcomes
 * @param baseline    the comparison with a baseline result and its regression outcomes, or null when the run was
 *                    not compared with one
 * @param started     when the run started, ISO-8601 in UTC to the second (like {@code 2026-01-31T09:15:02Z}), so
 *                    that the outputs of two runs are told apart; null for a result made without a run
 * @param failure     the row that stopped the run, or null when every selected row was measured
 * @param shard       for the result of one shard of a run ({@code memstore.shard=K/N}) what marks it so: its rows
 *                    are a part of the spec's, nothing was judged, and {@code memstore:merge} puts the shards
 *                    together; null for a whole run's result
 */
public record RunResult(String specName, String specFile, Environment environment, List<RowResult> rows,
                        ModelFit model, List<BudgetOutcome> budgets, BaselineComparison baseline, String started,
                        RunFailure failure, ShardMark shard) {
    /** The version of the {@code memstore.json} layout this code writes and reads. */
    public static final int SCHEMA_VERSION = 1;
    /** The spec name of the record of a run that has not read its spec yet ({@link #inProgress}). */
    public static final String SPEC_NOT_READ = "(spec not read yet)";

    public RunResult {
        Objects.requireNonNull(specName, "specName");
        Objects.requireNonNull(specFile, "specFile");
        Objects.requireNonNull(environment, "environment");
        rows = List.copyOf(rows);
        budgets = List.copyOf(budgets);
        Set<String> names = new HashSet<>();
        for (RowResult row : rows) {
            if (!names.add(row.name())) {
                throw new IllegalArgumentException("two rows are named " + row.name());
            }
        }
    }

    /** A whole run's result (not a shard's). */
    public RunResult(String specName, String specFile, Environment environment, List<RowResult> rows,
                     ModelFit model, List<BudgetOutcome> budgets, BaselineComparison baseline, String started,
                     RunFailure failure) {
        this(specName, specFile, environment, rows, model, budgets, baseline, started, failure, null);
    }

    /** A complete result that was not compared with a baseline, without a start time. */
    public RunResult(String specName, String specFile, Environment environment, List<RowResult> rows,
                     ModelFit model, List<BudgetOutcome> budgets) {
        this(specName, specFile, environment, rows, model, budgets, null);
    }

    /** A complete result without a start time. */
    public RunResult(String specName, String specFile, Environment environment, List<RowResult> rows,
                     ModelFit model, List<BudgetOutcome> budgets, BaselineComparison baseline) {
        this(specName, specFile, environment, rows, model, budgets, baseline, null, null);
    }

    /**
     * What a run's outputs say from its start until it writes its results, and after it was stopped before it could:
     * no row, no budget, FAILED (incomplete, {@link RunFailure#inProgress}).
     *
     * @param specName the spec's name, or {@link #SPEC_NOT_READ}
     * @param specFile the spec file as given to the run
     * @param started  when the run started
     * @param pid      the process that runs it
     */
    public static RunResult inProgress(String specName, String specFile, Instant started, long pid) {
        return new RunResult(specName, specFile, Environment.current(List.of()), List.of(), null, List.of(), null,
                null, null).withStart(started).withFailure(RunFailure.inProgress(started, pid));
    }

    /** The same result compared with a baseline. */
    public RunResult withBaseline(BaselineComparison comparison) {
        return new RunResult(specName, specFile, environment, rows, model, budgets, comparison, started, failure,
                shard);
    }

    /** The same result, of a run that started at {@code instant} (kept to the second). */
    public RunResult withStart(Instant instant) {
        return new RunResult(specName, specFile, environment, rows, model, budgets, baseline,
                instant.truncatedTo(ChronoUnit.SECONDS).toString(), failure, shard);
    }

    /** The same result, of a run that {@code why} stopped before its last row. */
    public RunResult withFailure(RunFailure why) {
        return new RunResult(specName, specFile, environment, rows, model, budgets, baseline, started, why, shard);
    }

    /** The same result with another spec file and baseline comparison (a baseline names them relatively). */
    public RunResult withSpecFile(String file, BaselineComparison comparison) {
        return new RunResult(specName, file, environment, rows, model, budgets, comparison, started, failure, shard);
    }

    /** The same result, of the shard that {@code mark} describes. */
    public RunResult withShard(ShardMark mark) {
        return new RunResult(specName, specFile, environment, rows, model, budgets, baseline, started, failure, mark);
    }

    /** The same result with its start given as written ({@link #started}), e.g. another result's. */
    public RunResult withStarted(String value) {
        return new RunResult(specName, specFile, environment, rows, model, budgets, baseline, value, failure, shard);
    }

    /** True when every selected row was measured. */
    public boolean complete() {
        return failure == null;
    }

    public int schemaVersion() {
        return SCHEMA_VERSION;
    }

    /**
     * True when every selected row was measured and no budget outcome and no regression outcome failed at ERROR
     * level. Derived, so it cannot disagree with the outcomes.
     */
    public boolean passed() {
        return failure == null && BudgetJudge.passed(budgets) && (baseline == null || baseline.passed());
    }
}
