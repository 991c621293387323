package io.memstore.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * The speed ratios from JMH's JSON results ({@code -rf json -rff FILE}), for every {@code keys} value found: B-tree
 * get and put throughput over the reference index's and the store's ingest rate over the raw insert's, each beside
 * its bound in {@link PerformanceTargets}, and the store's get over a raw SQLite point select of the same rows,
 * which has no bound. Missing halves of a pair are skipped. {@link ProcessFigures} runs it ({@code ratios FILE}).
 * The put rate is {@link IndexBenchmark}'s {@code puts} counter (puts per second); the ingest rate is N over
 * the single-shot time of one ingest. The JSON is read with SnakeYAML's safe loader (JSON is YAML), already a
 * dependency of the engine: the project has no JSON library.
 */
final class Ratios {
    private static final String GET = IndexBenchmark.class.getName() + ".get";
    private static final String PUT = IndexBenchmark.class.getName() + ".put";
    private static final String STORE = IngestBenchmark.class.getName() + ".store";
    private static final String RAW = IngestBenchmark.class.getName() + ".raw";
    private static final String STORE_GET = StoreGetBenchmark.class.getName() + ".get";
    private static final String POINT_SELECT = RawPointSelectBenchmark.class.getName() + ".select";

    /** One JMH result: the benchmark's full name, its parameters, primary and secondary scores. */
    record Result(String benchmark, Map<String, String> params, Score primary, Map<String, Score> secondary) {
    }

    /** A score with JMH's unit: {@code ops/<time>} for throughput, {@code <time>/op} for times. */
    record Score(double value, String unit) {
        /** Operations per second, from a throughput score. */
        double perSecond(String where) {
            String[] parts = unit.split("/");
            if (parts.length != 2 || !parts[0].equals("ops")) {
                throw new IllegalArgumentException(where + ": expected a throughput unit ops/<time>, was " + unit);
            }
            return value / seconds(parts[1], where);
        }

        /** Seconds per operation, from a time score. */
        double secondsPerOp(String where) {
            String[] parts = unit.split("/");
            if (parts.length != 2 || !parts[1].equals("op")) {
                throw new IllegalArgumentException(where + ": expected a time unit <time>/op, was " + unit);
            }
            return value * seconds(parts[0], where);
        }

        private static double seconds(String timeUnit, String where) {
            return switch (timeUnit) {
                case "ns" -> 1e-9;
                case "us" -> 1e-6;
                case "ms" -> 1e-3;
                case "s" -> 1;
                case "min" -> 60;
                case "hr" -> 3600;
                case "day" -> 86400;
                default -> throw new IllegalArgumentException(where + ": unknown time unit '" + timeUnit + "'");
            };
        }
    }

    private Ratios() {
    }

    /** The lines of the report, grouped by keys (ascending); empty when no pair is complete. */
    static List<String> report(List<Result> results) {
        return report(results, PerformanceTargets.load());
    }

    /** As {@link #report(List)}, against {@code targets}. */
    static List<String> report(List<Result> results, PerformanceTargets targets) {
        TreeSet<Integer> sizes = new TreeSet<>();
        for (Result r : results) {
            String keys = r.params().get("keys");
            if (keys != null && keys.matches("[0-9]{1,9}")) {
                sizes.add(Integer.parseInt(keys));
            }
        }
        List<String> lines = new ArrayList<>();
        for (int keys : sizes) {
            List<String> block = new ArrayList<>();
            String k = Integer.toString(keys);
            Optional<Double> getB = find(results, GET, k, "btree").map(r -> r.primary().perSecond(where(r)));
            Optional<Double> getR = find(results, GET, k, "reference").map(r -> r.primary().perSecond(where(r)));
            pair(block, "get", "btree", getB, "reference", getR, "ops/s", targets.get("get"));
            Optional<Double> putB = find(results, PUT, k, "btree").map(r -> putsPerSecond(r, keys));
            Optional<Double> putR = find(results, PUT, k, "reference").map(r -> putsPerSecond(r, keys));
            pair(block, "put", "btree", putB, "reference", putR, "puts/s", targets.get("put"));
            Optional<Double> store = find(results, STORE, k, null).map(r -> keys / r.primary().secondsPerOp(where(r)));
            Optional<Double> raw = find(results, RAW, k, null).map(r -> keys / r.primary().secondsPerOp(where(r)));
            pair(block, "ingest", "store", store, "raw", raw, "rows/s", targets.get("ingest"));
            Optional<Double> storeGet = find(results, STORE_GET, k, null).map(r -> r.primary().perSecond(where(r)));
            Optional<Double> select = find(results, POINT_SELECT, k, null).map(r -> r.primary().perSecond(where(r)));
            pair(block, "read", "store", storeGet, "select", select, "ops/s", targets.get("read"));
            if (!block.isEmpty()) {
                lines.add("keys=" + keys);
                lines.addAll(block);
            }
        }
        return lines;
    }

