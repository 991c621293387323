package io.memstore.measure.spec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongUnaryOperator;

/**
 * A loaded, validated workload spec: its workloads (defaults applied), its budgets and the rows they expand to.
 * Immutable; {@link #scaled(double)} and {@link #withEnabled(Collection)} return new specs.
 */
public final class WorkloadSpec {
    private final String name;
    private final String source;
    private final List<WorkloadDef> workloads;
    private final List<Budget> budgets;
    private final List<Row> allRows;
    private final List<Row> rows;
    private final List<PlanScenario> plan;
    /** The spec's {@code defaults}, parsed: what ad-hoc plan scenarios start from. */
    private final Map<RowField, Object> defaults;

    WorkloadSpec(String name, String source, List<WorkloadDef> workloads, List<Budget> budgets) {
        this(name, source, workloads, budgets, List.of(), Map.of());
    }

    WorkloadSpec(String name, String source, List<WorkloadDef> workloads, List<Budget> budgets,
                 List<PlanScenario> plan, Map<RowField, Object> defaults) {
        this.name = name;
        this.source = source;
        this.workloads = List.copyOf(workloads);
        this.budgets = List.copyOf(budgets);
        this.plan = List.copyOf(plan);
        this.defaults = defaults.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(defaults));
        List<Row> all = new ArrayList<>();
        List<Row> on = new ArrayList<>();
        for (WorkloadDef w : this.workloads) {
            List<Row> r = w.rows();
            all.addAll(r);
            if (w.enabled()) {
                on.addAll(r);
            }
        }
        this.allRows = List.copyOf(all);
        this.rows = List.copyOf(on);
    }

    /** The spec's {@code name}, or the file's base name when it has none. */
    public String name() {
        return name;
    }

    /** The file or resource the spec was read from, as error messages name it. */
    public String source() {
        return source;
    }

    /**
     * The same spec under another {@link #source} name, as results and logs should name it: e.g. its path
     * relative to the project, so that a committed baseline or a published report holds no local path.
     */
    public WorkloadSpec withSource(String otherSource) {
        return new WorkloadSpec(name, Objects.requireNonNull(otherSource, "otherSource"), workloads, budgets, plan,
                defaults);
    }

    /** The workloads in declaration order, disabled ones included. */
    public List<WorkloadDef> workloads() {
        return workloads;
    }

    public Optional<WorkloadDef> workload(String workloadName) {
        return workloads.stream().filter(w -> w.name().equals(workloadName)).findFirst();
    }

    /** The budgets in declaration order. */
    public List<Budget> budgets() {
        return budgets;
    }

    /** The rows to measure: those of enabled workloads, in declaration order (see {@link WorkloadDef#rows()}). */
    public List<Row> rows() {
        return rows;
    }

    /** Every row, disabled workloads included. */
    public List<Row> allRows() {
        return allRows;
    }

    /** The row budgets that judge this row, in declaration order. */
    public List<Budget> budgetsFor(Row row) {
        return budgets.stream().filter(b -> b.matches(row)).toList();
    }

    /** The {@code plan:} scenarios in declaration order; empty when the spec has none. */
    public List<PlanScenario> plan() {
        return plan;
    }

    /**
     * A scenario from field texts as the spec would write them ({@code keys -> 10M}, {@code versions -> 3}, ...),
     * the spec's defaults filling the rest: the ad-hoc scenario of {@code -Dmemstore.keys=10M}.
     *
     * @param prefix how errors name a field, like {@code memstore.} for {@code memstore.keys}
     * @throws IllegalArgumentException naming the field, the value and what is expected
     */
    public PlanScenario scenario(String scenarioName, Map<String, String> fields, String prefix, String origin) {
        return scenario(scenarioName, fields, prefix, origin, null);
    }

    /**
     * The scenarios of the command line ({@code -Dmemstore.keys=10M ...}): one, of the system the fields or the
     * spec's {@code defaults} name; when neither names one and the spec measures no memstore row, one per system
     * its rows measure ({@link #rowSystems}), named {@code <name>/<system>} when there are several. A spec of the
     * user's own classes is never planned as memstore's store.
     */
    public List<PlanScenario> commandLineScenarios(String scenarioName, Map<String, String> fields, String prefix,
                                                   String origin) {
        List<SystemKind> implied = impliedSystems(fields.containsKey(RowField.SYSTEM.specName()));
        if (implied.isEmpty()) {
            return List.of(scenario(scenarioName, fields, prefix, origin));
        }
        List<PlanScenario> out = new ArrayList<>();
        for (SystemKind system : implied) {
            out.add(scenario(implied.size() == 1 ? scenarioName : scenarioName + "/" + system.specName(), fields,
                    prefix, origin + " (system " + system.specName() + ", as the spec's rows)", system));
        }
        return out;
    }

    /**
     * The systems a scenario that names none takes: empty when the scenario or the spec's defaults name one, or
     * when the spec measures memstore rows (memstore is then the default, as for rows); else the systems of the
     * spec's rows.
     */
    List<SystemKind> impliedSystems(boolean scenarioNamesSystem) {
        if (scenarioNamesSystem || defaults.containsKey(RowField.SYSTEM)) {
            return List.of();
        }
        List<SystemKind> systems = rowSystems();
        return systems.contains(SystemKind.MEMSTORE) ? List.of() : systems;
    }

    /**
     * What the console says of the selected etcd rows' runs, or empty without etcd rows: that they run
     * {@link WorkloadDef#ETCD_RUNS} times by default, or that some run once, so that a plan from them takes the run
     * spread memstore measured for etcd instead of their own.
     */
    public Optional<String> etcdRunsLine(List<Row> selected) {
        long defaulted = 0;
        long once = 0;
        for (Row r : selected) {
            if (!r.params().system().isEtcd()) {
                continue;
            }
            boolean given = workload(r.params().workload()).map(WorkloadDef::runsGiven).orElse(true);
            defaulted += given ? 0 : 1;
            once += given && r.params().runs() == 1 ? 1 : 0;
        }
        if (defaulted == 0 && once == 0) {
            return Optional.empty();
        }
        String twice = defaulted == 0 ? "" : defaulted + " etcd row(s) run " + WorkloadDef.ETCD_RUNS + " times each"
                + " (runs: " + WorkloadDef.ETCD_RUNS + ", the default of etcd rows: a plan's band takes their spread)";
        String single = once == 0 ? "" : once + " etcd row(s) run once (runs: 1): a plan from them takes the spread"
                + " memstore measured between runs of etcd rows instead of their own";
        return Optional.of(twice + (twice.isEmpty() || single.isEmpty() ? "" : "; ") + single);
    }

    /** The systems the spec's rows measure (disabled workloads included), in the order they first occur. */
    public List<SystemKind> rowSystems() {
        return allRows.stream().map(r -> r.params().system()).distinct().toList();
    }

    private PlanScenario scenario(String scenarioName, Map<String, String> fields, String prefix, String origin,
                                  SystemKind system) {
        Object[] values = SpecReader.scenarioDefaults(defaults);
        if (system != null) {
            values[RowField.SYSTEM.ordinal()] = system;
        }
        Long machine = null;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            String text = e.getValue();
            if (e.getKey().equals(PlanScenario.MACHINE_MEMORY)) {
                try {
                    machine = Sizes.parseBytes(text);
                } catch (IllegalArgumentException x) {
                    throw new IllegalArgumentException(prefix + e.getKey() + ": " + x.getMessage(), x);
                }
                if (machine <= 0) {
                    throw new IllegalArgumentException(prefix + e.getKey() + ": '" + text + "' is no memory; expected"
                            + " a size like 4GiB");
                }
                continue;
            }
            RowField field = RowField.byName(e.getKey()).filter(PlanScenario.FIELDS::contains).orElseThrow(() ->
                    new IllegalArgumentException("unknown scenario field '" + prefix + e.getKey() + "'; expected one"
                            + " of " + String.join(", ", PlanScenario.FIELDS.stream().map(f -> prefix + f.specName())
                            .toList()) + ", " + prefix + PlanScenario.MACHINE_MEMORY));
            try {
                values[field.ordinal()] = field.parse(text);
            } catch (BadValue x) {
                throw new IllegalArgumentException(prefix + e.getKey() + ": " + x.getMessage(), x);
            }
        }
        return new PlanScenario(scenarioName, RowField.params(scenarioName, values), machine, origin);
    }

    /** The budgets on model metrics ({@code model.*}). */
    public List<Budget> modelBudgets() {
        return budgets.stream().filter(b -> b.metric().isModel()).toList();
    }

    /**
     * The same spec with every keys count multiplied by {@code scale} and rounded (at least 1 key), in the
     * workloads and in budgets' {@code where}. Row names show the scaled counts, so outputs say what ran.
     *
     * @throws IllegalArgumentException when scale is not a positive finite number, a count would pass
     *                                  {@link SpecLimits#MAX_KEYS}, or two keys values of a workload would become equal
     */
    public WorkloadSpec scaled(double scale) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be a positive number, got " + scale);
        }
        LongUnaryOperator f = keys -> {
            double v = Math.rint(keys * scale);
            if (v > SpecLimits.MAX_KEYS) {
                throw new IllegalArgumentException("scale " + scale + " makes " + Units.count(keys)
                        + " keys more than the limit of " + Units.count(SpecLimits.MAX_KEYS) + " keys per row");
            }
            return Math.max(1L, (long) v);
        };
        List<WorkloadDef> w = workloads.stream().map(d -> d.withKeys(f)).toList();
        List<Budget> b = budgets.stream().map(x -> x.withKeys(f)).toList();
        return new WorkloadSpec(name, source, w, b, plan, defaults);
    }

    /**
     * The same spec with these workloads enabled as well (like writing {@code enabled: true} on them).
     *
     * @throws IllegalArgumentException naming an unknown workload and listing the known ones
     */
    public WorkloadSpec withEnabled(Collection<String> workloadNames) {
        Set<String> known = new LinkedHashSet<>();
        workloads.forEach(w -> known.add(w.name()));
        for (String n : workloadNames) {
            if (!known.contains(n)) {
                throw new IllegalArgumentException("no workload '" + n + "'" + Suggestions.didYouMean(n, known)
                        + " in " + source + "; workloads are " + String.join(", ", known));
            }
        }
        List<WorkloadDef> w = workloads.stream()
                .map(d -> workloadNames.contains(d.name()) && !d.enabled() ? d.withEnabled(true) : d).toList();
        return new WorkloadSpec(name, source, w, budgets, plan, defaults);
    }

    @Override
    public String toString() {
        return "WorkloadSpec[" + name + " from " + source + ": " + rows.size() + " rows of " + allRows.size()
                + ", " + budgets.size() + " budgets]";
    }
}
