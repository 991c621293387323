package io.memstore.report;

import io.memstore.measure.result.RowResult;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The rows of a chart grouped into series by what varies among them. Every parameter of a row other than its
 * key count is a {@link Dimension}; the dimensions whose value differs between two of the rows name the groups
 * (one series or bar label each, like {@code versions 5, compacted}), and those that are the same for all rows
 * are left out of the names, so a label never repeats what every row shares and no two groups share a label.
 * Every row lands in exactly one group; groups keep the order of their first row.
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

    /** The dimensions of a row, in the order labels list them. */
    static final List<Dimension> DIMENSIONS = List.of(
            new Dimension("workload", RowParams::workload, p -> "workload " + p.workload()),
            new Dimension("index", RowParams::index, p -> p.index().specName()),
            new Dimension("store", RowParams::store, p -> p.store() == StoreKind.NONE ? "index only"
                    : p.store().specName()),
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

    /** The groups of {@code rows}; a single group is labelled {@code whenAllAlike}. */
    static List<Group> of(List<RowResult> rows, String whenAllAlike) {
        List<Dimension> varying = varying(rows);
        Map<List<Object>, List<RowResult>> byKey = new LinkedHashMap<>();
        for (RowResult r : rows) {
            List<Object> key = new ArrayList<>();
            for (Dimension d : varying) {
                key.add(d.value().apply(r.params()));
            }
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        List<Group> groups = new ArrayList<>();
        byKey.values().forEach(list -> groups.add(new Group(label(list.get(0).params(), varying, whenAllAlike),
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

    /** What the rows share, e.g. {@code versions 1, key 64 B, random keys}: the dimensions that do not vary. */
    static String shared(List<RowResult> rows) {
        List<Dimension> varying = varying(rows);
        List<String> parts = new ArrayList<>();
        for (Dimension d : DIMENSIONS) {
            String label = rows.isEmpty() ? null : d.label().apply(rows.get(0).params());
            if (!varying.contains(d) && label != null && !d.name().equals("workload")) {
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
            parts.add(label != null ? label : "no " + d.name());
        }
        return String.join(", ", parts);
    }
}
