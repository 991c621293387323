package io.memstore.report;

import io.memstore.measure.result.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table of already formatted cells.
 *
 * @param caption  what the table shows, with its units; unescaped
 * @param headers  column headers
 * @param numeric  per column: true when it holds numbers (renderers right-align them)
 * @param rows     the cells, one list per row, exactly one cell per column
 */
public record Table(String caption, List<String> headers, List<Boolean> numeric, List<List<String>> rows)
        implements Block {
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
    }

    /** The same cells as the console and memstore.md show, so that the site cannot disagree with them. */
    public static Table of(String caption, TextTable table) {
        return new Table(caption, table.headers(), table.rightAligned(), table.rows());
    }

    @Override
    public void accept(Visitor visitor) {
        visitor.table(this);
    }
}
