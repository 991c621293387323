package io.memstore.report;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The rows of a chart grouped into series by what varies among them. Every parameter of a row other than its
 * key count is a {@link Dimension}; the rows that agree on every dimension that varies form one group (one
 * series or bar label each). A label names the workload when workloads differ, and the dimensions that differ
 * within a workload ({@code workload plain, versions 5}); what one workload's rows share, its name stands for
 * (the tables below the charts list it), and what all rows share is said once, in the caption. No two groups
 * get the same label: two groups of one workload differ in a dimension that varies within it. Every row lands
 * in exactly one group; groups keep the order of their first row.
 */
final class RowGroups {
    /** A parameter of a row that can tell series apart, with how its value reads in a label (null: says nothing). */
    record Dimension(String name, Function<RowParams, Object> value, Function<RowParams, String> label) {
    }

    /** One series: the rows that agree on every varying dimension, and the label that says how. */
    record Group(String label, List<RowResult> rows) {
        RowParams first() {
            return rows.get(0).params();
        }
    }

    /** The workload's name: when it varies, it stands for what its rows share. */
    static final Dimension WORKLOAD = new Dimension("workload", RowParams::workload, p -> "workload " + p.workload());

    /** The row's system: memstore's, another built-in one, or a project's class (named without its package). */
    static final Dimension SYSTEM = new Dimension("system", RowParams::system, RowGroups::systemLabel);

    /** The dimensions of a row, in the order labels list them; index and store say nothing of other systems' rows. */
    static final List<Dimension> DIMENSIONS = List.of(WORKLOAD, SYSTEM,
            new Dimension("index", RowParams::index, p -> memstore(p) ? p.index().specName() : null),
            new Dimension("store", RowParams::store, p -> !memstore(p) ? null : p.store() == StoreKind.NONE
                    ? "index only" : p.store().specName()),
            new Dimension("versions", RowParams::versions, p -> "versions " + p.versions()),
            new Dimension("keySize", RowParams::keySize, p -> "key " + p.keySize() + " B"),
            new Dimension("valueSize", p -> p.store() == StoreKind.NONE ? 0 : p.valueSize(),
                    p -> p.store() == StoreKind.NONE ? null : "value " + p.valueSize() + " B"),
            new Dimension("keyPattern", RowParams::keyPattern, p -> p.keyPattern().specName() + " keys"),
            new Dimension("deletes", RowParams::deletes, p -> p.deletes() == 0 ? "no deletes"
                    : String.format(Locale.ROOT, "deletes %.0f%%", p.deletes() * 100)),
            new Dimension("compact", RowParams::compact, p -> p.compact() ? "compacted" : "not compacted"));

    private RowGroups() {
    }

    /** {@code memstore}, {@code rocksdb}, or a class's simple name ({@code KeyCopyingMapStore}). */
    static String systemLabel(RowParams p) {
        String name = p.system().specName();
        return p.system().isClass() ? name.substring(name.lastIndexOf('.') + 1) : name;
    }

    private static boolean memstore(RowParams p) {
        return p.system() == SystemKind.MEMSTORE;
    }

    /** The label of a group's series: its label, led by the system when the label does not name it already. */
    static String seriesName(Group g, List<RowResult> rows) {
        return varying(rows).contains(SYSTEM) ? g.label() : systemLabel(g.first()) + ", " + g.label();
    }

    /** The groups of {@code rows}; a single group is labelled {@code whenAllAlike}. */
    static List<Group> of(List<RowResult> rows, String whenAllAlike) {
        List<Dimension> varying = varying(rows);
        List<Dimension> named = named(rows);
        Map<List<Object>, List<RowResult>> byKey = new LinkedHashMap<>();
        for (RowResult r : rows) {
            List<Object> key = new ArrayList<>();
            for (Dimension d : varying) {
                key.add(d.value().apply(r.params()));
            }
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        List<Group> groups = new ArrayList<>();
        byKey.values().forEach(list -> groups.add(new Group(label(list.get(0).params(), named, whenAllAlike),
                List.copyOf(list))));
        return groups;
    }

    /** The dimensions on which at least two of the rows differ. */
    static List<Dimension> varying(List<RowResult> rows) {
        List<Dimension> varying = new ArrayList<>();
        for (Dimension d : DIMENSIONS) {
            if (rows.stream().map(r -> d.value().apply(r.params())).distinct().count() > 1) {
                varying.add(d);
            }
        }
        return varying;
    }

    /**
     * The dimensions a label names: the workload when it varies, and every dimension that varies among the rows
     * of one workload.
     */
    static List<Dimension> named(List<RowResult> rows) {
        List<Dimension> varying = varying(rows);
        if (!varying.contains(WORKLOAD)) {
            return varying;
        }
        Map<String, List<RowResult>> byWorkload = new LinkedHashMap<>();
        rows.forEach(r -> byWorkload.computeIfAbsent(r.workload(), w -> new ArrayList<>()).add(r));
        List<Dimension> named = new ArrayList<>();
        for (Dimension d : varying) {
            if (d == WORKLOAD || byWorkload.values().stream().anyMatch(list -> varying(list).contains(d))) {
                named.add(d);
            }
        }
        return named;
    }

    /** What the rows share, e.g. {@code versions 1, key 64 B, random keys}: the dimensions that do not vary. */
    static String shared(List<RowResult> rows) {
        List<Dimension> varying = varying(rows);
        List<String> parts = new ArrayList<>();
        for (Dimension d : DIMENSIONS) {
            String label = rows.isEmpty() ? null : d.label().apply(rows.get(0).params());
            if (!varying.contains(d) && label != null && d != WORKLOAD && d != SYSTEM) { // captions name the system
                parts.add(label);
            }
        }
        return String.join(", ", parts);
    }

    private static String label(RowParams p, List<Dimension> varying, String whenAllAlike) {
        if (varying.isEmpty()) {
            return Objects.requireNonNull(whenAllAlike);
        }
        List<String> parts = new ArrayList<>();
        for (Dimension d : varying) {
            String label = d.label().apply(p);
            if (label == null && !memstore(p) && (d.name().equals("index") || d.name().equals("store"))) {
                continue; // not a field of the row's system
            }
            parts.add(label != null ? label : "no " + d.name());
        }
        return String.join(", ", parts);
    }
}
