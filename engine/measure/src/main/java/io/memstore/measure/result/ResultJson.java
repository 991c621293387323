package io.memstore.measure.result;

import io.memstore.measure.json.JsonFormatException;
import io.memstore.measure.json.NumberText;
import io.memstore.measure.json.JsonWriter;
import io.memstore.measure.json.JsonValue;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.budget.BaselineComparison;
import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.budget.ClassGrowth;
import io.memstore.measure.budget.RegressionOutcome;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.model.Residual;
import io.memstore.measure.model.Weighting;
import io.memstore.measure.probe.MeasuredStore;
import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.spec.CompactEvery;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.LoadShape;
import io.memstore.measure.spec.ValueSizeRange;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.RowField;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.Shard;
import io.memstore.measure.spec.Sizes;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.StoreSettings;
import io.memstore.store.Durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code memstore.json}: the complete {@link RunResult}, the file other tools read. Layout (keys in this order):
 * <pre>
 * {"schemaVersion": 1, "started" (the run's start, ISO-8601 UTC, or null), "spec": {"name", "file"}, "environment": {"java", "jvmArgs": [...], "os", "cpus",
 *  "store": {"version", "source" (project or plugin), "artifact"} or null},
 *  "rows": [{"name", "workload", "params": {one member per {@link RowField}, named and valued as
 *            {@link RowField#resultValue} gives it: "keys", "versions", "keySize", ... "batchInterval" (ms)},
 *            "metrics": {...}, "spread": {...}, "runs", "account": {@link RowAccount} (what grew, by class and by
 *            native memory category) or null, "notes": [what the row's measurement left out]}],
 *  "model": {"c1", "c2", "pointer", "relativeRmsError", "residuals": [{"row", "measured", "predicted",
 *            "relativeError"}], "seed": {"c1": 120, "c2": 30}, "index", "weighting", "note"} or null,
 *  "budgets": [{"metric", "row", "max", "min", "actual", "headroom", "passed", "judged", "level", "message"}],
 *  "baseline": {"file", "found", "spec", "note", "regressions": [{"metric", "row", "baseline", "actual", "delta",
 *               "relativeDelta", "maxIncrease", "maxIncreaseBytes", "noise", "status", "passed", "level",
 *               "message", "classGrowth": {"note", "changes": [{"class", "baseline", "actual", "delta"}]} (B per key,
 *               heap metrics only) or null}]} or null,
 *  "incomplete": {"row", "reason", "selected"} (the row that stopped the run; a null row and 0 selected for the
 *                 record a run writes as it starts, which says that it has not written its results) or null,
 *  "shard": {"index", "count", "rows": [...], "selected", "digest", "scale", "only", "memstore", "machineMemory",
 *            "jvmArgs": [...], "settleMillis", "gets"} (only in one shard's result, see {@link ShardMark}),
 *  "passed"}
 * </pre>
 * {@code baseline}, the store options of {@code params}, {@code environment.store}, a budget's {@code judged}
 * (false for a budget listed but not judged, see {@link BudgetOutcome#judged}), {@code started},
 * {@code incomplete}, a row's {@code account} and {@code notes} and a regression's {@code classGrowth} were added
 * within schemaVersion 1 (additions readers can ignore); files written before them have no such keys and read as
 * complete results that were not compared with a baseline, with default store options, every budget judged, no
 * start time and rows without an account or notes.
 * {@code metrics} lists every row metric, null for one the platform could not give; {@code spread} lists the
 * measured ones. Byte quantities are integers when whole; NaN (an undetermined coefficient) is null.
 */
public final class ResultJson {
    /** The file name the run writes. */
    public static final String FILE_NAME = "memstore.json";

    private ResultJson() {
    }

    /** Writes the result atomically (see {@link AtomicFiles}). */
    public static void write(RunResult result, Path file) throws IOException {
        AtomicFiles.write(file, toJson(result));
    }

    /** The JSON text of a result. */
    public static String toJson(RunResult result) {
        return JsonWriter.write(tree(result));
    }

    /** Reads a result written by {@link #write}; malformed files raise a {@link JsonFormatException}. */
    public static RunResult read(Path file) throws IOException {
        String text;
        try {
            // A strict decoder: a corrupt file is an error, not text with replacement characters.
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new JsonFormatException(file.toString(), 0, 0, "", "not valid UTF-8");
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no result file here; run memstore:check first");
        }
        return parse(text, file.toString());
    }

    /** Parses JSON text; {@code fileName} names it in errors. */
    public static RunResult parse(String text, String fileName) throws JsonFormatException {
        JsonValue root = JsonValue.parse(text, fileName);
        root.members(); // an object at the top, or a clear error
        JsonValue version = root.field("schemaVersion");
        long v = version.longValue();
        if (v != RunResult.SCHEMA_VERSION) {
            throw version.error("schemaVersion " + v + " is not supported; this memstore reads schemaVersion "
                    + RunResult.SCHEMA_VERSION);
        }
        root.onlyFields("schemaVersion", "started", "spec", "environment", "rows", "model", "budgets", "baseline",
                "incomplete", "shard", "passed");
        JsonValue shardValue = root.members().get("shard");
        ShardMark shard = shardValue == null || shardValue.isNull() ? null : readShard(shardValue);
        JsonValue startedValue = root.members().get("started");
        String started = startedValue == null ? null : startedValue.nullableString();
        JsonValue incompleteValue = root.members().get("incomplete");
        RunFailure failure = incompleteValue == null || incompleteValue.isNull() ? null : readFailure(incompleteValue);

        JsonValue spec = root.field("spec");
        spec.onlyFields("name", "file");
        JsonValue env = root.field("environment");
        env.onlyFields("java", "jvmArgs", "os", "cpus", "store");
        List<String> jvmArgs = new ArrayList<>();
        for (JsonValue arg : env.field("jvmArgs").elements()) {
            jvmArgs.add(arg.string());
        }
        JsonValue cpus = env.field("cpus");
        JsonValue storeValue = env.members().get("store");
        MeasuredStore store = storeValue == null || storeValue.isNull() ? null : readStore(storeValue);
        Environment environment = build(cpus, () -> new Environment(env.field("java").string(), jvmArgs,
                env.field("os").string(), cpus.intValue(), store));

        List<RowResult> rows = new ArrayList<>();
        for (JsonValue row : root.field("rows").elements()) {
            rows.add(readRow(row));
        }
        JsonValue modelValue = root.field("model");
        ModelFit model = modelValue.isNull() ? null : readModel(modelValue);
        List<BudgetOutcome> budgets = new ArrayList<>();
        for (JsonValue outcome : root.field("budgets").elements()) {
            budgets.add(readOutcome(outcome));
        }
        JsonValue baselineValue = root.members().get("baseline");
        BaselineComparison baseline = baselineValue == null || baselineValue.isNull() ? null
                : readBaseline(baselineValue);
        JsonValue rowsValue = root.field("rows");
        RunResult result = build(rowsValue, () -> new RunResult(spec.field("name").string(),
                spec.field("file").string(), environment, rows, model, budgets, baseline, started, failure, shard));
        JsonValue passed = root.field("passed");
        if (passed.bool() != result.passed()) {
            throw passed.error("says " + passed.bool() + " but the budgets say " + result.passed());
        }
        return result;
    }

    // ---- writing: RunResult -> ordered tree of maps, lists and scalars ----

    private static Map<String, Object> tree(RunResult r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schemaVersion", r.schemaVersion());
        root.put("started", r.started());
        root.put("spec", map("name", r.specName(), "file", r.specFile()));
        Environment e = r.environment();
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("java", e.java());
        env.put("jvmArgs", e.jvmArgs());
        env.put("os", e.os());
        env.put("cpus", e.cpus());
        Map<String, Object> store = null;
        if (e.store() != null) {
            store = map("version", e.store().version(), "source", e.store().source());
            store.put("artifact", e.store().artifact());
        }
        env.put("store", store);
        root.put("environment", env);
        root.put("rows", r.rows().stream().map(ResultJson::rowTree).toList());
        root.put("model", r.model() == null ? null : modelTree(r.model()));
        root.put("budgets", r.budgets().stream().map(ResultJson::outcomeTree).toList());
        root.put("baseline", r.baseline() == null ? null : baselineTree(r.baseline()));
        RunFailure f = r.failure();
        Map<String, Object> incomplete = null;
        if (f != null) {
            incomplete = map("row", f.row(), "reason", f.reason());
            incomplete.put("selected", f.selected());
        }
        root.put("incomplete", incomplete);
        if (r.shard() != null) {
            root.put("shard", shardTree(r.shard()));
        }
        root.put("passed", r.passed());
        return root;
    }

    private static Map<String, Object> rowTree(RowResult row) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", row.name());
        m.put("workload", row.workload());
        RowParams p = row.params();
        Map<String, Object> params = new LinkedHashMap<>();
        for (RowField field : RowField.values()) {
            params.put(field.specName(), field.resultValue(p));
        }
        m.put("params", params);
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (Metric metric : Metric.rowMetrics()) {
            Double v = row.metrics().get(metric.metricName());
            metrics.put(metric.metricName(), v == null ? null : number(metric, v));
        }
        m.put("metrics", metrics);
        Map<String, Object> spread = new LinkedHashMap<>();
        row.spread().forEach((name, v) -> spread.put(name, number(Metric.rowMetric(name), v)));
        m.put("spread", spread);
        m.put("runs", row.runs());
        m.put(RowAccount.FIELD, row.account() == null ? null : row.account().tree());
        m.put("notes", row.notes());
        return m;
    }

    private static Map<String, Object> shardTree(ShardMark mark) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", mark.shard().index());
        m.put("count", mark.shard().count());
        m.put("rows", mark.rows());
        m.put("selected", mark.selected());
        m.put("digest", mark.digest());
        m.put("scale", NumberText.of(mark.scale(), false));
        m.put("only", mark.only());
        m.put("memstore", mark.memstore());
        m.put("machineMemory", mark.machineMemory());
        m.put("jvmArgs", mark.jvmArgs());
        m.put("settleMillis", mark.settleMillis());
        m.put("gets", mark.gets());
        return m;
    }

    private static Map<String, Object> modelTree(ModelFit fit) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("c1", NumberText.of(fit.c1(), false));
        m.put("c2", NumberText.of(fit.c2(), false));
        m.put("pointer", fit.pointer());
        m.put("relativeRmsError", NumberText.of(fit.relativeRmsError(), false));
        m.put("residuals", fit.residuals().stream().map(r -> {
            Map<String, Object> res = new LinkedHashMap<>();
            res.put("row", r.row());
            res.put("measured", NumberText.of(r.measured(), true));
            res.put("predicted", NumberText.of(r.predicted(), true));
            res.put("relativeError", NumberText.of(r.relativeError(), false));
            return res;
        }).toList());
        m.put("seed", map("c1", MemoryModel.SEED_C1, "c2", MemoryModel.SEED_C2));
        m.put("index", fit.index().specName());
        m.put("weighting", fit.weighting().specName());
        m.put("note", fit.note());
        return m;
    }

    private static Map<String, Object> outcomeTree(BudgetOutcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("metric", o.metric().metricName());
        m.put("row", o.row());
        m.put("max", number(o.metric(), o.max()));
        m.put("min", number(o.metric(), o.min()));
        m.put("actual", number(o.metric(), o.actual()));
        m.put("headroom", number(o.metric(), o.headroom()));
        m.put("passed", o.passed());
        m.put("judged", o.judged());
        m.put("level", o.level().specName());
        m.put("message", o.message());
        return m;
    }

    private static Map<String, Object> baselineTree(BaselineComparison b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", b.file());
        m.put("found", b.found());
        m.put("spec", b.specName());
        m.put("note", b.note());
        m.put("regressions", b.outcomes().stream().map(o -> {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("metric", o.metric().metricName());
            r.put("row", o.row());
            r.put("baseline", number(o.metric(), o.baseline()));
            r.put("actual", number(o.metric(), o.actual()));
            r.put("delta", number(o.metric(), o.delta()));
            r.put("relativeDelta", o.relativeDelta() == null ? null : NumberText.of(o.relativeDelta(), false));
            r.put("maxIncrease", o.maxIncrease() == null ? null : NumberText.of(o.maxIncrease(), false));
            r.put("maxIncreaseBytes", number(o.metric(), o.maxIncreaseBytes()));
            r.put("noise", number(o.metric(), o.noise()));
            r.put("status", o.status().specName());
            r.put("passed", o.passed());
            r.put("level", o.level().specName());
            r.put("message", o.message());
            r.put("classGrowth", o.classGrowth() == null ? null : classGrowthTree(o.classGrowth()));
            return r;
        }).toList());
        return m;
    }

    private static Map<String, Object> classGrowthTree(ClassGrowth g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("note", g.note());
        m.put("changes", g.changes().stream().map(c -> {
            Map<String, Object> change = new LinkedHashMap<>();
            change.put("class", c.className());
            change.put("baseline", c.baseline() == null ? null : perKey(c.baseline()));
            change.put("actual", c.actual() == null ? null : perKey(c.actual()));
            change.put("delta", perKey(c.delta()));
            return change;
        }).toList());
        return m;
    }

    /** Bytes per key to 0.01 B. */
    private static Number perKey(double v) {
        return NumberText.of(Math.round(v * 100) / 100.0, false);
    }

    private static ClassGrowth readClassGrowth(JsonValue g) throws JsonFormatException {
        g.onlyFields("note", "changes");
        List<ClassGrowth.Change> changes = new ArrayList<>();
        for (JsonValue c : g.field("changes").elements()) {
            c.onlyFields("class", "baseline", "actual", "delta");
            changes.add(new ClassGrowth.Change(c.field("class").string(), c.field("baseline").nullableNumber(),
                    c.field("actual").nullableNumber()));
        }
        return new ClassGrowth(changes, g.field("note").nullableString());
    }

    private static Number number(Metric metric, Double value) {
        return value == null ? null : NumberText.of(value, metric.unit().integralWhenWhole());
    }

    private static Map<String, Object> map(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    // ---- reading: checked JSON tree -> model, every error at its position ----

    private static RowResult readRow(JsonValue row) throws JsonFormatException {
        row.onlyFields("name", "workload", "params", "metrics", "spread", "runs", RowAccount.FIELD, "notes");
        JsonValue accountValue = row.members().get(RowAccount.FIELD); // absent in files written before it
        RowAccount account = accountValue == null || accountValue.isNull() ? null : RowAccount.read(accountValue);
        JsonValue p = row.field("params");
        p.onlyFields(RowField.names().toArray(String[]::new));
        String workload = row.field("workload").string();
        StoreSettings settings = readSettings(p);
        int[] valueSize = valueSize(p);
        Object compact = textOr(p, RowField.COMPACT, v -> v.bool());
        RowParams params = build(p, () -> RowParams.builder(workload).keys(param(p, RowField.KEYS).longValue())
                .versions(param(p, RowField.VERSIONS).intValue()).keySize(param(p, RowField.KEY_SIZE).intValue())
                .valueSize(valueSize[0]).keyPattern(choice(p, RowField.KEY_PATTERN, KeyPattern.values()))
                .store(choice(p, RowField.STORE, StoreKind.values())).index(index(param(p, RowField.INDEX)))
                .seed(param(p, RowField.SEED).longValue()).runs(param(p, RowField.RUNS).intValue())
                .deletes(param(p, RowField.DELETES).number()).compact(Boolean.TRUE.equals(compact)).settings(settings)
                // files written before other systems were measured hold memstore rows only
                .system(p.members().containsKey(RowField.SYSTEM.specName())
                        ? system(param(p, RowField.SYSTEM)) : SystemKind.MEMSTORE)
                .snapshotCount(p.members().containsKey(RowField.SNAPSHOT_COUNT.specName())
                        ? param(p, RowField.SNAPSHOT_COUNT).longValue() : RowParams.DEFAULT_SNAPSHOT_COUNT)
                .shape(new LoadShape(valueSize[1], compact instanceof CompactEvery e ? e.revisions() : 0,
                        optional(p, RowField.LEASES) ? param(p, RowField.LEASES).longValue() : 0,
                        optional(p, RowField.LEASED_KEYS) ? param(p, RowField.LEASED_KEYS).number() : 0,
                        optional(p, RowField.WATCHERS) ? param(p, RowField.WATCHERS).intValue() : 0))
                .build());
        Map<String, Double> metrics = readMetrics(row.field("metrics"));
        Map<String, Double> spread = readMetrics(row.field("spread"));
        List<String> notes = new ArrayList<>();
        JsonValue notesValue = row.members().get("notes"); // absent in files written before notes
        if (notesValue != null) {
            for (JsonValue note : notesValue.elements()) {
                notes.add(note.string());
            }
        }
        return build(row, () -> new RowResult(row.field("name").string(), params, metrics, spread,
                row.field("runs").intValue(), account, notes));
    }

    private static Map<String, Double> readMetrics(JsonValue object) throws JsonFormatException {
        Map<String, Double> metrics = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : object.members().entrySet()) {
            if (Metric.byName(e.getKey()).filter(m -> !m.isModel()).isEmpty()) {
                throw e.getValue().error("unknown row metric; known: " + String.join(", ",
                        Metric.rowMetrics().stream().map(Metric::metricName).toList()));
            }
            metrics.put(e.getKey(), e.getValue().nullableNumber());
        }
        return metrics;
    }

    private static ModelFit readModel(JsonValue m) throws JsonFormatException {
        m.onlyFields("c1", "c2", "pointer", "relativeRmsError", "residuals", "seed", "index", "weighting", "note");
        JsonValue seed = m.field("seed");
        seed.onlyFields("c1", "c2");
        seed.field("c1").number();
        seed.field("c2").number();
        List<Residual> residuals = new ArrayList<>();
        for (JsonValue r : m.field("residuals").elements()) {
            r.onlyFields("row", "measured", "predicted", "relativeError");
            residuals.add(new Residual(r.field("row").string(), r.field("measured").numberOrNaN(),
                    r.field("predicted").numberOrNaN(), r.field("relativeError").numberOrNaN()));
        }
        JsonValue weighting = m.field("weighting");
        Weighting w = build(weighting, () -> Weighting.bySpecName(weighting.string()));
        return build(m, () -> new ModelFit(index(m.field("index")),
                m.field("pointer").intValue(), w, m.field("c1").numberOrNaN(), m.field("c2").numberOrNaN(),
                m.field("relativeRmsError").numberOrNaN(), residuals, m.field("note").nullableString()));
    }

    private static BudgetOutcome readOutcome(JsonValue o) throws JsonFormatException {
        o.onlyFields("metric", "row", "max", "min", "actual", "headroom", "passed", "judged", "level", "message");
        JsonValue judgedValue = o.members().get("judged"); // absent in files written before it: judged
        boolean judged = judgedValue == null || judgedValue.bool();
        JsonValue metricValue = o.field("metric");
        String metricName = metricValue.string();
        Metric metric = Metric.byName(metricName).orElseThrow(() -> metricValue.error("unknown metric; known: "
                + String.join(", ", Arrays.stream(Metric.values()).map(Metric::metricName).toList())));
        JsonValue level = o.field("level");
        BudgetLevel l = build(level, () -> BudgetLevel.bySpecName(level.string()));
        return build(o, () -> new BudgetOutcome(metric, o.field("row").string(), o.field("max").nullableNumber(),
                o.field("min").nullableNumber(), o.field("actual").nullableNumber(),
                o.field("headroom").nullableNumber(), o.field("passed").bool(), l, o.field("message").string(),
                judged));
    }

    private static ShardMark readShard(JsonValue m) throws JsonFormatException {
        m.onlyFields("index", "count", "rows", "selected", "digest", "scale", "only", "memstore", "machineMemory",
                "jvmArgs", "settleMillis", "gets");
        List<String> rows = new ArrayList<>();
        for (JsonValue row : m.field("rows").elements()) {
            rows.add(row.string());
        }
        List<String> jvmArgs = new ArrayList<>();
        for (JsonValue arg : m.field("jvmArgs").elements()) {
            jvmArgs.add(arg.string());
        }
        JsonValue count = m.field("count");
        Shard shard = build(count, () -> new Shard(m.field("index").intValue(), count.intValue()));
        return build(m, () -> new ShardMark(shard, rows, m.field("selected").intValue(), m.field("digest").string(),
                m.field("scale").number(), m.field("only").nullableString(), m.field("memstore").string(),
                m.field("machineMemory").longValue(), jvmArgs, m.field("settleMillis").longValue(),
                m.field("gets").intValue()));
    }

    private static RunFailure readFailure(JsonValue f) throws JsonFormatException {
        f.onlyFields("row", "reason", "selected");
        return build(f, () -> new RunFailure(f.field("row").nullableString(), f.field("reason").string(),
                f.field("selected").intValue()));
    }

    private static BaselineComparison readBaseline(JsonValue b) throws JsonFormatException {
        b.onlyFields("file", "found", "spec", "note", "regressions");
        List<RegressionOutcome> outcomes = new ArrayList<>();
        for (JsonValue o : b.field("regressions").elements()) {
            o.onlyFields("metric", "row", "baseline", "actual", "delta", "relativeDelta", "maxIncrease",
                    "maxIncreaseBytes", "noise", "status", "passed", "level", "message", "classGrowth");
            JsonValue growthValue = o.members().get("classGrowth"); // absent in files written before it
            ClassGrowth growth = growthValue == null || growthValue.isNull() ? null : readClassGrowth(growthValue);
            JsonValue metricValue = o.field("metric");
            Metric metric = build(metricValue, () -> Metric.rowMetric(metricValue.string()));
            JsonValue level = o.field("level");
            BudgetLevel l = build(level, () -> BudgetLevel.bySpecName(level.string()));
            JsonValue status = o.field("status");
            RegressionOutcome.Status s = build(status, () -> RegressionOutcome.Status.bySpecName(status.string()));
            outcomes.add(build(o, () -> new RegressionOutcome(metric, o.field("row").string(),
                    o.field("baseline").nullableNumber(), o.field("actual").nullableNumber(),
                    o.field("delta").nullableNumber(), o.field("relativeDelta").nullableNumber(),
                    o.field("maxIncrease").nullableNumber(), o.field("maxIncreaseBytes").nullableNumber(),
                    o.field("noise").nullableNumber(), s, o.field("passed").bool(), l,
                    o.field("message").string(), growth)));
        }
        return build(b, () -> new BaselineComparison(b.field("file").string(), b.field("found").bool(),
                b.field("spec").nullableString(), b.field("note").nullableString(), outcomes));
    }

    /** The constant of {@code values} whose spec name the string is, or an error listing them. */
    /**
     * The store options of a row; files written before they were recorded have none of them and read as the
     * defaults the probe used then ({@link StoreSettings#DEFAULTS}).
     */
    private static StoreSettings readSettings(JsonValue p) throws JsonFormatException {
        StoreSettings d = StoreSettings.DEFAULTS;
        Map<String, JsonValue> present = p.members();
        if (!present.containsKey(RowField.LEAF_CAPACITY.specName())) {
            return d;
        }
        JsonValue cache = param(p, RowField.SQLITE_CACHE);
        long cacheBytes = cache.longValue();
        if (cacheBytes % Sizes.KIB != 0) {
            throw cache.error(RowField.SQLITE_CACHE.specName() + " must be a whole number of KiB, was " + cacheBytes
                    + " B");
        }
        return build(p, () -> new StoreSettings(param(p, RowField.LEAF_CAPACITY).intValue(),
                choice(p, RowField.DURABILITY, Durability.values()), Math.toIntExact(cacheBytes / Sizes.KIB),
                param(p, RowField.READ_CONNECTIONS).intValue(), param(p, RowField.BATCH_LIMIT).intValue(),
                param(p, RowField.BATCH_BYTES).longValue(), param(p, RowField.BATCH_INTERVAL).longValue()));
    }

    /** A row parameter of {@code params}, by the field's spec name. */
    /** True when the params hold the field (files of rows without leases or watchers may leave them out). */
    private static boolean optional(JsonValue params, RowField field) throws JsonFormatException {
        return params.members().containsKey(field.specName());
    }

    /** The value size as {min, max} (equal for a fixed size, written as a number; a range is written as text). */
    private static int[] valueSize(JsonValue params) throws JsonFormatException {
        Object v = textOr(params, RowField.VALUE_SIZE, JsonValue::intValue);
        return v instanceof ValueSizeRange r ? new int[] {r.min(), r.max()} : new int[] {(Integer) v, (Integer) v};
    }

    /** A field written as the spec writes it (text) or as a plain JSON value, read by {@code plain}. */
    private static Object textOr(JsonValue params, RowField field, Read plain)
            throws JsonFormatException {
        JsonValue v = param(params, field);
        String text;
        try {
            text = v.string();
        } catch (JsonFormatException notText) {
            return plain.apply(v);
        }
        try {
            return field.parseValue(text);
        } catch (IllegalArgumentException e) {
            throw v.error(e.getMessage());
        }
    }

    private static JsonValue param(JsonValue params, RowField field) throws JsonFormatException {
        return params.field(field.specName());
    }

    /** A choice parameter, by the name the field prints for each value. */
    private static <E> E choice(JsonValue params, RowField field, E[] values) throws JsonFormatException {
        return named(param(params, field), values, field::format);
    }

    private static MeasuredStore readStore(JsonValue v) throws JsonFormatException {
        v.onlyFields("version", "source", "artifact");
        return build(v, () -> new MeasuredStore(v.field("version").string(), v.field("source").string(),
                v.field("artifact").string()));
    }

    private static SystemKind system(JsonValue value) throws JsonFormatException {
        String s = value.string();
        try {
            return SystemKind.of(s);
        } catch (IllegalArgumentException e) {
            throw value.error(e.getMessage() + "; expected " + SystemKind.FORMS);
        }
    }

    private static IndexKind index(JsonValue value) throws JsonFormatException {
        String s = value.string();
        try {
            return IndexKind.of(s);
        } catch (IllegalArgumentException e) {
            throw value.error(e.getMessage() + "; expected " + IndexKind.FORMS);
        }
    }

    private static <E> E named(JsonValue value, E[] values, Function<E, String> specName)
            throws JsonFormatException {
        String s = value.string();
        List<String> names = new ArrayList<>();
        for (E e : values) {
            if (specName.apply(e).equals(s)) {
                return e;
            }
            names.add(specName.apply(e));
        }
        throw value.error("unknown value " + JsonWriter.quote(s) + "; expected one of " + String.join(", ", names));
    }

    /** A value-building step that may throw either a format error or a model's IllegalArgumentException. */
    private interface Step<T> {
        T get() throws JsonFormatException;
    }

    /** Reads a plain JSON value. */
    private interface Read {
        Object apply(JsonValue v) throws JsonFormatException;
    }

    /** Runs a step, turning the model's own validation errors into format errors at {@code at}. */
    private static <T> T build(JsonValue at, Step<T> step) throws JsonFormatException {
        try {
            return step.get();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw at.error(e.getMessage() != null ? e.getMessage() : e.toString());
        }
    }
}
