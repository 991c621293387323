package io.memstore.report;

import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.result.AccountTables;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.result.Environment;
import io.memstore.measure.result.ReportTables;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.TextTable;
import io.memstore.measure.result.Verdict;
import io.memstore.measure.spec.Units;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.MetricUnit;
import io.memstore.measure.spec.SystemKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds the report of one run: a summary with the verdict and the environment, the charts, one table per
 * workload in the layout of etcd's benchmark tables, the fitted model beside etcd's c1 and c2 with its residuals,
 * every budget outcome and every regression outcome against the baseline. The verdict is {@link Verdict}'s, as
 * everywhere. The tables carry the same cells as the console and memstore.md.
 */
public final class ReportContent {
    private ReportContent() {
    }

    /**
     * The report of {@code run}.
     *
     * @param origin where the results come from, for the reader, like
     *               {@code target/memstore/memstore.json, written by memstore:check}
     */
    public static Report of(RunResult run, String origin) {
        List<Section> sections = new ArrayList<>();
        sections.add(summary(run, origin));
        sections.add(charts(run));
        sections.add(workloads(run));
        if (run.rows().stream().anyMatch(r -> r.account() != null)) {
            sections.add(accounts(run));
        }
        sections.add(model(run.model()));
        sections.add(budgets(run));
        sections.add(regressions(run.baseline()));
        return new Report("memstore: " + run.specName(), sections);
    }

    private static Section summary(RunResult run, String origin) {
        Environment env = run.environment();
        List<Facts.Fact> facts = new ArrayList<>(List.of(
                new Facts.Fact("Spec", run.specName()),
                new Facts.Fact("Spec file", run.specFile()),
                new Facts.Fact("Results", origin),
                new Facts.Fact("Rows measured", Integer.toString(run.rows().size())),
                new Facts.Fact("Store measured", env.store() != null ? env.store().describe()
                        : run.rows().stream().anyMatch(r -> r.params().system() == SystemKind.MEMSTORE)
                        ? "not recorded" : "none: no row measures memstore's store"),
                new Facts.Fact("Java", env.java()),
                new Facts.Fact("JVM flags of the probes", env.jvmArgs().isEmpty() ? "none"
                        : String.join(" ", env.jvmArgs()), true),
                new Facts.Fact("OS", env.os()),
                new Facts.Fact("CPUs", Integer.toString(env.cpus()))));
        if (run.started() != null) {
            facts.add(3, new Facts.Fact("Run started", run.started() + " (UTC)"));
        }
        if (run.failure() != null) {
            // a run that never wrote its results (its in-progress record) has no row count to give
            facts.add(3, new Facts.Fact("Incomplete", run.failure().row() == null ? run.failure().describe()
                    : run.failure().describe() + "; " + run.rows().size() + " of " + run.failure().selected()
                    + " rows measured"));
        }
        return new Section("summary", "Summary", List.of(Paragraph.strong(Verdict.of(run).line()),
                Paragraph.of("Each row was measured in its own forked JVM; every value is the median of the row's"
                        + " runs. Sizes are MiB (1 MiB = 1,048,576 B) with bytes per key in parentheses; etcd's"
                        + " benchmark's MB are 10^6 B. n/a: the platform could not measure it."),
                new Facts(facts)));
    }

    private static Section charts(RunResult run) {
        List<Block> blocks = new ArrayList<>();
        add(blocks, ReportCharts.indexMemory(run), "No row measured index.liveHeap without deletes or compaction:"
                + " no index memory chart.");
        add(blocks, ReportCharts.bytesPerKey(run), "No row measured index.liveHeap without deletes or compaction:"
                + " no bytes-per-key chart.");
        add(blocks, ReportCharts.rss(run), "No row measured process.rss (it needs /proc, i.e. Linux): no RSS chart.");
        return new Section("charts", "Charts", blocks);
    }

    private static void add(List<Block> blocks, Optional<Chart> chart, String whyNot) {
        blocks.add(chart.<Block>map(c -> c).orElse(Paragraph.of(whyNot)));
    }

    private static Section workloads(RunResult run) {
        List<Block> blocks = new ArrayList<>();
        List<TextTable> tables = ReportTables.workloads(run.rows());
        if (tables.isEmpty()) {
            blocks.add(Paragraph.of("The run measured no rows."));
        }
        for (TextTable t : tables) {
            blocks.addAll(Table.of(capitalized(t.title()), t).fitting(Table.PAGE_CHARS));
        }
        return new Section("workloads", "Workloads", blocks);
    }

