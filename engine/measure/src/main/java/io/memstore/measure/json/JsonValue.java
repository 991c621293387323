package io.memstore.measure.json;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;

import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A typed, read-only cursor over a parsed JSON document, remembering each value's path and position so every
 * error can say {@code file:line:column: field: what was expected}.
 *
 * <p>Parsing uses SnakeYAML (JSON is a subset of YAML) in its safest mode: the document is only composed into
 * a node tree, never constructed into objects, so no tag can instantiate anything; the loader limits input size,
 * nesting depth and aliases. Because YAML accepts far more than JSON, the tree is then checked to be JSON:
 * flow-style objects and arrays, double-quoted keys and strings on one line, plain scalars only as JSON numbers,
 * {@code true}, {@code false} or {@code null}, no anchors, aliases, tags or duplicate keys. One difference
 * remains: SnakeYAML does not know JSON's {@code \/} escape, so a file using it is rejected (ours never do).
 */
public final class JsonValue {
    /** Result files are small; this bounds memory when pointed at something else. */
    public static final int MAX_CODE_POINTS = 16 * 1024 * 1024;
    public static final int MAX_DEPTH = 32;

    private static final Pattern NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?");
    private static final Set<Tag> CORE_TAGS = Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL);

    private final String file;
    private final String path;
    private final Node node;

    private JsonValue(String file, String path, Node node) {
        this.file = file;
        this.path = path;
        this.node = node;
    }

    /** Parses and checks a JSON document; {@code file} names it in errors. */
    public static JsonValue parse(String text, String file) throws JsonFormatException {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(0);
        options.setAllowRecursiveKeys(false);
        options.setNestingDepthLimit(MAX_DEPTH);
        options.setCodePointLimit(MAX_CODE_POINTS);
        Yaml yaml = new Yaml(new SafeConstructor(options), new Representer(new DumperOptions()),
                new DumperOptions(), options);
        String body = text.startsWith("\ufeff") ? text.substring(1) : text;
        Node root;
        try {
            root = yaml.compose(new StringReader(body));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
            if (e.getContext() != null) {
                problem = e.getContext() + ": " + problem;
            }
            throw new JsonFormatException(file, line(mark), column(mark), "", "not valid JSON: " + problem);
        } catch (YAMLException e) {
            throw new JsonFormatException(file, 0, 0, "", "not valid JSON: " + e.getMessage());
        }
        if (root == null) {
            throw new JsonFormatException(file, 0, 0, "", "the file is empty; expected a JSON object");
        }
        JsonValue value = new JsonValue(file, "", root);
        value.checkJson(Collections.newSetFromMap(new IdentityHashMap<>()));
        return value;
    }

    /** The error at this value's position. */
    public JsonFormatException error(String problem) {
        return new JsonFormatException(file, line(node.getStartMark()), column(node.getStartMark()), path, problem);
    }

    public String path() {
        return path;
    }

    public boolean isNull() {
        return node instanceof ScalarNode s && s.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN
                && s.getValue().equals("null");
    }

    /** The object's members in file order; an error when this is not an object. */
    public Map<String, JsonValue> members() throws JsonFormatException {
        if (!(node instanceof MappingNode map)) {
            throw error("expected an object, found " + describe());
        }
        Map<String, JsonValue> members = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            String key = ((ScalarNode) t.getKeyNode()).getValue();
            members.put(key, new JsonValue(file, join(path, key), t.getValueNode()));
        }
        return members;
    }

    /**
     * A flat object of numbers, each name to its value or null for JSON null, in file order; an error at the
     * first member that is not a number or null.
     */
    public Map<String, Double> numbers() throws JsonFormatException {
        Map<String, Double> numbers = new LinkedHashMap<>();
        for (Map.Entry<String, JsonValue> e : members().entrySet()) {
            numbers.put(e.getKey(), e.getValue().nullableNumber());
        }
        return numbers;
    }

    /** An object's member that must be present. */
    public JsonValue field(String name) throws JsonFormatException {
        JsonValue v = members().get(name);
        if (v == null) {
            throw error("missing field \"" + name + "\"");
        }
        return v;
    }

    /** Fails on any member not in {@code allowed}, naming the allowed ones. */
    public void onlyFields(String... allowed) throws JsonFormatException {
        Set<String> set = Set.of(allowed);
        for (Map.Entry<String, JsonValue> e : members().entrySet()) {
            if (!set.contains(e.getKey())) {
                throw e.getValue().error("unknown field; expected one of " + String.join(", ", allowed));
            }
        }
    }

    public List<JsonValue> elements() throws JsonFormatException {
        if (!(node instanceof SequenceNode seq)) {
            throw error("expected an array, found " + describe());
        }
        List<JsonValue> items = new ArrayList<>();
        for (int i = 0; i < seq.getValue().size(); i++) {
            items.add(new JsonValue(file, path + "[" + i + "]", seq.getValue().get(i)));
        }
        return items;
    }

    public String string() throws JsonFormatException {
        if (node instanceof ScalarNode s && s.getScalarStyle() == DumperOptions.ScalarStyle.DOUBLE_QUOTED) {
            return s.getValue();
        }
        throw error("expected a string, found " + describe());
    }

    /** A string, or null for JSON null. */
    public String nullableString() throws JsonFormatException {
        return isNull() ? null : string();
    }

    public boolean bool() throws JsonFormatException {
        if (node instanceof ScalarNode s && s.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN
                && (s.getValue().equals("true") || s.getValue().equals("false"))) {
            return s.getValue().equals("true");
        }
        throw error("expected true or false, found " + describe());
    }

    public double number() throws JsonFormatException {
        String text = numberText();
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d)) {
            throw error("number " + text + " is out of range");
        }
        return d;
    }

    /** A number, or NaN for JSON null (how NaN was written). */
    public double numberOrNaN() throws JsonFormatException {
        return isNull() ? Double.NaN : number();
    }

    /** A number, or null for JSON null. */
    public Double nullableNumber() throws JsonFormatException {
        return isNull() ? null : number();
    }

    public long longValue() throws JsonFormatException {
        String text = numberText();
        BigDecimal d = new BigDecimal(text);
        if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
            throw error("expected a whole number, found " + text);
        }
        try {
            return d.longValueExact();
        } catch (ArithmeticException e) {
            throw error("expected a whole number that fits in 64 bits, found " + text);
        }
    }

    public int intValue() throws JsonFormatException {
        long v = longValue();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw error("expected a whole number that fits in 32 bits, found " + v);
        }
        return (int) v;
    }

    private String numberText() throws JsonFormatException {
        if (node instanceof ScalarNode s && s.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN
                && NUMBER.matcher(s.getValue()).matches()) {
            return s.getValue();
        }
        throw error("expected a number, found " + describe());
    }

    private String describe() {
        if (node instanceof MappingNode) {
            return "an object";
        }
        if (node instanceof SequenceNode) {
            return "an array";
        }
        ScalarNode s = (ScalarNode) node;
        if (s.getScalarStyle() == DumperOptions.ScalarStyle.DOUBLE_QUOTED) {
            return "the string " + JsonWriter.quote(s.getValue());
        }
        String v = s.getValue();
        if (v.equals("null")) {
            return "null";
        }
        return NUMBER.matcher(v).matches() ? "the number " + v : v;
    }

    /** Rejects the YAML that is not JSON, at its position (see the class comment). */
    private void checkJson(Set<Node> seen) throws JsonFormatException {
        if (!seen.add(node) || node.getAnchor() != null) {
            throw error("not JSON: YAML anchors and aliases are not allowed");
        }
        if (!CORE_TAGS.contains(node.getTag()) && !(node instanceof MappingNode && node.getTag().equals(Tag.MAP))
                && !(node instanceof SequenceNode && node.getTag().equals(Tag.SEQ))) {
            throw error("not JSON: YAML tag " + node.getTag() + " is not allowed");
        }
        if (node instanceof MappingNode map) {
            if (map.getFlowStyle() != DumperOptions.FlowStyle.FLOW) {
                throw error("not JSON: expected an object in braces {...}, found a YAML block mapping");
            }
            Set<String> keys = new HashSet<>();
            for (NodeTuple t : map.getValue()) {
                JsonValue key = new JsonValue(file, path, t.getKeyNode());
                if (!(t.getKeyNode() instanceof ScalarNode k)
                        || k.getScalarStyle() != DumperOptions.ScalarStyle.DOUBLE_QUOTED) {
                    throw key.error("not JSON: object keys must be double-quoted strings");
                }
                key.checkString(k);
                if (!keys.add(k.getValue())) {
                    throw new JsonValue(file, join(path, k.getValue()), k).error("duplicate key");
                }
                new JsonValue(file, join(path, k.getValue()), t.getValueNode()).checkJson(seen);
            }
        } else if (node instanceof SequenceNode seq) {
            if (seq.getFlowStyle() != DumperOptions.FlowStyle.FLOW) {
                throw error("not JSON: expected an array in brackets [...], found a YAML block sequence");
            }
            for (JsonValue item : elements()) {
                item.checkJson(seen);
            }
        } else {
            ScalarNode s = (ScalarNode) node;
            switch (s.getScalarStyle()) {
                case DOUBLE_QUOTED -> checkString(s);
                case PLAIN -> {
                    String v = s.getValue();
                    if (!v.equals("true") && !v.equals("false") && !v.equals("null")
                            && !NUMBER.matcher(v).matches()) {
                        throw error("not JSON: expected a string in double quotes, a number, true, false or null,"
                                + " found " + v);
                    }
                }
                default -> throw error("not JSON: strings must be in double quotes");
            }
        }
    }

    /** A raw line break inside a JSON string is invalid (YAML would silently fold it into a space). */
    private void checkString(ScalarNode s) throws JsonFormatException {
        if (s.getStartMark().getLine() != s.getEndMark().getLine()) {
            throw new JsonValue(file, path, s).error("not JSON: raw line break inside a string (write \\n)");
        }
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static int line(Mark mark) {
        return mark == null ? 0 : mark.getLine() + 1;
    }

    private static int column(Mark mark) {
        return mark == null ? 0 : mark.getColumn() + 1;
    }
}
