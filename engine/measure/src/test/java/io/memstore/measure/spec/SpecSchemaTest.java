package io.memstore.measure.spec;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The published JSON Schema of the spec (site/src/site/resources/memstore-spec.schema.json) agrees with the code:
 * its field names and enums are the ones {@link RowField}, {@link Metric} and the enums define, and the specs the
 * docs show, and the built-in one, validate against it. Validation uses a small checker of exactly the keywords
 * the schema uses; an unknown keyword fails the test, so the checker cannot silently skip a rule.
 */
class SpecSchemaTest {
    private static final Path SITE = Path.of("../..", "site", "src", "site");
    private static final Set<String> KEYWORDS = Set.of("$schema", "$id", "title", "description", "type", "enum",
            "properties", "additionalProperties", "required", "items", "minItems", "minimum", "maximum", "pattern",
            "anyOf", "$ref", "definitions");

    @SuppressWarnings("unchecked")
    static Map<String, Object> load(String text) {
        return (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    }

    static Map<String, Object> schema() throws IOException {
        return load(Files.readString(SITE.resolve("resources/memstore-spec.schema.json")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> at(Map<String, Object> m, String... path) {
        Object v = m;
        for (String p : path) {
            v = ((Map<String, Object>) v).get(p);
        }
        return (Map<String, Object>) v;
    }

    @Test
    void namesAndEnumsAreTheCodes() throws IOException {
        Map<String, Object> s = schema();
        assertThat(at(s, "properties").keySet()).containsExactly("version", "name", "defaults", "workloads",
                "budgets", "plan");
        assertThat(at(s, "definitions", "rowField").keySet()).containsExactlyElementsOf(RowField.names());
        assertThat(at(s, "properties", "defaults", "properties").keySet()).containsExactlyElementsOf(RowField.names());
        List<String> workload = new ArrayList<>(List.of("name", "enabled"));
        workload.addAll(RowField.names());
        assertThat(at(s, "definitions", "workload", "properties").keySet()).containsExactlyElementsOf(workload);
        assertThat(at(s, "definitions", "budget", "properties", "metric").get("enum")).isEqualTo(Metric.names());
        assertThat(at(s, "definitions", "rowField", "keyPattern").get("enum"))
                .isEqualTo(Arrays.stream(KeyPattern.values()).map(KeyPattern::specName).toList());
        assertThat(at(s, "definitions", "rowField", "store").get("enum"))
                .isEqualTo(Arrays.stream(StoreKind.values()).map(StoreKind::specName).toList());
        assertThat(at(s, "definitions", "rowField", "index").get("anyOf").toString())
                .contains(IndexKind.builtIns().stream().map(IndexKind::specName).toList().toString());
        assertThat(at(s, "definitions", "budget", "properties", "level").get("enum"))
                .isEqualTo(Arrays.stream(BudgetLevel.values()).map(BudgetLevel::specName).toList());
        assertThat(at(s, "definitions", "rowField", "versions").get("maximum")).isEqualTo(SpecLimits.MAX_VERSIONS);
        assertThat(at(s, "definitions", "rowField", "runs").get("maximum")).isEqualTo(SpecLimits.MAX_RUNS);
        List<String> scenario = new ArrayList<>(List.of("name"));
        PlanScenario.FIELDS.forEach(f -> scenario.add(f.specName()));
        scenario.add(PlanScenario.MACHINE_MEMORY);
        assertThat(at(s, "definitions", "scenario", "properties").keySet()).containsExactlyElementsOf(scenario);
        // the budget fields are the reader's: each one named in the unknown-field message
        SpecException e = BadSpecTest.refusal("version: 1\nworkloads: [{name: a}]\nbudgets: [{metric: process.rss,"
                + " x: 1}]\n");
        assertThat(e.expected()).isEqualTo("one of " + String.join(", ",
                at(s, "definitions", "budget", "properties").keySet()));
    }

    @Test
    void theBuiltInSpecAndTheDocumentedSpecsValidate() throws IOException {
        Map<String, Object> s = schema();
        List<String> specs = new ArrayList<>();
        try (InputStream in = SpecLoader.class.getResourceAsStream(SpecLoader.DEFAULT_SPEC_RESOURCE)) {
            specs.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        for (String page : List.of("spec-reference.md", "capacity-planning.md")) {
            Matcher m = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL)
                    .matcher(Files.readString(SITE.resolve("markdown").resolve(page)));
            while (m.find()) {
                if (m.group(1).startsWith("version: 1")) {
                    specs.add(m.group(1));
                }
            }
        }
        assertThat(specs).hasSizeGreaterThanOrEqualTo(3);
        for (String spec : specs) {
            assertThat(validate(s, s, load(spec), "")).as("schema errors of\n%s", spec).isEmpty();
            // and memstore itself accepts them: the schema never allows less than the reader
            try {
                SpecLoader.load(spec, "doc.yaml");
            } catch (SpecException ex) {
                throw new AssertionError("documented spec refused: " + ex.getMessage(), ex);
            }
        }
    }

    @Test
    void theCheckerRefusesWhatTheSchemaForbids() throws IOException {
        Map<String, Object> s = schema();
        assertThat(validate(s, s, load("version: 1\nworkloads: [{name: a, keysize: 64B}]\n"), ""))
                .containsExactly("/workloads/0: unknown property keysize");
        assertThat(validate(s, s, load("version: 2\nworkloads: [{name: a}]\n"), ""))
                .containsExactly("/version: 2 is not one of [1]");
        assertThat(validate(s, s, load("version: 1\nworkloads: [{name: a, keySize: 64kb}]\n"), ""))
                .anyMatch(x -> x.startsWith("/workloads/0/keySize"));
        assertThat(validate(s, s, load("version: 1\nworkloads: [{name: a}]\nbudgets: [{metric: index.liveHeap}]\n"),
                "")).anyMatch(x -> x.startsWith("/budgets/0: none of"));
        assertThat(validate(s, s, load("version: 1\nworkloads: []\n"), "")).containsExactly("/workloads: fewer than 1 items");
        assertThat(validate(s, s, load("version: 1\nworkloads: [{name: a}]\nplan: [{name: p, keys: 1M, machineMemory:"
                + " 4GiB, deletes: 1%}]\n"), "")).containsExactly("/plan/0: unknown property deletes");
    }

    /** The errors of {@code value} against {@code node}, as {@code /path: problem}; empty when it validates. */
    @SuppressWarnings("unchecked")
    static List<String> validate(Map<String, Object> root, Map<String, Object> node, Object value, String path) {
        List<String> errors = new ArrayList<>();
        for (String k : node.keySet()) {
            assertThat(KEYWORDS).as("keyword %s at %s is not known to the checker", k, path).contains(k);
        }
        if (node.containsKey("$ref")) {
            Map<String, Object> target = root;
            for (String part : ((String) node.get("$ref")).substring(2).split("/")) {
                target = (Map<String, Object>) target.get(part);
            }
            return validate(root, target, value, path);
        }
        if (node.containsKey("anyOf")) {
            List<List<String>> each = new ArrayList<>();
            for (Object alt : (List<Object>) node.get("anyOf")) {
                each.add(validate(root, (Map<String, Object>) alt, value, path));
            }
            if (each.stream().noneMatch(List::isEmpty)) {
                errors.add((path.isEmpty() ? "/" : path) + ": none of the alternatives: " + each);
            }
        }
        if (node.containsKey("enum") && !((List<Object>) node.get("enum")).contains(value)) {
            errors.add(path + ": " + value + " is not one of " + node.get("enum"));
        }
        Object type = node.get("type");
        if (type != null && !hasType(value, (String) type)) {
            errors.add(path + ": " + value + " is not of type " + type);
            return errors;
        }
        if (value instanceof Number n) {
            if (node.containsKey("minimum") && n.doubleValue() < ((Number) node.get("minimum")).doubleValue()) {
                errors.add(path + ": " + n + " is below " + node.get("minimum"));
            }
            if (node.containsKey("maximum") && n.doubleValue() > ((Number) node.get("maximum")).doubleValue()) {
                errors.add(path + ": " + n + " is above " + node.get("maximum"));
            }
        }
        if (value instanceof String str && node.containsKey("pattern")
                && !Pattern.compile((String) node.get("pattern")).matcher(str).find()) {
            errors.add(path + ": '" + str + "' does not match " + node.get("pattern"));
        }
        if (value instanceof List<?> list) {
            if (node.containsKey("minItems") && list.size() < ((Number) node.get("minItems")).intValue()) {
                errors.add(path + ": fewer than " + node.get("minItems") + " items");
            }
            if (node.containsKey("items")) {
                for (int i = 0; i < list.size(); i++) {
                    errors.addAll(validate(root, (Map<String, Object>) node.get("items"), list.get(i), path + "/" + i));
                }
            }
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> props = node.containsKey("properties") ? (Map<String, Object>) node.get("properties")
                    : Map.of();
            for (String r : node.containsKey("required") ? (List<String>) node.get("required") : List.<String>of()) {
                if (!map.containsKey(r)) {
                    errors.add((path.isEmpty() ? "/" : path) + ": missing " + r);
                }
            }
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String key = String.valueOf(e.getKey());
                if (props.containsKey(key)) {
                    errors.addAll(validate(root, (Map<String, Object>) props.get(key), e.getValue(), path + "/" + key));
                } else if (Boolean.FALSE.equals(node.get("additionalProperties"))) {
                    errors.add((path.isEmpty() ? "/" : path) + ": unknown property " + key);
                }
            }
        }
        return errors;
    }

    private static boolean hasType(Object v, String type) {
        return switch (type) {
            case "object" -> v instanceof Map;
            case "array" -> v instanceof List;
            case "string" -> v instanceof String;
            case "boolean" -> v instanceof Boolean;
            case "integer" -> v instanceof Integer || v instanceof Long || v instanceof BigInteger;
            case "number" -> v instanceof Number;
            default -> throw new AssertionError("type " + type + " is not known to the checker");
        };
    }
}
