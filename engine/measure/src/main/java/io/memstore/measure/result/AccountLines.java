package io.memstore.measure.result;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.ClassGrowth;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.probe.NativeAccount;
import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a row's account says in a line, for the console and the reports: under a failed heap budget the row's largest
 * classes ({@code largest classes: byte[] 176.0 B/key, HashMap$Node 32.0 B/key, HeapByteBuffer 56.0 B/key}), under a
 * failed process budget where the process's growth went (heap, native memory the JVM tracks, the rest), under a
 * regression the classes that grew. Classes are named without their package here; the tables name them in full.
 */
public final class AccountLines {
    /** How many classes a line names. */
    public static final int NAMED = 3;
    /** The metrics of the process whose failure says where the growth went. */
    static final Set<Metric> PROCESS_METRICS = EnumSet.of(Metric.PROCESS_RSS, Metric.PROCESS_BYTES_PER_KEY,
            Metric.PROCESS_RSS_ANON);

    private AccountLines() {
    }

    /** {@code byte[] 176.0 B/key, HashMap$Node 32.0 B/key, ...}: the {@code n} largest classes of an account. */
    public static String largest(ClassAccount a, int n) {
        List<String> parts = new ArrayList<>();
        for (ClassAccount.Line line : a.lines().subList(0, Math.min(n, a.lines().size()))) {
            parts.add(line.simpleName() + " " + perKey(a.perKey(line.bytes())));
        }
        return parts.isEmpty() ? "no class grew" : String.join(", ", parts);
    }

    /**
     * The line under a budget outcome that failed or warned: the largest classes for a heap metric, where the
     * growth went for a process metric, or why the row has no account; empty for other metrics and rows not found.
     */
    public static Optional<String> under(BudgetOutcome o, List<RowResult> rows) {
        RowResult row = rows.stream().filter(r -> r.name().equals(o.row())).findFirst().orElse(null);
        if (row == null) {
            return Optional.empty();
        }
        RowAccount account = row.account();
        if (ClassGrowth.HEAP_METRICS.contains(o.metric())) {
            if (account == null) {
                return Optional.empty();
            }
            if (account.classes() == null) {
                return account.notes().stream().filter(n -> n.startsWith(RowAccount.CLASSES_UNAVAILABLE)).findFirst();
            }
            return Optional.of("largest classes: " + largest(account.classes(), NAMED));
        }
        if (PROCESS_METRICS.contains(o.metric())) {
            return processGrowth(row);
        }
        return Optional.empty();
    }

    /**
     * {@code grew 3400.0 B/key: heap 0.4 B/key, JVM native 12.0 B/key (Other 10.0 B/key), untracked native 3387.6
     * B/key}: where a row's RSS growth went; empty without a growth.
     */
    public static Optional<String> processGrowth(RowResult row) {
        Double perKey = row.metrics().get(Metric.PROCESS_BYTES_PER_KEY.metricName());
        if (perKey == null) {
            return Optional.empty();
        }
        long keys = row.params().keys();
        StringBuilder sb = new StringBuilder("grew " + perKey(perKey));
        List<String> parts = new ArrayList<>();
        Double heap = row.metrics().get(Metric.INDEX_LIVE_HEAP.metricName());
        NativeAccount n = row.account() == null ? null : row.account().nativeMemory();
        if (n != null) {
            parts.add("heap " + perKey(n.heapGrowth() / (double) keys));
        } else if (heap != null) {
            parts.add("heap " + perKey(heap / keys));
        }
        if (n != null) {
            List<String> categories = new ArrayList<>();
            for (NativeAccount.Category c : n.changed()) {
                if (!c.name().equals(NativeAccount.JAVA_HEAP) && c.growth() > 0 && categories.size() < 2) {
                    categories.add(c.name() + " " + perKey(c.growth() / (double) keys));
                }
            }
            parts.add("JVM native " + perKey(n.jvmNativeGrowth() / (double) keys)
                    + (categories.isEmpty() ? "" : " (" + String.join(", ", categories) + ")"));
            if (n.untracked() != null) {
                parts.add("untracked native " + perKey(n.untracked() / (double) keys));
            }
        }
        if (!parts.isEmpty()) {
            sb.append(": ").append(String.join(", ", parts));
        }
        return Optional.of(sb.toString());
    }

    /** The line under a regression of a heap metric: the classes that grew, or why they cannot be told. */
    public static Optional<String> under(RegressionOutcome o) {
        ClassGrowth g = o.classGrowth();
        if (g == null) {
            return Optional.empty();
        }
        if (g.note() != null) {
            return Optional.of(g.note());
        }
        List<String> parts = new ArrayList<>();
        for (ClassGrowth.Change c : g.grown().subList(0, Math.min(NAMED, g.grown().size()))) {
            parts.add(simpleName(c.className()) + " " + signed(c.delta()) + " ("
                    + (c.baseline() == null ? "not listed" : perKey(c.baseline())) + " -> "
                    + (c.actual() == null ? "not listed" : perKey(c.actual())) + ")");
        }
        return Optional.of(parts.isEmpty() ? "no listed class grew"
                : "grew by class: " + String.join(", ", parts));
    }

    /** {@code 176.0 B/key}. */
    public static String perKey(double bytesPerKey) {
        return String.format(Locale.ROOT, "%.1f B/key", bytesPerKey);
    }

    /** {@code +8.0 B/key}, {@code -2.5 B/key}. */
    public static String signed(double bytesPerKey) {
        return String.format(Locale.ROOT, "%+.1f B/key", bytesPerKey);
    }

    /** The class without its package. */
    public static String simpleName(String className) {
        return new ClassAccount.Line(className, 0, 0).simpleName();
    }
}
