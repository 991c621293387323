package io.memstore.maven;

import io.memstore.measure.budget.BudgetJudge;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.ClassGrowth;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.result.AccountLines;
import io.memstore.measure.result.ClosestBudget;
import io.memstore.measure.result.ConsoleTables;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.StepSummary;
import io.memstore.measure.result.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * What a judging goal ({@code check}, {@code merge}) says about a result, and how it ends the build: every table at
 * DEBUG (and in memstore.md); for everyone the model in one line, each warned outcome (under a heap or process
 * budget with what the row's account says, {@link AccountLines}; under a regression of the heap the classes that
 * grew), the budgets not judged counted by reason, the verdict line and on success the budget closest to its limit. The failures fail the build.
 */
final class VerdictReport {
    private VerdictReport() {
    }

    /**
     * Prints the result and ends the build as it says: a run that a row stopped fails with that row's failure
     * whatever {@code failOnViolation} says (nothing was measured to judge past it); the outcomes that fail the build
     * are listed in the failure's message (Maven prints it), or as warnings when {@code failOnViolation} is false.
     *
     * @param results the output directory as the log names it
     */
    static void print(RunResult result, Log log, boolean failOnViolation, String results)
            throws MojoExecutionException, MojoFailureException {
        // every table at DEBUG (and in memstore.md); the log everyone reads has a line per row, the model, the verdict
        for (String line : ConsoleTables.render(result, ConsoleLines.TABLE_WIDTH)) {
            ConsoleLines.wrap(line.isEmpty() ? "memstore:" : "memstore: " + line).forEach(log::debug);
        }
        String model = ConsoleTables.modelLine(result.model());
        if (model != null) {
            if (ConsoleTables.modelDetermined(result.model())) {
                ConsoleLines.wrap("memstore: " + model).forEach(log::info);
            } else {
                // no model budget asked for it: the rows (one version each, one size) need not determine it
                ConsoleLines.wrap("memstore: " + model).forEach(log::debug);
            }
        }
        if (System.getenv(StepSummary.VARIABLE) != null && !System.getenv(StepSummary.VARIABLE).isBlank()) {
            ConsoleLines.wrap("memstore: summary appended to " + System.getenv(StepSummary.VARIABLE))
                    .forEach(log::info);
        }
        verdict(result, log, failOnViolation, results);
    }

    private static void verdict(RunResult result, Log log, boolean failOnViolation, String results)
            throws MojoExecutionException, MojoFailureException {
        Violations failures = new Violations("budget outcome(s) failed");
        Map<String, Integer> notJudged = new LinkedHashMap<>();
        boolean modelNeeded = false;
        for (BudgetOutcome outcome : result.budgets()) {
            if (!outcome.judged()) {
                ConsoleLines.wrap("memstore: budget not judged: " + outcome.describe()).forEach(log::debug);
                if (outcome.metric().isModel() && outcome.message().startsWith(BudgetJudge.MODEL_UNDETERMINED)) {
                    modelNeeded = true; // said once below, as the warning about the model
                } else {
                    notJudged.merge(outcome.message(), 1, Integer::sum);
                }
            } else if (outcome.warns()) {
                ConsoleLines.wrap("memstore: budget exceeded (warn): " + outcome.describe()
                        + AccountLines.under(outcome, result.rows()).map(l -> "\nmemstore:   " + l).orElse(""))
                        .forEach(log::warn);
            } else if (outcome.failsRun()) {
                failures.add(outcome.describe()
                        + AccountLines.under(outcome, result.rows()).map(l -> "\n    " + l).orElse(""));
            }
        }
        int noAccount = 0;
        List<RegressionOutcome> regressions = result.baseline() == null ? List.of() : result.baseline().outcomes();
        for (RegressionOutcome outcome : regressions) {
            String growth = AccountLines.under(outcome).filter(l -> !outcome.passed()).orElse(null);
            if (outcome.failsRun()) {
                failures.add("regression: " + outcome.describe() + (growth == null ? "" : "\n    " + growth));
            } else if (!outcome.passed()) {
                ConsoleLines.wrap("memstore: regression budget (warn): " + outcome.describe()
                        + (growth == null ? "" : "\nmemstore:   " + growth)).forEach(log::warn);
            } else if (AccountLines.under(outcome).filter(ClassGrowth.NO_BASELINE_ACCOUNT::equals).isPresent()) {
                noAccount++;
            }
        }
        if (noAccount > 0) {
            ConsoleLines.wrap("memstore: " + noAccount + " comparison(s) against the baseline without a class account:"
                    + " " + ClassGrowth.NO_BASELINE_ACCOUNT).forEach(log::info);
        }
        notJudged.forEach((why, count) -> ConsoleLines.wrap("memstore: " + count + " budget outcome(s) " + why)
                .forEach(log::info));
        if (result.baseline() != null && regressions.isEmpty() && result.baseline().note() != null) {
            ConsoleLines.wrap("memstore: baseline " + result.baseline().file() + ": " + result.baseline().note())
                    .forEach(log::info);
        }
        if (modelNeeded && result.model() != null) {
            ConsoleLines.wrap("memstore: memory model undetermined: " + result.model().note()).forEach(log::warn);
        }
        ConsoleLines.wrap("memstore: " + Verdict.of(result).line() + "; results in " + results)
                .forEach(result.passed() ? log::info : log::error);
        if (result.passed()) {
            ClosestBudget.of(result).ifPresent(c -> ConsoleLines.wrap("memstore: " + c.line()).forEach(log::info));
        }
        if (result.failure() != null) {
            throw new MojoExecutionException("memstore: " + result.failure().detail() + System.lineSeparator()
                    + "memstore: the rows before it were measured and judged; every output says FAILED (incomplete)");
        }
        failures.enforce(failOnViolation, log);
    }
}
