package io.memstore.measure.result;

import io.memstore.measure.model.ModelFit;

import java.util.ArrayList;
import java.util.List;

/**
 * The result as plain-text lines with aligned columns, for the Maven plugin's log: one table per workload, the
 * model beside the seed's values, residuals, budgets, and a verdict line. No line ends in spaces.
 */
public final class ConsoleTables {
    private ConsoleTables() {
    }

    public static List<String> render(RunResult result) {
        List<String> lines = new ArrayList<>();
        lines.add(TextTable.printable("memstore " + result.specName() + " (" + result.specFile() + "): " + result.rows().size()
                + " row(s); sizes in MiB = 1024^2 B, B/key in parentheses; n/a = not measurable here"));
        if (result.environment().store() != null) {
            lines.add(TextTable.printable("store measured: " + result.environment().store().describe()));
        }
        for (TextTable table : ReportTables.workloads(result.rows())) {
            section(lines, table);
        }
        ModelFit model = result.model();
        if (model != null) {
            section(lines, ReportTables.model(model));
            if (model.note() != null) {
                lines.add(TextTable.printable("note: " + model.note()));
            }
            if (!model.residuals().isEmpty()) {
                section(lines, ReportTables.residuals(model));
            }
        }
        if (!result.budgets().isEmpty()) {
            section(lines, ReportTables.budgets(result.budgets()));
        }
        if (result.baseline() != null) {
            section(lines, ReportTables.regressions(result.baseline()));
            if (result.baseline().note() != null) {
                lines.add(TextTable.printable("note: " + result.baseline().note()));
            }
        }
        lines.add("");
        lines.add(verdict(result));
        return lines;
    }

    private static void section(List<String> lines, TextTable table) {
        lines.add("");
        lines.addAll(table.aligned());
    }

    /** The verdict line ({@link Verdict#line}). */
    static String verdict(RunResult result) {
        return Verdict.of(result).line();
    }
}
