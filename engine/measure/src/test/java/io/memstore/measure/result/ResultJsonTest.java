package io.memstore.measure.result;

import io.memstore.measure.json.JsonFormatException;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.model.MemoryModel;
import io.memstore.measure.model.ModelFit;
import io.memstore.measure.spec.IndexKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ResultJsonTest {
    @TempDir
    Path dir;

    @Test
    void roundTripsEveryField() throws IOException {
        RunResult run = TestRows.sampleRun();
        Path file = dir.resolve("memstore.json");

        ResultJson.write(run, file);
        RunResult back = ResultJson.read(file);

        assertThat(back).isEqualTo(run);
        assertThat(back.passed()).isEqualTo(run.passed()).isFalse();
        assertThat(back.model().c1()).isEqualTo(run.model().c1());
        assertThat(back.rows().get(3).name()).contains("\u2028");
        // Writing what was read gives the same bytes: nothing is lost or reformatted.
        assertThat(ResultJson.toJson(back)).isEqualTo(Files.readString(file));
    }

    @Test
    void aShardsMarkRoundTripsAndComesBeforePassed() throws IOException {
        RunResult sample = TestRows.sampleRun();
        ShardMark mark = new ShardMark(new io.memstore.measure.spec.Shard(2, 3), List.of("a", "b"), 7, "ab12", 0.01,
                "index/*", "0.1.0", Long.MAX_VALUE, List.of("-Xss2m"), 0, 2000);
        RunResult shard = new RunResult("s", "f", sample.environment(), sample.rows(), null, List.of())
                .withShard(mark);
        Path file = dir.resolve("memstore.json");
        ResultJson.write(shard, file);
        assertThat(ResultJson.read(file)).isEqualTo(shard);
        Map<String, Object> root = loadAsMaps(Files.readString(file));
        assertThat(root.keySet()).containsExactly("schemaVersion", "started", "spec", "environment", "rows", "model",
                "budgets", "baseline", "incomplete", "shard", "passed");
        assertThat(map(root, "shard").keySet()).containsExactly("index", "count", "rows", "selected", "digest",
                "scale", "only", "memstore", "machineMemory", "jvmArgs", "settleMillis", "gets");
        // a shard of 3 in a file that says 4 of 3 is refused at its place
        String bad = Files.readString(file).replace("\"index\": 2", "\"index\": 4");
        assertThatThrownBy(() -> ResultJson.parse(bad, "x.json")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("x.json:").hasMessageContaining("memstore.shard");
    }

    @Test
    void undeterminedCoefficientsAndAMissingModelRoundTripAsNull() throws IOException {
        RunResult sample = TestRows.sampleRun();
        ModelFit singular = new MemoryModel().fit(List.of(TestRows.heapRow(1000, 2, 8, 1e5)), IndexKind.BTREE);
        RunResult withSingular = new RunResult("s", "f", sample.environment(), sample.rows(), singular, List.of());
        String json = ResultJson.toJson(withSingular);
        assertThat(json).contains("\"c2\": null");
        RunResult back = ResultJson.parse(json, "x.json");
        assertThat(back.model().c2()).isNaN();
        assertThat(back.model().note()).isEqualTo(singular.note());

        RunResult noModel = new RunResult("s", "f", sample.environment(), List.of(), null, List.of());
        assertThat(ResultJson.toJson(noModel)).contains("\"model\": null");
        assertThat(ResultJson.parse(ResultJson.toJson(noModel), "x.json")).isEqualTo(noModel);
    }

    @Test
    void keysAreInTheDocumentedOrder() {
        Map<String, Object> root = loadAsMaps(ResultJson.toJson(TestRows.sampleRun()));

        assertThat(root.keySet()).containsExactly("schemaVersion", "started", "spec", "environment", "rows", "model",
                "budgets", "baseline", "incomplete", "passed");
        assertThat(map(root, "spec").keySet()).containsExactly("name", "file");
        assertThat(map(root, "environment").keySet()).containsExactly("java", "jvmArgs", "os", "cpus", "store");
        Map<String, Object> row = first(root, "rows");
        assertThat(row.keySet()).containsExactly("name", "workload", "params", "metrics", "spread", "runs", "account",
                "notes");
        assertThat(map(row, "params").keySet()).containsExactly("system", "keys", "versions", "keySize", "valueSize",
                "keyPattern", "store", "index", "seed", "runs", "deletes", "compact", "leafCapacity", "durability",
                "sqliteCache", "readConnections", "batchLimit", "batchBytes", "batchInterval", "snapshotCount", "leases",
                "leasedKeys", "watchers");
        assertThat(map(row, "metrics").keySet()).containsExactlyElementsOf(
                Metric.rowMetrics().stream().map(Metric::metricName).toList());
        Map<String, Object> model = map(root, "model");
        assertThat(model.keySet()).containsExactly("c1", "c2", "pointer", "relativeRmsError", "residuals", "seed",
                "index", "weighting", "note");
        assertThat(first(model, "residuals").keySet()).containsExactly("row", "measured", "predicted",
                "relativeError");
        assertThat(map(model, "seed")).containsExactly(Map.entry("c1", 120), Map.entry("c2", 30));
        assertThat(first(root, "budgets").keySet()).containsExactly("metric", "row", "max", "min", "actual",
                "headroom", "passed", "judged", "level", "message");
    }

    @Test
    void wholeBytesAreIntegersAndOtherNumbersAreDecimals() {
        String json = ResultJson.toJson(TestRows.sampleRun());

        assertThat(json).contains("\"schemaVersion\": 1,")
                .contains("\"index.liveHeap\": 18350080,")
                .contains("\"index.allocated\": 73400320,") // given as the double 7.340032E7
                .contains("\"store.fileSize\": 0,")
                .contains("\"index.liveHeap\": 190000000.5,")
                .contains("\"load.putsPerSecond\": 800000.0,")
                .contains("\"deletes\": 0.0,")
                .contains("\"pointer\": 8,")
                .contains("\"max\": 104857600,")
                .contains("\"process.rssAnon\": null,")
                .contains("\"spread\": {\"index.liveHeap\": 4096, \"load.seconds\": 0.0125}")
                .contains("\"cpus\": 2")
                .doesNotContain("NaN", "Infinity");
        assertThat(json).containsPattern("\"c1\": -?[0-9]+\\.[0-9]+");
    }

    @Test
    void writesAtomicallyAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("out/memstore.json");
        ResultJson.write(TestRows.sampleRun(), file);
        Files.writeString(dir.resolve("out/other.txt"), "keep");
        RunResult empty = new RunResult("e", "f", TestRows.sampleRun().environment(), List.of(), null, List.of());

        ResultJson.write(empty, file);

        assertThat(ResultJson.read(file)).isEqualTo(empty);
        try (var files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("memstore.json",
                    "other.txt");
        }
    }

    @Test
    void wrongSchemaVersionIsRejectedBeforeAnythingElse() {
        JsonFormatException e = parseError("{\"schemaVersion\": 2, \"whatever\": []}");
        assertThat(e).hasMessage("bad.json:1:19: schemaVersion: schemaVersion 2 is not supported;"
                + " this memstore reads schemaVersion 1");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(19);
        assertThat(e.field()).isEqualTo("schemaVersion");

        assertThat(parseError("{\"spec\": {}}")).hasMessage("bad.json:1:1: missing field \"schemaVersion\"");
        assertThat(parseError("{\"schemaVersion\": \"1\"}")).hasMessageContaining(
                "schemaVersion: expected a number, found the string \"1\"");
    }

    @Test
    void malformedJsonNamesLineAndColumn() {
        String valid = ResultJson.toJson(TestRows.sampleRun());
        String truncated = valid.substring(0, valid.length() / 2);
        JsonFormatException e = parseError(truncated);
        assertThat(e.getMessage()).startsWith("bad.json:").contains("not valid JSON");
        assertThat(e.line()).isGreaterThan(1);

        assertThat(parseError("")).hasMessage("bad.json: the file is empty; expected a JSON object");
        assertThat(parseError("[1, 2]")).hasMessage("bad.json:1:1: expected an object, found an array");
        assertThat(parseError("{\"schemaVersion\": 1,\n \"a\": 1, \"a\": 2}").getMessage())
                .isEqualTo("bad.json:2:10: a: duplicate key");
        assertThat(parseError("{\"schemaVersion\": 1, \"x\": 'single'}").getMessage())
                .contains("1:27: x: not JSON: strings must be in double quotes");
        assertThat(parseError("schemaVersion: 1\n").getMessage())
                .contains("not JSON: expected an object in braces");
        assertThat(parseError("{\"schemaVersion\": 1, \"x\": yes}").getMessage())
                .contains("x: not JSON: expected a string in double quotes, a number, true, false or null, found yes");
        assertThat(parseError("{\"schemaVersion\": 1, \"x\": 0x1F}").getMessage()).contains("found 0x1F");
        assertThat(parseError("{\"schemaVersion\": 1, \"x\": &a 1, \"y\": *a}").getMessage())
                .contains("1:27: x: not JSON: YAML anchors and aliases are not allowed");
        // Aliased collections are refused by SnakeYAML's own limit already.
        assertThat(parseError("{\"schemaVersion\": 1, \"x\": &a [1], \"y\": *a}").getMessage())
                .contains("not valid JSON: Number of aliases");
        assertThat(parseError("{\"schemaVersion\": 1, \"x\": !!binary \"AA==\"}").getMessage())
                .contains("x: not JSON: YAML tag");
        assertThat(parseError("{\"schemaVersion\": 1, \"x\": \"two\nlines\"}").getMessage())
                .contains("raw line break inside a string");
        assertThat(parseError("{\"schemaVersion\": 1, x: 1}").getMessage())
                .contains("object keys must be double-quoted");
    }

    @Test
    void wrongTypesAndUnknownNamesPointAtTheField() {
        String valid = ResultJson.toJson(TestRows.sampleRun());
        String badKeys = valid.replaceFirst("\"keys\": 100000", "\"keys\": \"many\"");
        JsonFormatException e = parseError(badKeys);
        int line = lineOf(badKeys, "\"keys\": \"many\"");
        assertThat(e).hasMessage("bad.json:" + line + ":17: rows[0].params.keys: expected a number, found the"
                + " string \"many\"");

        assertThat(parseError(valid.replaceFirst("\"versions\": 1,", "\"versions\": 1.5,")).getMessage())
                .contains("rows[0].params.versions: expected a whole number, found 1.5");
        assertThat(parseError(valid.replaceFirst("\"versions\": 1,", "\"versions\": 1e10,")).getMessage())
                .contains("rows[0].params.versions: expected a whole number that fits in 32 bits, found 10000000000");
        assertThat(parseError(valid.replaceFirst("\"keyPattern\": \"random\"", "\"keyPattern\": \"shuffled\""))
                .getMessage()).contains("rows[0].params.keyPattern: unknown value \"shuffled\";"
                + " expected one of random, sequential, hierarchical");
        assertThat(parseError(valid.replaceFirst("\"process.rss\": 80000000", "\"process.RSS\": 80000000"))
                .getMessage()).contains("rows[0].metrics.process.RSS: unknown row metric; known: index.liveHeap");
        assertThat(parseError(valid.replaceFirst("\"runs\": 3", "\"runz\": 3")).getMessage())
                .contains("rows[0].runz: unknown field; expected one of name, workload, params");
        assertThat(parseError(valid.replaceFirst("\"level\": \"warn\"", "\"level\": \"fatal\"")).getMessage())
                .contains("budgets[3].level: unknown budget level 'fatal'; expected error or warn");
        assertThat(parseError(valid.replaceFirst(",\n  \"passed\": false", "")).getMessage())
                .contains("missing field \"passed\"");
        assertThat(parseError(valid.replace("\"cpus\": 2", "\"cpus\": 0")).getMessage())
                .contains("environment.cpus: cpus must be at least 1, got 0");
    }

    @Test
    void aPassedFlagThatContradictsTheBudgetsIsRejected() {
        String valid = ResultJson.toJson(TestRows.sampleRun());
        assertThat(parseError(valid.replace("\"passed\": false\n}", "\"passed\": true\n}")).getMessage())
                .contains("passed: says true but the budgets say false");
    }

    @Test
    void unreadableFilesGetClearErrors() throws IOException {
        Path missing = dir.resolve("nope.json");
        assertThatThrownBy(() -> ResultJson.read(missing)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining("nope.json").hasMessageContaining("no result file here");

        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\"schemaVersion\": 1, \"x\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> ResultJson.read(latin1)).isInstanceOf(JsonFormatException.class)
                .hasMessage(latin1 + ": not valid UTF-8");

        Path withBom = dir.resolve("bom.json");
        Files.writeString(withBom, "\ufeff" + ResultJson.toJson(TestRows.sampleRun()));
        assertThat(ResultJson.read(withBom)).isEqualTo(TestRows.sampleRun());
    }

    @Test
    void deepNestingIsLimited() {
        String deep = "{\"schemaVersion\": 1, \"x\": " + "[".repeat(200) + "]".repeat(200) + "}";
        assertThat(parseError(deep).getMessage()).contains("not valid JSON");
    }

    private static JsonFormatException parseError(String json) {
        return catchThrowableOfType(JsonFormatException.class, () -> ResultJson.parse(json, "bad.json"));
    }

    private static int lineOf(String text, String needle) {
        String before = text.substring(0, text.indexOf(needle));
        return (int) before.chars().filter(c -> c == '\n').count() + 1;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> loadAsMaps(String json) {
        LoaderOptions options = new LoaderOptions();
        return (Map<String, Object>) new Yaml(new SafeConstructor(options)).load(json);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> m, String key) {
        return (Map<String, Object>) m.get(key);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> first(Map<String, Object> m, String key) {
        return ((List<Map<String, Object>>) m.get(key)).get(0);
    }
}
