package io.memstore.measure.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongUnaryOperator;

/**
 * One entry of a spec's {@code workloads}, with defaults already applied: every {@link RowField} has one value,
 * or several when the workload wrote a list. Its rows are the cross product of the list-valued fields, the
 * first of them (in the order the workload declares them) varying slowest.
 */
public final class WorkloadDef {
    private final String name;
    private final boolean enabled;
    /** Every field's values, parsed; exactly one value for fields that are not list-valued. */
    private final Map<RowField, List<Object>> values;
    /** The fields the workload wrote as lists, in declaration order: they name and multiply the rows. */
    private final List<RowField> listFields;
    /** True when the workload or the spec's defaults said {@code runs}; else etcd rows get {@link #ETCD_RUNS}. */
    private final boolean runsGiven;

    /**
     * Runs of an etcd or etcd-cluster row whose spec does not say {@code runs}: a member's RSS differs between two
     * runs of a row by a few percent, and a plan's band needs that spread measured.
     */
    public static final int ETCD_RUNS = 2;

    WorkloadDef(String name, boolean enabled, Map<RowField, List<Object>> values, List<RowField> listFields) {
        this(name, enabled, values, listFields, true);
    }

    /**
     * @param runsGiven false when neither the workload nor the spec's defaults set {@code runs}: the etcd rows
     *                  then run {@link #ETCD_RUNS} times
     */
    WorkloadDef(String name, boolean enabled, Map<RowField, List<Object>> values, List<RowField> listFields,
                boolean runsGiven) {
        this.runsGiven = runsGiven;
        this.name = name;
        this.enabled = enabled;
        EnumMap<RowField, List<Object>> copy = new EnumMap<>(RowField.class);
        values.forEach((f, v) -> copy.put(f, List.copyOf(v)));
        for (RowField f : RowField.values()) {
            if (!copy.containsKey(f)) {
                throw new IllegalArgumentException("workload " + name + " lacks a value for " + f.specName());
            }
        }
        this.values = Collections.unmodifiableMap(copy);
        this.listFields = List.copyOf(listFields);
    }

    public String name() {
        return name;
    }

    /** False for a workload written with {@code enabled: false}: its rows are in {@code allRows()} only. */
    public boolean enabled() {
        return enabled;
    }

    /** The list-valued fields, in declaration order; empty when the workload has a single row. */
    public List<RowField> listFields() {
        return listFields;
    }

    /** True when the workload or the spec's defaults set {@code runs}. */
    public boolean runsGiven() {
        return runsGiven;
    }

    /** The field's values: several for a list-valued field, otherwise the one value (own, default or built-in). */
    public List<Object> values(RowField field) {
        return values.get(field);
    }

    /**
     * How many rows the list-valued fields multiply to, saturating at {@link Integer#MAX_VALUE} (lists can multiply far); {@link #rows}
     * may hold fewer, when a row's system ignores a list-valued field.
     */
    public int rowCount() {
        long n = 1;
        for (RowField f : listFields) {
            n = Math.min(n * values.get(f).size(), Integer.MAX_VALUE); // both factors < 2^31: no overflow
        }
        return (int) n;
    }

    /**
     * The rows, in order: an odometer over the list-valued fields whose last field turns fastest. Names are
     * {@code workload/field=value,...} over the list-valued fields, or the bare workload name.
     *
     * <p>A row's system may ignore a list-valued field ({@link SystemKind#ignores}: an etcd row has no
     * {@code index}, a memstore row no {@code snapshotCount}). Such a field takes its first value in that row and
     * is left out of its name, so the rows that differ only in it are one row, listed where it first occurs:
     * {@code index: [btree, reference]} with {@code system: [memstore, etcd]} gives two memstore rows and one etcd
     * row.
     */
    public List<Row> rows() {
        RowField[] fields = RowField.values();
        Object[] current = new Object[fields.length];
        for (RowField f : fields) {
            current[f.ordinal()] = values.get(f).get(0);
        }
        int[] digits = new int[listFields.size()];
        int count = rowCount();
        List<Row> rows = new ArrayList<>(count);
        Set<String> names = new HashSet<>();
        for (int r = 0; r < count; r++) {
            for (int i = 0; i < listFields.size(); i++) {
                RowField f = listFields.get(i);
                current[f.ordinal()] = values.get(f).get(digits[i]);
            }
            SystemKind system = (SystemKind) current[RowField.SYSTEM.ordinal()];
            StringBuilder rowName = new StringBuilder(name);
            boolean first = true;
            for (RowField f : listFields) {
                if (system.ignores(f)) {
                    current[f.ordinal()] = values.get(f).get(0);
                    continue;
                }
                rowName.append(first ? '/' : ',').append(f.specName()).append('=')
                        .append(f.format(current[f.ordinal()]));
                first = false;
            }
            if (names.add(rowName.toString())) {
                Object[] row = current;
                if (!runsGiven && system.isEtcd()) {
                    row = current.clone();
                    row[RowField.RUNS.ordinal()] = ETCD_RUNS;
                }
                rows.add(new Row(rowName.toString(), RowField.params(name, row)));
            }
            for (int i = listFields.size() - 1; i >= 0; i--) {
                if (++digits[i] < values.get(listFields.get(i)).size()) {
                    break;
                }
                digits[i] = 0;
            }
        }
        return List.copyOf(rows);
    }

    WorkloadDef withEnabled(boolean on) {
        return new WorkloadDef(name, on, values, listFields, runsGiven);
    }

    /** The same workload with every keys value mapped; refuses a mapping that makes two list values equal. */
    WorkloadDef withKeys(LongUnaryOperator scale) {
        EnumMap<RowField, List<Object>> scaled = new EnumMap<>(values);
        List<Object> keys = new ArrayList<>();
        for (Object k : values.get(RowField.KEYS)) {
            long n = scale.applyAsLong((Long) k);
            if (keys.contains(n)) {
                throw new IllegalArgumentException("scaling makes two keys values of workload '" + name
                        + "' equal (" + RowField.KEYS.format(n) + "), which would give two rows the same name");
            }
            keys.add(n);
        }
        scaled.put(RowField.KEYS, keys);
        return new WorkloadDef(name, enabled, scaled, listFields, runsGiven);
    }
}
