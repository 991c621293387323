package io.memstore.measure.spec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Walks a composed spec tree into a {@link WorkloadSpec}, checking every field and naming the node of every
 * error. Top-level sections are a table ({@link #SECTIONS}) read in table order, whatever their order in the
 * file, so a section can rely on those before it (budgets on workloads); a new section is one more entry.
 */
final class SpecReader {
    /** The only format version. */
    static final String VERSION = "1";

    /** Names of workloads and specs: they appear in row names, file names and {@code only} filters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final String NAME_FORM = "a name of letters, digits, '.', '_' or '-' (at most 64), like index";
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

    /** Reads one top-level section's value into the state. */
    @FunctionalInterface
    private interface Section {
        void read(SpecReader reader, Node value, String path) throws SpecException;
    }

    /** Top-level sections in reading order. */
    private static final Map<String, Section> SECTIONS = new LinkedHashMap<>();
    /** The sections a spec must have, with what to write when one is missing. */
    private static final Map<String, String> REQUIRED = Map.of(
            "version", "version: 1 (the format version)",
            "workloads", "a list of workloads, each with a name");

    static {
        SECTIONS.put("version", SpecReader::readVersion);
        SECTIONS.put("name", SpecReader::readName);
        SECTIONS.put("defaults", SpecReader::readDefaults);
        SECTIONS.put("workloads", SpecReader::readWorkloads);
        SECTIONS.put("budgets", SpecReader::readBudgets);
        SECTIONS.put("plan", SpecReader::readPlan);
    }

    private static final List<String> WORKLOAD_FIELDS;
    private static final List<String> BUDGET_FIELDS = List.of("metric", "max", "min", "maxIncrease",
            "maxIncreaseBytes", "where", "level", "message");
    private static final List<String> SCENARIO_FIELDS;
    private static final String SHARE_FORM = "a share of the baseline value like 5% or 0.05 (at least 0)";
    private static final List<String> WHERE_FIELDS;

    static {
        List<String> w = new ArrayList<>(List.of("name", "enabled"));
        w.addAll(RowField.names());
        WORKLOAD_FIELDS = List.copyOf(w);
        List<String> where = new ArrayList<>(List.of(Budget.WORKLOAD));
        where.addAll(RowField.names());
        WHERE_FIELDS = List.copyOf(where);
        List<String> scenario = new ArrayList<>(List.of("name"));
        PlanScenario.FIELDS.forEach(x -> scenario.add(x.specName()));
        scenario.add(PlanScenario.MACHINE_MEMORY);
        SCENARIO_FIELDS = List.copyOf(scenario);
    }

    private final String source;
    private final ProjectClassCheck projectClasses;
    private String name;
    private final EnumMap<RowField, Object> defaults = new EnumMap<>(RowField.class);
    /** Where each field of {@code defaults} is written, for errors about the rows it reaches. */
    private final EnumMap<RowField, Node> defaultNodes = new EnumMap<>(RowField.class);
    private final List<WorkloadDef> workloads = new ArrayList<>();
    private final List<Budget> budgets = new ArrayList<>();
    private final List<PlanScenario> plan = new ArrayList<>();

    private SpecReader(String source, ProjectClassCheck projectClasses) {
        this.source = source;
        this.projectClasses = projectClasses;
    }

    static WorkloadSpec read(Node root, String source, String defaultName, ProjectClassCheck projectClasses)
            throws SpecException {
        SpecReader r = new SpecReader(source, projectClasses);
        if (root == null) {
            throw new SpecException(source, 0, 0, null, "the spec is empty",
                    "a mapping with version: 1 and workloads");
        }
        MappingNode top = r.mapping(root, "", "a mapping of sections " + String.join(", ", SECTIONS.keySet()));
        Map<String, NodeTuple> present = r.fields(top, "", SECTIONS.keySet());
        r.name = defaultName;
        for (Map.Entry<String, Section> s : SECTIONS.entrySet()) {
            NodeTuple t = present.get(s.getKey());
            if (t != null) {
                s.getValue().read(r, t.getValueNode(), s.getKey());
            } else if (REQUIRED.containsKey(s.getKey())) {
                throw r.error(top, s.getKey(), "missing", REQUIRED.get(s.getKey()));
            }
        }
        return new WorkloadSpec(r.name, source, r.workloads, r.budgets, r.plan, r.defaults);
    }

    // ---- sections

    private void readVersion(Node value, String path) throws SpecException {
        String v = scalar(value, path, "1");
        if (!v.strip().equals(VERSION)) {
            throw error(value, path, "unsupported version '" + v + "'", "1 (the only format version)");
        }
    }

    private void readName(Node value, String path) throws SpecException {
        name = name(value, path);
    }

    private void readDefaults(Node value, String path) throws SpecException {
        MappingNode m = mapping(value, path, "a mapping of row fields, like keySize: 64B");
        for (Map.Entry<String, NodeTuple> e : fields(m, path, RowField.names()).entrySet()) {
            RowField f = RowField.byName(e.getKey()).orElseThrow();
            String fieldPath = path + "." + e.getKey();
            Node v = e.getValue().getValueNode();
            if (v instanceof SequenceNode) {
                throw error(v, fieldPath, "defaults take one value per field",
                        "a single value (lists belong in a workload)");
            }
            defaults.put(f, value(f, v, fieldPath));
            defaultNodes.put(f, v);
        }
    }

    private void readWorkloads(Node value, String path) throws SpecException {
        SequenceNode list = sequence(value, path, "a list of workloads, each with a name");
        if (list.getValue().isEmpty()) {
            throw error(value, path, "no workloads", "at least one workload");
        }
        Map<String, Node> names = new HashMap<>();
        long totalRows = 0;
        int i = 0;
        for (Node item : list.getValue()) {
            String p = path + "[" + i++ + "]";
            WorkloadDef w = workload(item, p, names);
            totalRows += w.rowCount();
            if (totalRows > SpecLimits.MAX_ROWS) {
                StringBuilder factors = new StringBuilder();
                for (RowField lf : w.listFields()) {
                    factors.append(factors.length() == 0 ? "" : " x ").append(w.values(lf).size()).append(' ')
                            .append(lf.specName());
                }
                String adds = w.rowCount() == Integer.MAX_VALUE ? "billions of" : Integer.toString(w.rowCount());
                throw error(item, p, "the spec expands to more than " + SpecLimits.MAX_ROWS + " rows: this workload"
                        + " adds " + adds + " rows (" + factors + ")" + (totalRows > w.rowCount() ? " to "
                        + (totalRows - w.rowCount()) + " before it" : ""),
                        "at most " + SpecLimits.MAX_ROWS + " rows: shorter lists or fewer list-valued fields");
            }
            checkKeySpace(w, item, p);
            checkSystemFields(w, (MappingNode) item, p);
            workloads.add(w);
        }
    }

    private WorkloadDef workload(Node item, String path, Map<String, Node> names) throws SpecException {
        MappingNode m = mapping(item, path, "a mapping with a name and row fields");
        Map<String, NodeTuple> f = fields(m, path, WORKLOAD_FIELDS);
        String workloadName = uniqueName(m, f, path, names, "workload");
        boolean enabled = true;
        if (f.containsKey("enabled")) {
            enabled = bool(f.get("enabled").getValueNode(), path + ".enabled");
        }
        Map<RowField, List<Object>> values = new EnumMap<>(RowField.class);
        List<RowField> listFields = new ArrayList<>();
        for (Map.Entry<String, NodeTuple> e : f.entrySet()) {
            RowField field = RowField.byName(e.getKey()).orElse(null);
            if (field == null) {
                continue; // name, enabled
            }
            String fieldPath = path + "." + e.getKey();
            Node v = e.getValue().getValueNode();
            if (v instanceof SequenceNode) {
                values.put(field, list(field, (SequenceNode) v, fieldPath));
                listFields.add(field);
            } else {
                values.put(field, List.of(value(field, v, fieldPath)));
            }
        }
        for (RowField field : RowField.values()) {
            values.computeIfAbsent(field, x -> List.of(defaults.getOrDefault(x, x.builtInDefault())));
        }
        boolean runsGiven = f.containsKey(RowField.RUNS.specName()) || defaults.containsKey(RowField.RUNS);
        return new WorkloadDef(workloadName, enabled, values, listFields, runsGiven);
    }

    private List<Object> list(RowField field, SequenceNode seq, String path) throws SpecException {
        if (seq.getValue().isEmpty()) {
            throw error(seq, path, "empty list", "at least one value: " + field.expected());
        }
        if (seq.getValue().size() > SpecLimits.MAX_ROWS) {
            // each value is at least one row: refused before parsing the values, in time linear in the text
            throw error(seq, path, "a list of " + seq.getValue().size() + " values, more than the "
                    + SpecLimits.MAX_ROWS + " rows a spec may expand to", "at most " + SpecLimits.MAX_ROWS + " values");
        }
        List<Object> out = new ArrayList<>();
        Map<Object, Integer> firstIndex = new HashMap<>();
        int i = 0;
        for (Node item : seq.getValue()) {
            String p = path + "[" + i + "]";
            if (!(item instanceof ScalarNode)) {
                throw error(item, p, "a list item must be a single value, got " + kind(item), field.expected());
            }
            Object v = value(field, item, p);
            Integer before = firstIndex.putIfAbsent(v, i);
            if (before != null) {
                throw error(item, p, "duplicate value " + field.format(v) + " (also item " + before + ")",
                        "distinct values: two rows would have the same name");
            }
            out.add(v);
            i++;
        }
        return out;
    }

    /**
     * Refuses fields that a row's system cannot honour, naming the field where it is written (the workload, or
     * {@code defaults}): leases and watchers on systems other than etcd; a compaction period on systems that keep
     * no history to compact (h2, rocksdb); leased keys without leases.
     */
    private void checkSystemFields(WorkloadDef w, MappingNode item, String path) throws SpecException {
        for (Row row : w.rows()) {
            RowParams p = row.params();
            SystemKind system = p.system();
            if (!system.isEtcd()) {
                for (RowField f : List.of(RowField.LEASES, RowField.LEASED_KEYS, RowField.WATCHERS)) {
                    if (!f.get(p).equals(f.builtInDefault())) {
                        throw fieldError(item, path, f, "row " + row.name() + " is a " + system.specName()
                                + " row, which has no " + (f == RowField.WATCHERS ? "watchers" : "leases"),
                                f.specName() + " on rows of system etcd or etcd-cluster only");
                    }
                }
            }
            if (p.compactEvery() > 0 && (system == SystemKind.H2 || system == SystemKind.ROCKSDB)) {
                throw fieldError(item, path, RowField.COMPACT, "row " + row.name() + " is a " + system.specName()
                        + " row, which keeps no history of revisions to compact on a period",
                        "compact every on rows of system memstore, etcd or etcd-cluster; latest or none here");
            }
            if (p.leasedKeys() > 0 && p.leases() == 0) {
                throw fieldError(item, path, RowField.LEASED_KEYS, "row " + row.name() + " puts "
                        + RowField.LEASED_KEYS.format(p.leasedKeys()) + " of its keys with a lease but grants none",
                        "leases of at least 1 beside leasedKeys");
            }
        }
    }

    /** An error at the field as the workload writes it, else as {@code defaults} does, else at the workload. */
    private SpecException fieldError(MappingNode item, String path, RowField f, String problem, String expected) {
        for (NodeTuple t : item.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(f.specName())) {
                return error(t.getValueNode(), path + "." + f.specName(), problem, expected);
            }
        }
        Node d = defaultNodes.get(f);
        return d != null ? error(d, "defaults." + f.specName(), problem, expected)
                : error(item, path, problem, expected);
    }

    /** Refuses rows that ask for more distinct keys than their key size and pattern can produce. */
    private void checkKeySpace(WorkloadDef w, Node node, String path) throws SpecException {
        for (Row row : w.rows()) {
            RowParams p = row.params();
            double alphabet;
            String what;
            if (p.keyPattern() == KeyPattern.SEQUENTIAL) {
                alphabet = 10;
                what = "zero-padded decimal counters";
            } else if (p.keyPattern() == KeyPattern.RANDOM) {
                alphabet = 256;
                what = "random bytes";
            } else {
                continue;
            }
            double distinct = Math.pow(alphabet, p.keySize());
            if (distinct < p.keys()) {
                int need = p.keySize();
                while (Math.pow(alphabet, need) < p.keys()) {
                    need++;
                }
                throw error(node, path, "row " + row.name() + " asks for " + Units.count(p.keys())
                        + " distinct keys, but " + p.keySize() + "-byte keys of " + what + " allow only "
                        + (long) distinct, "keySize of at least " + need + "B for " + Units.count(p.keys())
                        + " " + p.keyPattern().specName() + " keys, or fewer keys");
            }
        }
    }

    private void readBudgets(Node value, String path) throws SpecException {
        SequenceNode list = sequence(value, path, "a list of budgets, each with a metric and max or min");
        List<Row> allRows = new ArrayList<>();
        workloads.forEach(w -> allRows.addAll(w.rows()));
        int i = 0;
        for (Node item : list.getValue()) {
            budgets.add(budget(item, path + "[" + i++ + "]", allRows));
        }
    }

    private Budget budget(Node item, String path, List<Row> allRows) throws SpecException {
        MappingNode m = mapping(item, path, "a mapping with a metric and max or min");
        Map<String, NodeTuple> f = fields(m, path, BUDGET_FIELDS);
        NodeTuple metricTuple = f.get("metric");
        if (metricTuple == null) {
            throw error(m, path + ".metric", "missing", "one of " + String.join(", ", Metric.names()));
        }
        Node metricNode = metricTuple.getValueNode();
        String metricName = scalar(metricNode, path + ".metric", "a metric name").strip();
        Metric metric = Metric.byName(metricName).orElseThrow(() -> error(metricNode, path + ".metric",
                "unknown metric '" + metricName + "'" + Suggestions.didYouMean(metricName, Metric.names()),
                "one of " + String.join(", ", Metric.names())));
        Double max = f.containsKey("max") ? bound(metric, f.get("max").getValueNode(), path + ".max") : null;
        Double min = f.containsKey("min") ? bound(metric, f.get("min").getValueNode(), path + ".min") : null;
        Double maxIncrease = null;
        Double maxIncreaseBytes = null;
        for (String limit : List.of("maxIncrease", "maxIncreaseBytes")) {
            NodeTuple t = f.get(limit);
            if (t == null) {
                continue;
            }
            if (metric.isModel()) {
                throw error(t.getKeyNode(), path + "." + limit, metric.metricName() + " is fitted over all rows and"
                        + " takes no " + limit, "maxIncrease and maxIncreaseBytes on row metrics only");
            }
            if (metric.unit() == MetricUnit.OPS_PER_SECOND) {
                throw error(t.getKeyNode(), path + "." + limit, metric.metricName() + " regresses when it falls,"
                        + " so an increase limit does not apply", "maxIncrease on sizes and times, or min");
            }
            if (limit.equals("maxIncrease")) {
                maxIncrease = share(t.getValueNode(), path + "." + limit);
            } else if (metric.unit() != MetricUnit.BYTES) {
                throw error(t.getKeyNode(), path + "." + limit, metric.metricName() + " is not a size",
                        "maxIncreaseBytes on byte metrics only; maxIncrease (a share) for " + metric.metricName());
            } else {
                maxIncreaseBytes = bound(metric, t.getValueNode(), path + "." + limit);
            }
        }
        if (max == null && min == null && maxIncrease == null && maxIncreaseBytes == null) {
            throw error(m, path, "a budget needs max, min, maxIncrease or maxIncreaseBytes", "max and/or min, like"
                    + " max: " + (metric.unit() == MetricUnit.BYTES ? "120MiB" : "1.5") + ", or a limit against a"
                    + " baseline like maxIncrease: 5%");
        }
        if (max != null && min != null && min > max) {
            throw error(f.get("min").getValueNode(), path + ".min", "min is greater than max", "min <= max");
        }
        Map<String, Object> where = new LinkedHashMap<>();
        if (f.containsKey("where")) {
            NodeTuple w = f.get("where");
            if (metric.isModel()) {
                throw error(w.getKeyNode(), path + ".where", metric.metricName()
                        + " is fitted over all rows and takes no where", "no where for model.* metrics");
            }
            where(w.getValueNode(), path + ".where", where, allRows);
        }
        BudgetLevel level = BudgetLevel.ERROR;
        if (f.containsKey("level")) {
            Node n = f.get("level").getValueNode();
            String l = scalar(n, path + ".level", "error or warn").strip();
            level = switch (l) {
                case "error" -> BudgetLevel.ERROR;
                case "warn" -> BudgetLevel.WARN;
                default -> throw error(n, path + ".level", "unknown level '" + l + "'"
                        + Suggestions.didYouMean(l, List.of("error", "warn")), "one of error, warn");
            };
        }
        String message = f.containsKey("message") ? scalar(f.get("message").getValueNode(), path + ".message",
                "a text for people") : null;
        return new Budget(metric, max, min, maxIncrease, maxIncreaseBytes, where, level, message,
                source + ":" + position(item));
    }

    /** A non-negative share: {@code 5%} or {@code 0.05}; more than 100 % is allowed (an increase may double). */
    private double share(Node node, String path) throws SpecException {
        String text = scalar(node, path, SHARE_FORM).strip();
        boolean percent = text.endsWith("%");
        String number = percent ? text.substring(0, text.length() - 1).strip() : text;
        if (!NUMBER.matcher(number).matches()) {
            throw error(node, path, "'" + text + "' is not a share", SHARE_FORM);
        }
        java.math.BigDecimal v = new java.math.BigDecimal(number);
        if (percent) {
            v = v.movePointLeft(2);
        }
        if (v.signum() < 0) {
            throw error(node, path, "'" + text + "' is negative", SHARE_FORM);
        }
        return v.doubleValue();
    }

    // ---- plan

    private void readPlan(Node value, String path) throws SpecException {
        SequenceNode list = sequence(value, path, "a list of scenarios, each with a name and keys");
        Map<String, Node> names = new HashMap<>();
        int i = 0;
        for (Node item : list.getValue()) {
            plan.add(scenario(item, path + "[" + i++ + "]", names));
        }
    }

    /**
     * The {@code name} of a workload or plan scenario, required and used by no other {@code kind} of the spec.
     *
     * @param names the names seen so far, with their nodes; this one is added
     */
    private String uniqueName(MappingNode m, Map<String, NodeTuple> f, String path, Map<String, Node> names,
            String kind) throws SpecException {
        NodeTuple nameTuple = f.get("name");
        if (nameTuple == null) {
            throw error(m, path + ".name", "missing", NAME_FORM);
        }
        String name = name(nameTuple.getValueNode(), path + ".name");
        Node first = names.putIfAbsent(name, nameTuple.getValueNode());
        if (first != null) {
            throw error(nameTuple.getValueNode(), path + ".name", "duplicate " + kind + " name '" + name
                    + "' (first at " + position(first) + ")", "a name used by no other " + kind);
        }
        return name;
    }

    private PlanScenario scenario(Node item, String path, Map<String, Node> names) throws SpecException {
        MappingNode m = mapping(item, path, "a mapping with a name, keys and other row fields");
        Map<String, NodeTuple> f = fields(m, path, SCENARIO_FIELDS);
        String scenarioName = uniqueName(m, f, path, names, "scenario");
        Object[] values = scenarioDefaults(defaults);
        if (!f.containsKey(RowField.SYSTEM.specName()) && !defaults.containsKey(RowField.SYSTEM)) {
            // a spec of the user's own systems: its scenarios plan that system, never silently memstore's store
            List<SystemKind> systems = new WorkloadSpec(name, source, workloads, List.of()).impliedSystems(false);
            if (systems.size() > 1) {
                throw error(m, path, "the spec's rows measure " + String.join(", ", systems.stream()
                        .map(SystemKind::specName).toList()) + " and no memstore row: which one does scenario '"
                        + scenarioName + "' plan?", "system: one of " + String.join(", ", systems.stream()
                        .map(SystemKind::specName).toList()));
            }
            if (systems.size() == 1) {
                values[RowField.SYSTEM.ordinal()] = systems.get(0);
            }
        }
        for (RowField field : PlanScenario.FIELDS) {
            NodeTuple t = f.get(field.specName());
            if (t == null) {
                continue;
            }
            Node v = t.getValueNode();
            String fieldPath = path + "." + field.specName();
            if (v instanceof SequenceNode) {
                throw error(v, fieldPath, "a scenario takes one value per field",
                        "a single value (write one scenario per configuration)");
            }
            values[field.ordinal()] = value(field, v, fieldPath);
        }
        Long machine = null;
        NodeTuple mm = f.get(PlanScenario.MACHINE_MEMORY);
        if (mm != null) {
            String p = path + "." + PlanScenario.MACHINE_MEMORY;
            String text = scalar(mm.getValueNode(), p, "a size like 4GiB");
            try {
                machine = Sizes.parseBytes(text);
            } catch (IllegalArgumentException e) {
                throw error(mm.getValueNode(), p, e.getMessage(), null);
            }
            if (machine <= 0) {
                throw error(mm.getValueNode(), p, "'" + text.strip() + "' is no memory", "a size like 4GiB");
            }
        }
        return new PlanScenario(scenarioName, RowField.params(scenarioName, values), machine,
                source + ":" + position(item));
    }

    /**
     * The values a scenario starts from: the spec's defaults, else the built-in ones, with one run, no deletes
     * and no compaction at the end whatever the defaults say (a plan sizes a loaded index); a compaction period
     * in the defaults stays, as it shapes the history the member keeps.
     */
    static Object[] scenarioDefaults(Map<RowField, Object> defaults) {
        Object[] values = new Object[RowField.values().length];
        for (RowField field : RowField.values()) {
            values[field.ordinal()] = defaults.getOrDefault(field, field.builtInDefault());
        }
        values[RowField.RUNS.ordinal()] = 1;
        values[RowField.DELETES.ordinal()] = 0.0;
        if (!(values[RowField.COMPACT.ordinal()] instanceof CompactEvery)) {
            values[RowField.COMPACT.ordinal()] = false;
        }
        return values;
    }

    private Double bound(Metric metric, Node node, String path) throws SpecException {
        if (metric.unit() == MetricUnit.BYTES) {
            String text = scalar(node, path, Sizes.SIZE_FORMS);
            try {
                return (double) Sizes.parseBytes(text);
            } catch (IllegalArgumentException e) {
                throw error(node, path, e.getMessage(), null);
            }
        }
        String expected = "a plain number (" + metric.unit().name().toLowerCase(Locale.ROOT)
                .replace('_', ' ') + ") like 1.5";
        String text = scalar(node, path, expected).strip();
        if (!NUMBER.matcher(text).matches()) {
            throw error(node, path, "'" + text + "' is not a number", expected);
        }
        double v = Double.parseDouble(text);
        if (v < 0 || Double.isInfinite(v)) {
            throw error(node, path, "'" + text + "' is " + (v < 0 ? "negative" : "too large"), expected);
        }
        return v;
    }

    /** Reads a budget's where, then refuses it when no row of the spec satisfies it, naming the field that fails. */
    private void where(Node value, String path, Map<String, Object> where, List<Row> allRows) throws SpecException {
        MappingNode m = mapping(value, path, "a mapping of row fields to values, like {workload: index, keys: 1M}");
        Map<String, NodeTuple> f = fields(m, path, WHERE_FIELDS);
        List<Row> candidates = allRows;
        StringBuilder so = new StringBuilder();
        for (Map.Entry<String, NodeTuple> e : f.entrySet()) {
            String key = e.getKey();
            String p = path + "." + key;
            Node v = e.getValue().getValueNode();
            Object parsed;
            RowField field = RowField.byName(key).orElse(null);
            if (field == null) {
                String w = scalar(v, p, "a workload name").strip();
                List<String> known = workloads.stream().map(WorkloadDef::name).toList();
                if (!known.contains(w)) {
                    throw error(v, p, "no workload '" + w + "'" + Suggestions.didYouMean(w, known),
                            "one of " + String.join(", ", known));
                }
                parsed = w;
            } else {
                if (!(v instanceof ScalarNode)) {
                    throw error(v, p, "where takes one value per field, got " + kind(v), field.expected());
                }
                parsed = value(field, v, p);
            }
            where.put(key, parsed);
            List<Row> narrowed = candidates.stream().filter(r -> Budget.holds(where, r.params())).toList();
            if (narrowed.isEmpty()) {
                Set<String> seen = new LinkedHashSet<>();
                for (Row r : candidates) {
                    seen.add(field == null ? r.params().workload() : field.format(field.get(r.params())));
                }
                String shown = key + "=" + (field == null ? parsed : field.format(parsed));
                throw error(v, p, "no row " + (so.length() == 0 ? "of the spec" : "with " + so) + " has " + shown
                        + "; those rows have " + key + " " + String.join(", ", seen),
                        "a where that matches at least one row");
            }
            so.append(so.length() == 0 ? "" : ",").append(key).append('=')
                    .append(field == null ? parsed : field.format(parsed));
            candidates = narrowed;
        }
    }

    // ---- node helpers

    /** The mapping's fields by name, in declaration order; refuses names not allowed here, suggesting one. */
    private Map<String, NodeTuple> fields(MappingNode m, String path, Collection<String> allowed)
            throws SpecException {
        Map<String, NodeTuple> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            String key = ((ScalarNode) t.getKeyNode()).getValue(); // SafeYaml refused non-scalar keys
            if (!allowed.contains(key)) {
                throw error(t.getKeyNode(), path.isEmpty() ? key : path + "." + key, "unknown field '" + key + "'"
                        + Suggestions.didYouMean(key, allowed), "one of " + String.join(", ", allowed));
            }
            out.put(key, t);
        }
        return out;
    }

    private MappingNode mapping(Node n, String path, String expected) throws SpecException {
        if (!(n instanceof MappingNode)) {
            throw error(n, path, "wrong type: " + kind(n) + " is not a mapping", expected);
        }
        return (MappingNode) n;
    }

    private SequenceNode sequence(Node n, String path, String expected) throws SpecException {
        if (!(n instanceof SequenceNode)) {
            throw error(n, path, "wrong type: " + kind(n) + " is not a list", expected);
        }
        return (SequenceNode) n;
    }

    /** A scalar's text; refuses collections and empty (null) values. */
    private String scalar(Node n, String path, String expected) throws SpecException {
        if (!(n instanceof ScalarNode)) {
            throw error(n, path, "wrong type: " + kind(n) + " is not a single value", expected);
        }
        if (n.getTag().equals(Tag.NULL)) {
            throw error(n, path, "missing value", expected);
        }
        return ((ScalarNode) n).getValue();
    }

    private Object value(RowField field, Node n, String path) throws SpecException {
        if (n instanceof MappingNode) {
            throw error(n, path, "wrong type: a mapping is not a value or a list of values", field.expected());
        }
        String text = scalar(n, path, field.expected());
        Object value;
        try {
            value = field.parse(text);
        } catch (BadValue e) {
            throw error(n, path, e.problem(), e.expected());
        }
        String className = value instanceof IndexKind index && index.isClass() ? index.specName()
                : value instanceof SystemKind system && system.isClass() ? system.specName() : null;
        if (className != null) {
            Optional<String> problem = projectClasses.problem(field, className);
            if (problem.isPresent()) {
                throw error(n, path, problem.get(), field.expected());
            }
        }
        return value;
    }

    private String name(Node n, String path) throws SpecException {
        String v = scalar(n, path, NAME_FORM).strip();
        if (!NAME.matcher(v).matches()) {
            throw error(n, path, "'" + v + "' is not a valid name", NAME_FORM);
        }
        return v;
    }

    private boolean bool(Node n, String path) throws SpecException {
        String v = scalar(n, path, "true or false").strip();
        switch (v) {
            case "true", "True", "TRUE":
                return true;
            case "false", "False", "FALSE":
                return false;
            default:
                throw error(n, path, "'" + v + "' is not a boolean", "true or false");
        }
    }

    private static String kind(Node n) {
        if (n instanceof MappingNode) {
            return "a mapping";
        }
        if (n instanceof SequenceNode) {
            return "a list";
        }
        return n.getTag().equals(Tag.NULL) ? "nothing" : "'" + ((ScalarNode) n).getValue() + "'";
    }

    private static String position(Node n) {
        Mark m = n.getStartMark();
        return (m.getLine() + 1) + ":" + (m.getColumn() + 1);
    }

    private SpecException error(Node n, String path, String problem, String expected) {
        Mark m = n.getStartMark();
        return new SpecException(source, m.getLine() + 1, m.getColumn() + 1, path == null || path.isEmpty()
                ? null : path, problem, expected);
    }
}
