package io.memstore.measure.result;

import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.spec.Units;

import java.util.ArrayList;
import java.util.List;

/**
 * The result as plain-text lines with aligned columns, for the Maven plugin's log: one table per workload, the
 * model beside etcd's benchmark's values, residuals, budgets, and a verdict line ({@link #render}, what the debug log
 * and memstore.md show); and the model in one line ({@link #modelLine}), for the log everyone sees. No line ends
 * in spaces.
 */
public final class ConsoleTables {
    private ConsoleTables() {
    }

    public static List<String> render(RunResult result) {
        return render(result, Integer.MAX_VALUE);
    }

    /**
     * As {@link #render(RunResult)}, each table in lines of at most {@code width} characters (a wider one goes on
     * in blocks, see {@link TextTable#aligned(int)}); the text lines are left for the caller to wrap.
     */
    public static List<String> render(RunResult result, int width) {
        List<String> lines = new ArrayList<>();
        lines.add(TextTable.printable("memstore " + result.specName() + " (" + result.specFile() + "): " + result.rows().size()
                + " row(s); sizes in MiB = 1024^2 B, B/key in parentheses; n/a = not measurable here"));
        if (result.environment().store() != null) {
            lines.add(TextTable.printable("store measured: " + result.environment().store().describe()));
        }
        for (TextTable table : ReportTables.workloads(result.rows())) {
            section(lines, table, width);
        }
        ModelFit model = result.model();
        if (model != null) {
            section(lines, ReportTables.model(model), width);
            if (model.note() != null) {
                lines.add(TextTable.printable("note: " + model.note()));
            }
            if (!model.residuals().isEmpty()) {
                section(lines, ReportTables.residuals(model), width);
            }
        }
        if (!result.budgets().isEmpty()) {
            section(lines, ReportTables.budgets(result.budgets()), width);
        }
        if (result.baseline() != null) {
            section(lines, ReportTables.regressions(result.baseline()), width);
            if (result.baseline().note() != null) {
                lines.add(TextTable.printable("note: " + result.baseline().note()));
            }
        }
        lines.add("");
        lines.add(verdict(result));
        return lines;
    }

    /**
     * The fitted model in one line, naming its form: {@code model N*(c1 + keySize) + N*versions*(c2 + pointer)
     * over 8 btree rows: c1 = 3.1 B, c2 = -4.0 B, pointer 8 B (c2 + pointer = 4.0 B per version), relative RMS
     * error 0.4 %; etcd's benchmark: c1 = 120 B, c2 = 30 B}; null without a model. The plan fits the pointer into
     * its c2 and says so; this line gives both, so the two can be compared.
     */
    public static String modelLine(ModelFit model) {
        if (model == null) {
            return null;
        }
        String c2 = Double.isNaN(model.c2()) ? "undetermined" : ReportTables.bytes(model.c2()) + " B";
        String c1 = Double.isNaN(model.c1()) ? "undetermined" : ReportTables.bytes(model.c1()) + " B";
        String folded = Double.isNaN(model.c2()) ? ""
                : " (c2 + pointer = " + ReportTables.bytes(model.c2() + model.pointer()) + " B per version)";
        return TextTable.printable("model " + MemoryModel.FORM + " over " + model.residuals().size() + " "
                + model.index().specName() + " rows: c1 = " + c1 + ", c2 = " + c2 + ", pointer " + model.pointer()
                + " B" + folded + ", relative RMS error " + Units.percent(model.relativeRmsError())
                + "; etcd's benchmark: c1 = " + MemoryModel.SEED_C1 + " B, c2 = " + MemoryModel.SEED_C2 + " B");
    }

    /** True when the rows determined the model: its error is a number (at least one row more than coefficients). */
    public static boolean modelDetermined(ModelFit model) {
        return model != null && !Double.isNaN(model.relativeRmsError()) && !Double.isNaN(model.c1())
                && !Double.isNaN(model.c2());
    }

    private static void section(List<String> lines, TextTable table, int width) {
        lines.add("");
        lines.addAll(table.aligned(width));
    }

    /** The verdict line ({@link Verdict#line}). */
    static String verdict(RunResult result) {
        return Verdict.of(result).line();
    }
}
