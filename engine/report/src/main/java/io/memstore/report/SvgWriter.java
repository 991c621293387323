package io.memstore.report;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * Writes SVG markup with every attribute value and text escaped by {@link Markup}, and checks that elements are
 * closed in order, so a chart is always one well-formed element.
 */
final class SvgWriter {
    private final StringBuilder out = new StringBuilder(8192);
    private final Deque<String> open = new ArrayDeque<>();

    /** Opens an element; {@code attributes} are name, value pairs. */
    SvgWriter start(String element, String... attributes) {
        tag(element, attributes);
        out.append('>');
        open.push(element);
        return this;
    }

    /** An element without content. */
    SvgWriter empty(String element, String... attributes) {
        tag(element, attributes);
        out.append("/>");
        return this;
    }

    /** An element holding only text, like {@code <text x="1">label</text>}. */
    SvgWriter textElement(String element, String text, String... attributes) {
        start(element, attributes);
        text(text);
        return end(element);
    }

    SvgWriter text(String text) {
        out.append(Markup.escape(text));
        return this;
    }

    SvgWriter end(String element) {
        String top = open.poll();
        if (!element.equals(top)) {
            throw new IllegalStateException("closing <" + element + "> but <" + top + "> is open");
        }
        out.append("</").append(element).append('>');
        return this;
    }

    /** The markup; every element must be closed. */
    String finish() {
        if (!open.isEmpty()) {
            throw new IllegalStateException("unclosed elements: " + open);
        }
        return out.toString();
    }

    /** A coordinate with at most one decimal and no trailing ".0": {@code 12}, {@code 12.5}. */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("coordinate is not finite: " + v);
        }
        double r = Math.round(v * 10) / 10.0;
        return r == Math.rint(r) ? Long.toString((long) r) : String.format(Locale.ROOT, "%.1f", r);
    }

    private void tag(String element, String... attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes must be name, value pairs");
        }
        out.append('<').append(element);
        for (int i = 0; i < attributes.length; i += 2) {
            out.append(' ').append(attributes[i]).append("=\"").append(Markup.escape(attributes[i + 1]))
                    .append('"');
        }
    }
}