    /**
     * What grew, per row: the chart of bytes per key by class, rows side by side, then per row its figures per key,
     * its class table, its native memory table and the notes of the parts the probe could not take.
     */
    private static Section accounts(RunResult run) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(Paragraph.of("Per row, the live objects after the load minus those before, by class (HotSpot's"
                + " class histogram after full GCs; the classes that make up " + ClassAccount.SHARE_PERCENT + " % of"
                + " index.liveHeap, the rest as one line), and the native memory the JVM tracks by category (Native"
                + " Memory Tracking, committed) beside the RSS growth; what it does not track is untracked native"
                + " memory, such as a library's own allocations."));
        add(blocks, AccountCharts.byClass(run), "No row has a class account: no chart by class.");
        for (RowResult row : run.rows()) {
            if (row.account() == null) {
                continue;
            }
            String summary = AccountTables.summary(row);
            if (!summary.isEmpty()) {
                blocks.add(Paragraph.of(row.name() + ": " + summary + "."));
            }
            if (row.classes() != null) {
                TextTable t = AccountTables.classes(row);
                blocks.add(Table.of(t.title(), t));
            }
            if (row.account().nativeMemory() != null) {
                TextTable t = AccountTables.nativeMemory(row);
                blocks.add(Table.of(t.title(), t));
            }
            for (String note : row.account().notes()) {
                blocks.add(Paragraph.of(row.name() + ": " + note + "."));
            }
        }
        return new Section("what-grew", "What grew", blocks);
    }

    private static Section model(ModelFit model) {
        List<Block> blocks = new ArrayList<>();
        if (model == null) {
            blocks.add(Paragraph.of("No memory model was fitted for this run."));
            return new Section("model", "Memory model", blocks);
        }
        blocks.add(Paragraph.of("etcd's model " + MemoryModel.FORM + ", fitted to index.liveHeap of the "
                + model.index().specName() + " rows, beside the c1 and c2 etcd's benchmark published. c2"
                + " here is the cost of a version beyond its " + model.pointer() + " B pointer, as check prints it;"
                + " memstore:plan prints c2 with the pointer included (c2 + pointer)."));
        TextTable fit = ReportTables.model(model);
        blocks.addAll(Table.of(capitalized(fit.title()), fit).fitting(Table.PAGE_CHARS));
        if (model.note() != null) {
            blocks.add(Paragraph.of("Note: " + model.note() + "."));
        }
        if (!model.residuals().isEmpty()) {
            TextTable residuals = ReportTables.residuals(model);
            blocks.addAll(Table.of(capitalized(residuals.title()), residuals).fitting(Table.PAGE_CHARS));
        }
        return new Section("model", "Memory model", blocks);
    }

    private static Section budgets(RunResult run) {
        List<BudgetOutcome> outcomes = run.budgets();
        List<Block> blocks = new ArrayList<>();
        blocks.add(Paragraph.strong(Verdict.of(run).line()));
        if (outcomes.isEmpty()) {
            blocks.add(Paragraph.of("The spec has no budgets for the rows of this run."));
            return new Section("budgets", "Budgets", blocks);
        }
        List<List<String>> rows = new ArrayList<>();
        for (BudgetOutcome o : outcomes) {
            MetricUnit unit = o.metric().unit();
            rows.add(List.of(status(o), o.level().specName(), o.row(), o.metric().metricName(),
                    o.actual() == null ? Units.NA : unit.format(o.actual()),
                    o.max() == null ? "-" : unit.format(o.max()),
                    o.min() == null ? "-" : unit.format(o.min()),
                    o.headroom() == null ? "-" : unit.format(o.headroom()),
                    o.message()));
        }
        blocks.addAll(new Table("Every budget outcome (headroom: distance to the nearest bound, negative when breached)",
                List.of("result", "level", "row", "metric", "actual", "max", "min", "headroom", "message"),
                List.of(false, false, false, false, true, true, true, true, false), rows).fitting(Table.PAGE_CHARS));
        return new Section("budgets", "Budgets", blocks);
    }

    /** The comparison with the baseline: every regression outcome, as the console and memstore.md list them. */
    private static Section regressions(BaselineComparison baseline) {
        List<Block> blocks = new ArrayList<>();
        if (baseline == null) {
            blocks.add(Paragraph.of("This run was not compared with a baseline."));
            return new Section("regressions", "Against the baseline", blocks);
        }
        if (baseline.outcomes().isEmpty()) {
            blocks.add(Paragraph.of("No regression budget applied to the rows of this run."));
        } else {
            TextTable t = ReportTables.regressions(baseline);
            blocks.addAll(Table.of(capitalized(t.title()), t).fitting(Table.PAGE_CHARS));
        }
        if (baseline.note() != null) {
            blocks.add(Paragraph.of("Note: " + baseline.note() + "."));
        }
        for (RegressionOutcome o : baseline.outcomes()) {
            if (o.classGrowth() != null && o.classGrowth().note() != null) {
                blocks.add(Paragraph.of("Note: " + o.row() + ", " + o.metric().metricName() + ": "
                        + o.classGrowth().note() + "."));
            } else if (o.classGrowth() != null && !o.classGrowth().changes().isEmpty()) {
                TextTable t = AccountTables.growth(o);
                blocks.add(Table.of(t.title(), t));
            }
        }
        return new Section("regressions", "Against the baseline", blocks);
    }

    /** {@code pass}; {@code warn} for a breached warn-level budget; {@code FAIL} for one that fails the build. */
    static String status(BudgetOutcome o) {
        if (!o.judged()) {
            return "not judged";
        }
        if (o.passed()) {
            return "pass";
        }
        return o.level() == BudgetLevel.WARN ? "warn" : "FAIL";
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
