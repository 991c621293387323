package io.memstore.measure.result;

import io.memstore.measure.budget.ClassGrowth;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.probe.NativeAccount;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.Units;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A row's account as tables, shared by {@code memstore.md} and the site report: what its target retains by class
 * (bytes and instances, per key and in all, and their share of index.liveHeap), the native memory the JVM tracks by
 * category with the untracked rest of the RSS growth, and against a baseline the classes whose bytes per key
 * changed. Class names are written in full.
 */
public final class AccountTables {
    private AccountTables() {
    }

    /** The class table of a row with a class account. */
    public static TextTable classes(RowResult row) {
        ClassAccount a = row.classes();
        double live = row.metrics().getOrDefault(Metric.INDEX_LIVE_HEAP.metricName(), Double.NaN);
        TextTable t = new TextTable(row.name() + ": what the heap holds, by class");
        t.column("class", false).column("B/key", true).column("instances/key", true).column("MiB", true)
                .column("instances", true).column("share of live heap", true);
        for (ClassAccount.Line line : a.lines()) {
            t.row(cells(a, line.className(), line, live));
        }
        t.row(cells(a, ClassAccount.OTHER + " (" + a.otherClasses() + " classes)", a.other(), live));
        t.row(cells(a, "total", new ClassAccount.Line("total", a.totalBytes(), a.totalInstances()), live));
        return t;
    }

    private static List<String> cells(ClassAccount a, String name, ClassAccount.Line line, double live) {
        return List.of(name, decimal(a.perKey(line.bytes())), String.format(Locale.ROOT, "%.2f",
                        a.perKey(line.instances())), Units.mib(line.bytes()),
                String.format(Locale.ROOT, "%,d", line.instances()),
                live > 0 ? Units.percent(line.bytes() / live) : Units.NA);
    }

    /**
     * What a row's figures per key say beside its account: {@code index.liveHeap 311.2 B/key, of which the structure's
     * own cost (beyond 96 B of key and value) 215.2 B/key; process 400.0 B/key over the JVM's baseline}.
     */
    public static String summary(RowResult row) {
        long keys = row.params().keys();
        List<String> parts = new ArrayList<>();
        Double live = row.metrics().get(Metric.INDEX_LIVE_HEAP.metricName());
        if (live != null) {
            parts.add("index.liveHeap " + AccountLines.perKey(live / keys));
        }
        Double own = row.metrics().get(Metric.INDEX_OVERHEAD_PER_KEY.metricName());
        if (own != null && live != null) {
            double payload = live / keys - own;
            parts.add("the structure's own cost beyond the " + decimal(payload) + " B of key"
                    + (row.params().system() == SystemKind.MEMSTORE ? "" : " and value") + " it keeps per key: "
                    + AccountLines.perKey(own) + " (index.overheadPerKey)");
        }
        Double process = row.metrics().get(Metric.PROCESS_BYTES_PER_KEY.metricName());
        if (process != null) {
            parts.add("the process grew by " + AccountLines.perKey(process) + " over the JVM's baseline"
                    + " (process.bytesPerKey)");
        }
        return String.join("; ", parts);
    }

    /**
     * The native memory table of a row with a native account: the categories that changed, the JVM's own total, the
     * RSS growth and the untracked rest.
     */
    public static TextTable nativeMemory(RowResult row) {
        NativeAccount n = row.account().nativeMemory();
        long keys = row.params().keys();
        TextTable t = new TextTable(row.name() + ": the process's growth, by native memory category");
        t.column("category", false).column("before, MiB", true).column("after, MiB", true)
                .column("growth, MiB", true).column("growth, B/key", true);
        for (NativeAccount.Category c : n.changed()) {
            t.row(List.of(c.name(), Units.mib(c.before()), Units.mib(c.after()), Units.mib(c.growth()),
                    decimal(c.growth() / (double) keys)));
        }
        t.row(List.of("JVM native, every category but the heap", "", "", Units.mib(n.jvmNativeGrowth()),
                decimal(n.jvmNativeGrowth() / (double) keys)));
        t.row(List.of("heap: Java Heap's growth or index.liveHeap, the larger", "", "", Units.mib(n.heapGrowth()),
                decimal(n.heapGrowth() / (double) keys)));
        if (n.rssGrowth() != null) {
            t.row(List.of("RSS growth", "", "", Units.mib(n.rssGrowth()), decimal(n.rssGrowth() / (double) keys)));
            t.row(List.of("untracked native (RSS growth - heap - JVM native)", "", "", Units.mib(n.untracked()),
                    decimal(n.untracked() / (double) keys)));
        }
        return t;
    }

    /** The classes of a regression outcome whose bytes per key changed against the baseline. */
    public static TextTable growth(RegressionOutcome o) {
        ClassGrowth g = o.classGrowth();
        TextTable t = new TextTable(o.row() + ", " + o.metric().metricName() + ": change by class against the"
                + " baseline");
        t.column("class", false).column("baseline, B/key", true).column("now, B/key", true)
                .column("change, B/key", true);
        for (ClassGrowth.Change c : g.changes()) {
            t.row(List.of(c.className(), c.baseline() == null ? "not listed" : decimal(c.baseline()),
                    c.actual() == null ? "not listed" : decimal(c.actual()),
                    String.format(Locale.ROOT, "%+.1f", c.delta())));
        }
        return t;
    }

    private static String decimal(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
