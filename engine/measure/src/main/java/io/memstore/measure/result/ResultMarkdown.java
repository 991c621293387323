package io.memstore.measure.result;

import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.run.RowResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code memstore.md}: the result for people, in the layout of etcd's benchmark tables: per workload a table (N |
 * versions | key size | value size | index live heap | allocated | RSS | peak RSS | store file | puts/s | get/s), then
 * the fitted model beside etcd's c1 = 120 B and c2 = 30 B, its residuals, and the budgets.
 */
public final class ResultMarkdown {
    /** The file name the run writes. */
    public static final String FILE_NAME = "memstore.md";

    private ResultMarkdown() {
    }

    /** Writes the report atomically (see {@link AtomicFiles}). */
    public static void write(RunResult result, Path file) throws IOException {
        AtomicFiles.write(file, render(result));
    }

    public static String render(RunResult result) {
        List<String> lines = new ArrayList<>();
        lines.add("# memstore: " + TextTable.printable(result.specName()));
        lines.add("");
        Environment env = result.environment();
        lines.add(TextTable.printable("Spec `" + result.specFile() + "`, Java " + env.java() + ", " + env.os()
                + ", " + env.cpus() + " CPU(s), JVM arguments: " + (env.jvmArgs().isEmpty() ? "none"
                : "`" + String.join(" ", env.jvmArgs()) + "`") + "."
                + (env.store() == null ? "" : " Store measured: " + env.store().describe() + ".")
                + (result.started() == null ? "" : " Run started " + result.started() + ".")));
        lines.add("");
        lines.add("**" + ConsoleTables.verdict(result) + "**");
        lines.add("");
        lines.add("Sizes are in MiB (1 MiB = 1,048,576 B) with bytes per key in parentheses; each value is the median"
                + " of the row's runs (their spread is in memstore.json and memstore.csv); n/a means the platform"
                + " could not measure it.");
        for (TextTable table : ReportTables.workloads(result.rows())) {
            section(lines, "##", table);
        }
        accounts(lines, result);
        List<String> notes = RowNoteLines.of(result.rows());
        if (!notes.isEmpty()) {
            lines.add("");
            lines.add("## Notes");
            lines.add("");
            notes.forEach(n -> lines.add("- " + TextTable.printable(n)));
        }
        ModelFit model = result.model();
        if (model != null) {
            lines.add("");
            lines.add("## Memory model");
            lines.add("");
            lines.add("`N*(c1 + keySize) + N*versions*(c2 + pointer)` fitted to index.liveHeap of the "
                    + model.index().specName() + " rows, beside the values etcd's benchmark published.");
            lines.add("");
            lines.addAll(ReportTables.model(model).markdown());
            if (model.note() != null) {
                lines.add("");
                lines.add("Note: " + TextTable.printable(model.note()) + ".");
            }
            if (!model.residuals().isEmpty()) {
                section(lines, "###", ReportTables.residuals(model));
            }
        }
        if (!result.budgets().isEmpty()) {
            section(lines, "##", ReportTables.budgets(result.budgets()));
        }
        if (result.baseline() != null) {
            section(lines, "##", ReportTables.regressions(result.baseline()));
            if (result.baseline().note() != null) {
                lines.add("");
                lines.add("Note: " + TextTable.printable(result.baseline().note()) + ".");
            }
            for (RegressionOutcome o : result.baseline().outcomes()) {
                if (o.classGrowth() != null && o.classGrowth().note() != null) {
                    lines.add("");
                    lines.add("Note: " + TextTable.printable(o.row() + ", " + o.metric().metricName() + ": "
                            + o.classGrowth().note()) + ".");
                } else if (o.classGrowth() != null && !o.classGrowth().changes().isEmpty()) {
                    section(lines, "###", AccountTables.growth(o));
                }
            }
        }
        return String.join("\n", lines) + "\n";
    }

    /**
     * What grew, per row with an account: the classes its heap holds and its native memory, and the notes of the
     * parts the probe could not take.
     */
    private static void accounts(List<String> lines, RunResult result) {
        if (result.rows().stream().noneMatch(r -> r.account() != null)) {
            return;
        }
        lines.add("");
        lines.add("## What grew");
        lines.add("");
        lines.add("Per row, the live objects after the load minus those before, by class (HotSpot's class histogram"
                + " after full GCs; the classes that make up " + ClassAccount.SHARE_PERCENT + " % of index.liveHeap,"
                + " the rest as one line), and the native memory the JVM tracks by category (Native Memory"
                + " Tracking, committed) beside the RSS growth; what it does not track is untracked native memory.");
        for (RowResult row : result.rows()) {
            if (row.account() == null) {
                continue;
            }
            lines.add("");
            lines.add("### " + TextTable.printable(row.name()));
            String summary = AccountTables.summary(row);
            if (!summary.isEmpty()) {
                lines.add("");
                lines.add("Per key: " + TextTable.printable(summary) + ".");
            }
            if (row.classes() != null) {
                lines.add("");
                lines.add("By class:");
                lines.add("");
                lines.addAll(AccountTables.classes(row).markdown());
            }
            if (row.account().nativeMemory() != null) {
                lines.add("");
                lines.add("By native memory category:");
                lines.add("");
                lines.addAll(AccountTables.nativeMemory(row).markdown());
            }
            for (String note : row.account().notes()) {
                lines.add("");
                lines.add("Note: " + TextTable.printable(note) + ".");
            }
        }
    }

    private static void section(List<String> lines, String level, TextTable table) {
        lines.add("");
        lines.add(level + " " + TextTable.printable(capitalized(table.title())));
        lines.add("");
        lines.addAll(table.markdown());
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
