package io.memstore.measure.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A titled table of already-formatted cells, rendered either as aligned plain text (console) or as a Markdown
 * table. Both renderings come from the same cells, so the console and {@code memstore.md} cannot disagree.
 */
public final class TextTable {
    private final String title;
    private final List<String> headers = new ArrayList<>();
    private final List<Boolean> rightAligned = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(String title) {
        this.title = title;
    }

    /** Adds a column; numbers are right-aligned, text left-aligned. */
    public TextTable column(String header, boolean right) {
        if (!rows.isEmpty()) {
            throw new IllegalStateException("columns must be added before rows");
        }
        headers.add(header);
        rightAligned.add(right);
        return this;
    }

    public TextTable row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, table has " + headers.size()
                    + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public String title() {
        return title;
    }

    /** The column headers, left to right. */
    public List<String> headers() {
        return Collections.unmodifiableList(headers);
    }

    /** Per column: true when it holds numbers (right-aligned). */
    public List<Boolean> rightAligned() {
        return Collections.unmodifiableList(rightAligned);
    }

    /** The formatted cells, one list per row, as many cells as columns. */
    public List<List<String>> rows() {
        return Collections.unmodifiableList(rows);
    }

    /** Title line, header, a dashed rule and the rows, columns padded to their widest cell. */
    public List<String> aligned() {
        int[] width = new int[headers.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = headers.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], printable(row.get(c)).length());
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add(printable(title));
        lines.add(line(headers, width));
        List<String> rule = new ArrayList<>();
        for (int w : width) {
            rule.add("-".repeat(w));
        }
        lines.add(line(rule, width));
        for (List<String> row : rows) {
            lines.add(line(row, width));
        }
        return lines;
    }

    private String line(List<String> cells, int[] width) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                sb.append("  ");
            }
            String cell = printable(cells.get(c));
            String pad = " ".repeat(width[c] - cell.length());
            sb.append(rightAligned.get(c) ? pad + cell : cell + pad);
        }
        return sb.toString().stripTrailing();
    }

    /** A Markdown table (no title): header, alignment row, rows; pipes in cells escaped. */
    public List<String> markdown() {
        List<String> lines = new ArrayList<>();
        lines.add(markdownLine(headers));
        List<String> align = new ArrayList<>();
        for (boolean right : rightAligned) {
            align.add(right ? "---:" : ":---");
        }
        lines.add("|" + String.join("|", align) + "|");
        for (List<String> row : rows) {
            lines.add(markdownLine(row));
        }
        return lines;
    }

    /**
     * The text with line breaks and tabs as spaces and other invisible controls as backslash-u escapes: a cell must
     * stay on its line and keep the columns aligned, whatever a row name holds.
     */
    public static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r' || c == '\t') {
                sb.append(' ');
            } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || c == '\ufeff') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String markdownLine(List<String> cells) {
        StringBuilder sb = new StringBuilder("|");
        for (String cell : cells) {
            sb.append(' ').append(printable(cell).replace("\\", "\\\\").replace("|", "\\|")).append(" |");
        }
        return sb.toString();
    }
}