    private static double putsPerSecond(Result r, int keys) {
        Score puts = r.secondary().get("puts");
        return puts != null ? puts.perSecond(where(r) + ": puts") : keys * r.primary().perSecond(where(r));
    }

    /** A line for a pair, when both halves were measured; {@code target} null: the ratio is only reported. */
    private static void pair(List<String> block, String what, String aName, Optional<Double> a, String bName,
                             Optional<Double> b, String unit, PerformanceTargets.Target target) {
        if (a.isEmpty() || b.isEmpty()) {
            return;
        }
        double ratio = a.get() / b.get();
        String verdict = target == null ? "(no target)" : target.verdict(ratio);
        block.add(String.format(Locale.ROOT, "  %-7s %-6s %,14.0f %-7s %-10s %,14.0f %-7s %s/%s %.2f %s",
                what, aName, a.get(), unit, bName, b.get(), unit, aName, bName, ratio, verdict));
    }

    private static Optional<Result> find(List<Result> results, String benchmark, String keys, String index) {
        return results.stream()
                .filter(r -> r.benchmark().equals(benchmark) && keys.equals(r.params().get("keys"))
                        && (index == null || index.equals(r.params().get("index"))))
                .findFirst();
    }

    private static String where(Result r) {
        return r.benchmark() + " " + r.params();
    }

    /** Reads JMH's JSON result file. */
    static List<Result> read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot be read: " + e.getMessage());
        }
        return parse(text, file.toString());
    }

    /** Parses JMH's JSON results; {@code name} names the input in errors. */
    static List<Result> parse(String text, String name) {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(64 << 20);
        Object root;
        try {
            root = new Yaml(new SafeConstructor(options)).load(text);
        } catch (MarkedYAMLException e) {
            throw new IllegalArgumentException(name + ":" + (e.getProblemMark().getLine() + 1) + ":"
                    + (e.getProblemMark().getColumn() + 1) + ": not JSON: " + e.getProblem());
        } catch (YAMLException e) {
            throw new IllegalArgumentException(name + ": not JSON: " + e.getMessage());
        }
        if (!(root instanceof List<?> list)) {
            throw new IllegalArgumentException(name + ": expected a JSON array of JMH results (the file that"
                    + " -rf json -rff FILE writes), found " + describe(root));
        }
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String at = name + ": result [" + i + "]";
            Map<?, ?> entry = map(list.get(i), at);
            String benchmark = string(entry.get("benchmark"), at + ".benchmark");
            at = at + " (" + benchmark + ")";
            Map<String, String> params = new LinkedHashMap<>();
            Object p = entry.get("params");
            if (p != null) {
                for (Map.Entry<?, ?> e : map(p, at + ".params").entrySet()) {
                    params.put(String.valueOf(e.getKey()), String.valueOf(e.getValue()));
                }
            }
            Score primary = score(entry.get("primaryMetric"), at + ".primaryMetric");
            Map<String, Score> secondary = new LinkedHashMap<>();
            Object s = entry.get("secondaryMetrics");
            if (s != null) {
                for (Map.Entry<?, ?> e : map(s, at + ".secondaryMetrics").entrySet()) {
                    secondary.put(String.valueOf(e.getKey()),
                            score(e.getValue(), at + ".secondaryMetrics." + e.getKey()));
                }
            }
            results.add(new Result(benchmark, params, primary, secondary));
        }
        return results;
    }

    private static Score score(Object metric, String at) {
        Map<?, ?> m = map(metric, at);
        Object v = m.get("score");
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException(at + ".score: expected a number, found " + describe(v));
        }
        return new Score(n.doubleValue(), string(m.get("scoreUnit"), at + ".scoreUnit"));
    }

    private static Map<?, ?> map(Object o, String at) {
        if (o instanceof Map<?, ?> m) {
            return m;
        }
        throw new IllegalArgumentException(at + ": expected a JSON object, found " + describe(o));
    }

    private static String string(Object o, String at) {
        if (o instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException(at + ": expected a string, found " + describe(o));
    }

    private static String describe(Object o) {
        if (o == null) {
            return "nothing (null or missing)";
        }
        if (o instanceof Map) {
            return "an object";
        }
        if (o instanceof List) {
            return "an array";
        }
        return o instanceof String s ? "the string \"" + s + "\"" : o.toString();
    }
}
