package io.memstore.measure.probe;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The probe's result format: one flat JSON object of metric name to number or null, for example
 * {@code {"index.liveHeap": 123456, "process.rss": null}}. Small enough to write and read by hand, so the
 * engine needs no JSON library; the reader accepts exactly this shape (any whitespace, string keys with
 * simple escapes, numbers, null) and rejects anything else with the offending position.
 */
public final class FlatJson {
    private FlatJson() {
    }

    /** The object, keys in the map's order; longs print as integers, non-finite doubles as null. */
    public static String write(Map<String, ? extends Number> metrics) {
        StringBuilder sb = new StringBuilder("{\n");
        int n = 0;
        for (Map.Entry<String, ? extends Number> e : metrics.entrySet()) {
            sb.append("  \"").append(escape(e.getKey())).append("\": ").append(number(e.getValue()));
            sb.append(++n < metrics.size() ? ",\n" : "\n");
        }
        return sb.append("}\n").toString();
    }

    private static String number(Number value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return Long.toString(value.longValue());
        }
        double d = value.doubleValue();
        if (!Double.isFinite(d)) {
            return "null";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * Parses a flat object into name to value (null for JSON null), in the text's order.
     *
     * @throws IllegalArgumentException naming the character position and what was expected
     */
    public static Map<String, Double> parse(String text) {
        return new Reader(text).object();
    }

    private static final class Reader {
        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        Map<String, Double> object() {
            Map<String, Double> out = new LinkedHashMap<>();
            expect('{');
            skipSpace();
            if (peek() == '}') {
                at++;
            } else {
                while (true) {
                    String key = string();
                    if (out.containsKey(key)) {
                        throw error("a new name (\"" + key + "\" appears twice)");
                    }
                    expect(':');
                    out.put(key, value());
                    skipSpace();
                    char c = peek();
                    at++;
                    if (c == '}') {
                        break;
                    }
                    if (c != ',') {
                        at--;
                        throw error("',' or '}'");
                    }
                }
            }
            skipSpace();
            if (at != text.length()) {
                throw error("the end of the text");
            }
            return out;
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (at >= text.length()) {
                    throw error("a closing '\"'");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c == '\\') {
                    if (at >= text.length()) {
                        throw error("an escape");
                    }
                    char e = text.charAt(at++);
                    switch (e) {
                        case '"', '\\', '/' -> sb.append(e);
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        case 'u' -> {
                            if (at + 4 > text.length()) {
                                throw error("four hex digits");
                            }
                            try {
                                sb.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                            } catch (NumberFormatException ex) {
                                throw error("four hex digits");
                            }
                            at += 4;
                        }
                        default -> {
                            at--;
                            throw error("a valid escape");
                        }
                    }
                } else {
                    sb.append(c);
                }
            }
        }

        private Double value() {
            skipSpace();
            if (text.startsWith("null", at)) {
                at += 4;
                return null;
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            if (start == at) {
                throw error("a number or null");
            }
            try {
                return Double.parseDouble(text.substring(start, at));
            } catch (NumberFormatException e) {
                at = start;
                throw error("a number or null");
            }
        }

        private void expect(char c) {
            skipSpace();
            if (peek() != c) {
                throw error("'" + c + "'");
            }
            at++;
        }

        private char peek() {
            return at < text.length() ? text.charAt(at) : '\0';
        }

        private void skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        private IllegalArgumentException error(String expected) {
            String found = at < text.length() ? "'" + text.charAt(at) + "'" : "the end of the text";
            return new IllegalArgumentException("probe result, character " + (at + 1) + ": expected " + expected
                    + ", found " + found);
        }
    }
}
