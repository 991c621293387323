package io.memstore.report;

import io.memstore.measure.result.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table of already formatted cells.
 *
 * @param caption    what the table shows, with its units; unescaped
 * @param headers    column headers
 * @param numeric    per column: true when it holds numbers (renderers right-align them and never break them)
 * @param rows       the cells, one list per row, exactly one cell per column
 * @param keyColumns how many of the first columns name a row: a table split to fit a page repeats them
 */
public record Table(String caption, List<String> headers, List<Boolean> numeric, List<List<String>> rows,
                    int keyColumns) implements Block {
    /**
     * The characters of cell text a table may take across a page, its cells' padding counted as two characters a
     * column: the width of the content column of a Maven site page in a 1024 px window, in the site's 14 px font.
     */
    public static final int PAGE_CHARS = 100;
    /** What a column's padding and borders take, in characters. */
    static final int PADDING_CHARS = 2;

    public Table {
        Objects.requireNonNull(caption, "caption");
        headers = List.copyOf(headers);
        numeric = List.copyOf(numeric);
        if (headers.isEmpty() || numeric.size() != headers.size()) {
            throw new IllegalArgumentException("table '" + caption + "' needs one alignment per header, has "
                    + headers.size() + " headers and " + numeric.size() + " alignments");
        }
        List<List<String>> copy = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            if (row.size() != headers.size()) {
                throw new IllegalArgumentException("table '" + caption + "': a row has " + row.size()
                        + " cells, the table " + headers.size() + " columns");
            }
            copy.add(List.copyOf(row));
        }
        rows = List.copyOf(copy);
        if (keyColumns < 1 || keyColumns > headers.size()) {
            throw new IllegalArgumentException("table '" + caption + "': key columns must be 1 to " + headers.size()
                    + ", was " + keyColumns);
        }
    }

    /** A table whose first column names the rows. */
    public Table(String caption, List<String> headers, List<Boolean> numeric, List<List<String>> rows) {
        this(caption, headers, numeric, rows, 1);
    }

    /** The same cells as the console and memstore.md show, so that the site cannot disagree with them. */
    public static Table of(String caption, TextTable table) {
        return new Table(caption, table.headers(), table.rightAligned(), table.rows(), table.keyColumns());
    }

    /**
     * The least width column {@code c} takes, in characters: its longest piece of text that cannot break, plus its
     * padding. A header breaks between words; a text cell between words and after a {@code /} or {@code ,}
     * followed by more (renderers offer a break there: row names like {@code index/keys=1M,versions=5}); a number
     * never breaks.
     */
    int columnChars(int c) {
        int chars = longestPiece(headers.get(c), false);
        for (List<String> row : rows) {
            chars = Math.max(chars, numeric.get(c) ? row.get(c).length() : longestPiece(row.get(c), true));
        }
        return chars + PADDING_CHARS;
    }

    private static int longestPiece(String text, boolean afterSlashOrComma) {
        int longest = 0;
        int piece = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == ' ') {
                piece = 0;
                continue;
            }
            piece++;
            longest = Math.max(longest, piece);
            if (afterSlashOrComma && (ch == '/' || ch == ',') && i + 1 < text.length() && text.charAt(i + 1) != ' ') {
                piece = 0;
            }
        }
        return longest;
    }

    /**
     * This table as tables of at most {@code maxChars} each ({@link #columnChars}): itself when it fits, else
     * tables of the columns in order, each beginning with the key columns again, the later ones captioned as
     * continued. A column too wide for the room beside the key columns stands alone beside them.
     */
    public List<Table> fitting(int maxChars) {
        int[] chars = new int[headers.size()];
        int total = 0;
        for (int c = 0; c < chars.length; c++) {
            chars[c] = columnChars(c);
            total += chars[c];
        }
        if (total <= maxChars || keyColumns == headers.size()) {
            return List.of(this);
        }
        int keyChars = 0;
        for (int c = 0; c < keyColumns; c++) {
            keyChars += chars[c];
        }
        List<Table> parts = new ArrayList<>();
        int from = keyColumns;
        while (from < chars.length) {
            List<Integer> columns = new ArrayList<>();
            for (int c = 0; c < keyColumns; c++) {
                columns.add(c);
            }
            int used = keyChars;
            while (from < chars.length && (columns.size() == keyColumns || used + chars[from] <= maxChars)) {
                used += chars[from];
                columns.add(from++);
            }
            parts.add(pick(parts.isEmpty() ? caption : caption + " (continued)", columns));
        }
        return parts;
    }

    private Table pick(String caption, List<Integer> columns) {
        List<List<String>> picked = new ArrayList<>();
        for (List<String> row : rows) {
            picked.add(columns.stream().map(row::get).toList());
        }
        return new Table(caption, columns.stream().map(headers::get).toList(),
                columns.stream().map(numeric::get).toList(), picked, keyColumns);
    }

    @Override
    public void accept(Visitor visitor) {
        visitor.table(this);
    }
}
