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
    private int keyColumns = 1;

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

    /**
     * Says that the first {@code count} columns name a row (like N, versions, key size): a table too wide for its
     * page goes on in blocks that each begin with them again. One by default.
     */
    public TextTable keyColumns(int count) {
        if (count < 1 || count > headers.size()) {
            throw new IllegalArgumentException("key columns must be 1 to " + headers.size() + ", was " + count);
        }
        keyColumns = count;
        return this;
    }

    /** How many of the first columns name a row ({@link #keyColumns(int)}). */
    public int keyColumns() {
        return keyColumns;
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
        return aligned(Integer.MAX_VALUE);
    }

    /**
     * As {@link #aligned()}, in lines of at most {@code maxWidth} characters where the columns allow: a table wider
     * than that goes on in blocks under the first, each after an empty line and beginning with the key columns
     * again, which name the rows ({@link #keyColumns(int)}); a column wider than the room beside them stands alone
     * in its block.
     */
    public List<String> aligned(int maxWidth) {
        int[] width = new int[headers.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = headers.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], printable(row.get(c)).length());
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add(printable(title));
        int keys = Math.min(keyColumns, width.length);
        int keyWidth = -2;
        for (int c = 0; c < keys; c++) {
            keyWidth += 2 + width[c];
        }
        if (keys > 1 && keys < width.length && keyWidth + 2 + width[keys] > maxWidth) {
            keys = 1; // the key columns leave no room beside them: the first alone names the rows
            keyWidth = width[0];
        }
        int from = keys;
        do {
            List<Integer> block = new ArrayList<>();
            for (int c = 0; c < keys; c++) {
                block.add(c);
            }
            int used = keyWidth;
            while (from < width.length && (block.size() == keys || used + 2 + width[from] <= maxWidth)) {
                used += 2 + width[from];
                block.add(from++);
            }
            if (lines.size() > 1) {
                lines.add("");
            }
            lines.add(line(pick(headers, block), pick(width, block), block));
            List<String> rule = new ArrayList<>();
            for (int c : block) {
                rule.add("-".repeat(width[c]));
            }
            lines.add(line(rule, pick(width, block), block));
            for (List<String> row : rows) {
                lines.add(line(pick(row, block), pick(width, block), block));
            }
        } while (from < width.length);
        return lines;
    }

    private static List<String> pick(List<String> cells, List<Integer> columns) {
        return columns.stream().map(cells::get).toList();
    }

    private static int[] pick(int[] width, List<Integer> columns) {
        return columns.stream().mapToInt(c -> width[c]).toArray();
    }

    /** The cells of {@code columns} (indexes into the table's columns), padded to {@code width}. */
    private String line(List<String> cells, int[] width, List<Integer> columns) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append("  ");
            }
            String cell = printable(cells.get(i));
            String pad = " ".repeat(width[i] - cell.length());
            sb.append(rightAligned.get(columns.get(i)) ? pad + cell : cell + pad);
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
