package io.memstore.measure.result;

import io.memstore.measure.run.RowResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows' notes as lines for people: a note every row carries once, as {@code every row: ...}, the others with the
 * names of the rows that carry them.
 */
final class RowNoteLines {
    private RowNoteLines() {
    }

    static List<String> of(List<RowResult> rows) {
        Map<String, List<String>> rowsByNote = new LinkedHashMap<>();
        for (RowResult row : rows) {
            for (String note : row.notes()) {
                rowsByNote.computeIfAbsent(note, n -> new ArrayList<>()).add(row.name());
            }
        }
        List<String> lines = new ArrayList<>();
        rowsByNote.forEach((note, names) -> lines.add((names.size() == rows.size() && rows.size() > 1 ? "every row"
                : String.join(", ", names)) + ": " + note));
        return lines;
    }
}
