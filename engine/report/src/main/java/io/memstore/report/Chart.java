package io.memstore.report;

import java.util.Objects;

/**
 * A chart as a complete, self-contained SVG element whose every text is already escaped (the chart classes
 * build it), with a title and a caption saying what is drawn and in which units.
 *
 * @param title   short title, unescaped
 * @param caption what the lines or bars are and their units, unescaped
 * @param svg     the {@code <svg>} element, ready to be written as raw markup
 */
public record Chart(String title, String caption, String svg) implements Block {
    public Chart {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(caption, "caption");
        Objects.requireNonNull(svg, "svg");
        if (!svg.startsWith("<svg ") || !svg.endsWith("</svg>")) {
            throw new IllegalArgumentException("chart '" + title + "' is not one <svg> element");
        }
    }

    @Override
    public void accept(Visitor visitor) {
        visitor.chart(this);
    }
}
