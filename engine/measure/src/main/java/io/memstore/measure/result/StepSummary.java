package io.memstore.measure.result;

import io.memstore.measure.budget.BudgetOutcome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Markdown summary a GitHub Actions job shows on its page: appended to the file named by
 * {@code $GITHUB_STEP_SUMMARY} when that variable is set (several goals or modules may append to one job's
 * summary, so it never overwrites). It holds the verdict, the failed and warned budgets, and the comparison with
 * the baseline as old -> new (delta, %); the full tables stay in memstore.md.
 */
public final class StepSummary {
    /** The variable GitHub Actions sets to the summary file of the current step. */
    public static final String VARIABLE = "GITHUB_STEP_SUMMARY";

    private StepSummary() {
    }

    /**
     * Appends the summary when {@code environment} (a variable lookup: {@code System::getenv} in builds, a map in
     * tests) names a summary file; returns the file, or empty when the variable is unset or blank.
     */
    public static Optional<Path> append(RunResult result, Function<String, String> environment) throws IOException {
        String target = environment.apply(VARIABLE);
        if (target == null || target.isBlank()) {
            return Optional.empty();
        }
        Path file = Path.of(target);
        Files.writeString(file, render(result), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        return Optional.of(file);
    }

    public static String render(RunResult result) {
        List<String> lines = new ArrayList<>();
        lines.add("### " + (result.passed() ? "✅" : "❌") + " memstore: " + TextTable.printable(result.specName()));
        lines.add("");
        lines.add("**" + ConsoleTables.verdict(result) + "** (" + result.rows().size() + " row(s); details in"
                + " target/memstore/memstore.md)");
        List<BudgetOutcome> notPassed = result.budgets().stream().filter(o -> !o.passed() && o.judged()).toList();
        if (!notPassed.isEmpty()) {
            lines.add("");
            lines.addAll(ReportTables.budgets(notPassed).markdown());
        }
        if (result.baseline() != null) {
            lines.add("");
            lines.add("#### " + TextTable.printable(ReportTables.regressions(result.baseline()).title()));
            lines.add("");
            lines.addAll(ReportTables.regressions(result.baseline()).markdown());
            if (result.baseline().note() != null) {
                lines.add("");
                lines.add("Note: " + TextTable.printable(result.baseline().note()) + ".");
            }
        }
        return String.join("\n", lines) + "\n\n";
    }
}
