package io.memstore.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a chart's legend entries go: left to right in rows, an entry moving to the next row when it would pass
 * the right edge, so that no text runs into the next marker. Widths are estimated from the text's length, since
 * an SVG written on the server cannot measure its text: {@link #CHAR_WIDTH} is above the average advance of
 * Helvetica and Arial at {@link #FONT_SIZE} px (about 6 px for lower case, 8 for capitals), so the estimate
 * errs wide. An entry wider than a whole row is shortened with an ellipsis; its full text stays in the chart's
 * tooltips.
 */
final class Legend {
    static final int FONT_SIZE = 12;
    static final double CHAR_WIDTH = 6.8;
    static final int ROW_HEIGHT = 20;
    private static final double GAP = 18;

    /** One entry: its text (perhaps shortened) and the top left corner of its swatch. */
    record Entry(String text, double x, double y) {
    }

    /** The entries, and the height the legend takes. */
    record Layout(List<Entry> entries, int height) {
    }

    private Legend() {
    }

    /**
     * Lays out {@code labels} between {@code left} and {@code right}, starting at {@code top}; each entry is a
     * swatch {@code swatch} px wide, 6 px of space, then its text.
     */
    static Layout layout(List<String> labels, double left, double right, double top, double swatch) {
        List<Entry> entries = new ArrayList<>();
        double x = left;
        int row = 0;
        double textRoom = right - left - swatch - 6;
        for (String label : labels) {
            String text = fit(label, textRoom);
            double width = swatch + 6 + textWidth(text);
            if (x > left && x + width > right) {
                row++;
                x = left;
            }
            entries.add(new Entry(text, x, top + row * ROW_HEIGHT));
            x += width + GAP;
        }
        return new Layout(entries, labels.isEmpty() ? 0 : (row + 1) * ROW_HEIGHT);
    }

    /** The estimated width of {@code text} at the legend's font size. */
    static double textWidth(String text) {
        return text.length() * CHAR_WIDTH;
    }

    /** {@code text}, or its start and an ellipsis when it is wider than {@code room}. */
    static String fit(String text, double room) {
        int max = (int) Math.floor(room / CHAR_WIDTH);
        if (text.length() <= max) {
            return text;
        }
        return text.substring(0, Math.max(max - 1, 1)) + "\u2026";
    }
}
