package io.memstore.report;

/**
 * Escaping for text that goes into HTML or SVG. Every string that comes from a spec or a result file (spec, row
 * and workload names, budget messages, JVM flags) passes through here before it is written as markup, so a name
 * like {@code <script>} is shown, never run.
 */
public final class Markup {
    /** What replaces characters that XML 1.0 cannot carry at all (most C0 controls, lone surrogates). */
    static final char REPLACEMENT = '\uFFFD';

    private Markup() {
    }

    /**
     * The text escaped for element content and for attribute values in double or single quotes:
     * {@code & < > " '} become entities; characters XML cannot carry become U+FFFD. Null becomes "".
     */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        sb.append(c).append(text.charAt(++i));
                    } else if (allowed(c)) {
                        sb.append(c);
                    } else {
                        sb.append(REPLACEMENT);
                    }
                }
            }
        }
        return sb.toString();
    }

    /** XML 1.0's Char production, for one UTF-16 unit that is not part of a surrogate pair. */
    private static boolean allowed(char c) {
        if (c == '\t' || c == '\n' || c == '\r') {
            return true;
        }
        if (c < 0x20 || Character.isSurrogate(c)) {
            return false;
        }
        return c != '\uFFFE' && c != '\uFFFF';
    }
}
