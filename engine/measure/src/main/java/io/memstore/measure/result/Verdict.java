package io.memstore.measure.result;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.RegressionOutcome;

import java.util.List;

/**
 * The verdict of a run, counted from its judged outcomes, budgets and regressions alike: the one source of the
 * pass/fail line that the console, memstore.md, the step summary, the JUnit file and the report (site and
 * standalone) print, so none of them can say PASSED where another says FAILED. {@link #passed} is
 * {@link RunResult#passed}.
 *
 * @param passed     no outcome failed at error level
 * @param outcomes   budget and regression outcomes in all
 * @param ok         outcomes within their bounds (regression noise included)
 * @param warned     outcomes breached at warn level (a regression budget without a baseline under
 *                   {@code baselineMissing=warn} included)
 * @param failed     outcomes breached at error level: each fails the build
 * @param notJudged  budgets listed but not judged (an undetermined model, a size bound at another scale)
 * @param regressions how many of the outcomes compare with a baseline
 * @param failure    the row that stopped the run, or null when every selected row was measured
 * @param measured   the rows measured
 * @param shard      the shard the result is one part of, or null for a whole run's result: a shard judges nothing
 */
public record Verdict(boolean passed, int outcomes, int ok, int warned, int failed, int notJudged,
                      int regressions, RunFailure failure, int measured, ShardMark shard) {

    public static Verdict of(RunResult result) {
        int ok = 0;
        int warned = 0;
        int failed = 0;
        int notJudged = 0;
        for (BudgetOutcome o : result.budgets()) {
            if (!o.judged()) {
                notJudged++;
            } else if (o.passed()) {
                ok++;
            } else if (o.failsRun()) {
                failed++;
            } else {
                warned++;
            }
        }
        List<RegressionOutcome> regressions = result.baseline() == null ? List.of() : result.baseline().outcomes();
        for (RegressionOutcome o : regressions) {
            if (o.passed()) {
                ok++;
            } else if (o.failsRun()) {
                failed++;
            } else {
                warned++;
            }
        }
        return new Verdict(result.passed(), result.budgets().size() + regressions.size(), ok, warned, failed,
                notJudged, regressions.size(), result.failure(), result.rows().size(), result.shard());
    }

    /**
     * {@code PASSED: 14 budget outcome(s) (2 against the baseline): 11 passed, 1 warned, 0 failed, 2 not judged},
     * or FAILED with the same counts; a run stopped by a row says so first:
     * {@code FAILED: incomplete, 2 of 3 rows measured, row 'etcd' failed: ...; 2 budget outcome(s): ...}, and a run
     * that has not written its results (its in-progress record) {@code FAILED: incomplete, the run started ...
     * has not written its results: ...; 0 budget outcome(s): ...}. A shard's result says what it measured and who
     * judges it: {@code MEASURED: shard 1/3, 4 of its 4 row(s) measured; memstore:merge judges the 12 rows of the 3
     * shards}.
     */
    public String line() {
        if (shard != null) {
            String part = "shard " + shard.shard() + ", " + measured + " of its " + shard.rows().size() + " row(s)"
                    + " measured";
            return (failure == null ? "MEASURED: " + part : "FAILED: incomplete, " + part + ", " + failure.describe())
                    + "; memstore:merge judges the " + shard.selected() + " rows of the " + shard.shard().count()
                    + " shards";
        }
        String head = failure == null ? (passed ? "PASSED" : "FAILED")
                : failure.row() == null ? "FAILED: incomplete, " + failure.describe() + ";"
                : "FAILED: incomplete, " + measured + " of " + failure.selected() + " rows measured, "
                + failure.describe() + ";";
        return head + (failure == null ? ": " : " ") + outcomes + " budget outcome(s)"
                + (regressions > 0 ? " (" + regressions + " against the baseline)" : "") + ": " + ok + " passed, "
                + warned + " warned, " + failed + " failed" + (notJudged > 0 ? ", " + notJudged + " not judged" : "");
    }
}
