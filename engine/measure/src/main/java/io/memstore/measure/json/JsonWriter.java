package io.memstore.measure.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * A small JSON writer for trees of {@code Map<String, ?>} (written in iteration order), {@code List<?>},
 * {@code String}, {@code Number}, {@code Boolean} and {@code null}.
 *
 * <p>Output is pretty-printed with two-space indents; a container of scalars only whose items take at most
 * about {@value #INLINE_WIDTH} characters stays on one line. NaN and infinities are written as {@code null} (JSON has
 * neither). Strings escape quote, backslash and every control character, and also U+2028/U+2029, C1 controls,
 * U+FEFF, U+FFFE/U+FFFF and unpaired surrogates: JSON allows some of these raw, but JavaScript and YAML readers
 * (which {@link JsonValue} uses) would alter or reject them.
 */
public final class JsonWriter {
    private static final int INLINE_WIDTH = 100;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonWriter() {
    }

    /** The tree as a JSON document ending in a newline. */
    public static String write(Object tree) {
        StringBuilder out = new StringBuilder();
        value(tree, 0, out);
        return out.append('\n').toString();
    }

    /** One JSON string literal, quotes included. */
    public static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2);
        quote(s, out);
        return out.toString();
    }

    private static void value(Object v, int indent, StringBuilder out) {
        if (v instanceof Map<?, ?> map) {
            container(map.entrySet().stream().map(e -> (Object) e).toList(), '{', '}', indent, out);
        } else if (v instanceof List<?> list) {
            container(list, '[', ']', indent, out);
        } else {
            scalar(v, out);
        }
    }

    /** Writes a map's entries or a list's items, inline when they are all scalars and short enough. */
    private static void container(List<?> items, char open, char close, int indent, StringBuilder out) {
        if (items.isEmpty()) {
            out.append(open).append(close);
            return;
        }
        boolean scalars = items.stream().allMatch(i -> isScalar(i instanceof Map.Entry<?, ?> e ? e.getValue() : i));
        if (scalars) {
            StringBuilder line = new StringBuilder().append(open);
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    line.append(", ");
                }
                item(items.get(i), indent, line);
            }
            line.append(close);
            if (line.length() + indent <= INLINE_WIDTH) {
                out.append(line);
                return;
            }
        }
        out.append(open).append('\n');
        for (int i = 0; i < items.size(); i++) {
            out.append("  ".repeat(indent + 1));
            item(items.get(i), indent + 1, out);
            out.append(i + 1 < items.size() ? ",\n" : "\n");
        }
        out.append("  ".repeat(indent)).append(close);
    }

    private static void item(Object item, int indent, StringBuilder out) {
        if (item instanceof Map.Entry<?, ?> e) {
            if (!(e.getKey() instanceof String key)) {
                throw new IllegalArgumentException("JSON object keys must be strings, got " + e.getKey());
            }
            quote(key, out);
            out.append(": ");
            value(e.getValue(), indent, out);
        } else {
            value(item, indent, out);
        }
    }

    private static boolean isScalar(Object v) {
        return !(v instanceof Map) && !(v instanceof List);
    }

    private static void scalar(Object v, StringBuilder out) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof Boolean b) {
            out.append(b);
        } else if (v instanceof String s) {
            quote(s, out);
        } else if (v instanceof Double || v instanceof Float || v instanceof Long || v instanceof Integer
                || v instanceof Short || v instanceof Byte || v instanceof BigInteger) {
            out.append(NumberText.text((Number) v));
        } else if (v instanceof BigDecimal d) {
            out.append(d.toString());
        } else {
            throw new IllegalArgumentException("cannot write a " + v.getClass().getName() + " as JSON");
        }
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (needsEscape(c)) {
                        out.append("\\u").append(HEX[c >> 12 & 15]).append(HEX[c >> 8 & 15])
                                .append(HEX[c >> 4 & 15]).append(HEX[c & 15]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean needsEscape(char c) {
        return c < 0x20 || c >= 0x7f && c <= 0x9f || c == '\u2028' || c == '\u2029' || c == '\ufeff'
                || c == '\ufffe' || c == '\uffff' || Character.isSurrogate(c);
    }
}
