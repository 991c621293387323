package io.memstore.measure.budget;

import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What grew by class between a baseline row and the same row now: per class of either row's {@link ClassAccount}
 * (and its {@code other} line), the bytes per key before and now. A class listed on one side only is in the other
 * side's {@code other} line, or absent: its figure there is null, and its change counts from 0. Only heap metrics
 * ({@link #HEAP_METRICS}) are compared by class.
 *
 * @param changes the classes whose bytes per key changed, the largest growth first
 * @param note    why there is no comparison by class (a row without an account), or null
 */
public record ClassGrowth(List<Change> changes, String note) {
    /** The metrics whose growth a class account explains. */
    public static final Set<Metric> HEAP_METRICS = EnumSet.of(Metric.INDEX_LIVE_HEAP, Metric.INDEX_BYTES_PER_KEY,
            Metric.INDEX_OVERHEAD_PER_KEY);
    /** The note of a baseline row without an account. */
    public static final String NO_BASELINE_ACCOUNT = "the baseline has no class account (it was written before"
            + " memstore took one): no comparison by class";
    /** A change smaller than this is not listed (B per key). */
    static final double LEAST_CHANGE = 0.05;

    /**
     * One class's bytes per key before and now.
     *
     * @param className the class, or {@value ClassAccount#OTHER}
     * @param baseline  bytes per key in the baseline, or null when the baseline did not list the class
     * @param actual    bytes per key now, or null when this run did not list it
     */
    public record Change(String className, Double baseline, Double actual) {
        public Change {
            Objects.requireNonNull(className, "className");
        }

        /** Now minus before, a side that did not list the class counting as 0 (B per key). */
        public double delta() {
            return (actual == null ? 0 : actual) - (baseline == null ? 0 : baseline);
        }
    }

    public ClassGrowth {
        changes = List.copyOf(changes);
    }

    /** The classes that grew, the largest growth first. */
    public List<Change> grown() {
        return changes.stream().filter(c -> c.delta() > 0).toList();
    }

    /** The comparison of two rows for a metric, or null when the metric is not one a class account explains. */
    static ClassGrowth of(Metric metric, RowResult before, RowResult now) {
        if (!HEAP_METRICS.contains(metric)) {
            return null;
        }
        ClassAccount old = before.classes();
        ClassAccount current = now.classes();
        if (current == null) {
            return new ClassGrowth(List.of(), "this run has no class account"
                    + (now.account() == null || now.account().notes().isEmpty() ? ""
                    : " (" + String.join("; ", now.account().notes()) + ")"));
        }
        if (old == null) {
            return new ClassGrowth(List.of(), NO_BASELINE_ACCOUNT);
        }
        Set<String> names = new LinkedHashSet<>();
        current.lines().forEach(l -> names.add(l.className()));
        old.lines().forEach(l -> names.add(l.className()));
        List<Change> changes = new ArrayList<>();
        for (String name : names) {
            Double b = old.line(name).map(l -> old.perKey(l.bytes())).orElse(null);
            Double a = current.line(name).map(l -> current.perKey(l.bytes())).orElse(null);
            changes.add(new Change(name, b, a));
        }
        changes.add(new Change(ClassAccount.OTHER, old.perKey(old.other().bytes()),
                current.perKey(current.other().bytes())));
        List<Change> listed = new ArrayList<>(changes.stream().filter(c -> Math.abs(c.delta()) >= LEAST_CHANGE)
                .toList());
        listed.sort(Comparator.comparingDouble(Change::delta).reversed().thenComparing(Change::className));
        return new ClassGrowth(listed, null);
    }
}
