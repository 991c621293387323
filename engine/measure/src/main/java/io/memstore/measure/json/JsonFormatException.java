package io.memstore.measure.json;

import java.io.IOException;

/**
 * A JSON file that is not what its reader expects: not JSON, or a field missing, unknown or of the wrong type
 * (a {@code memstore.json} of another schema version, a probe's result cut short). The message starts with
 * {@code file:line:column:} (1-based; line and column omitted when unknown), then names the field, like
 * {@code memstore.json:12:20: rows[0].params.keys: expected an integer, found "many"}.
 */
public class JsonFormatException extends IOException {
    private final String file;
    private final int line;
    private final int column;
    private final String field;
    private final String problem;

    public JsonFormatException(String file, int line, int column, String field, String problem) {
        super(location(file, line, column) + (field == null || field.isEmpty() ? "" : field + ": ") + problem);
        this.file = file;
        this.line = line;
        this.column = column;
        this.field = field;
        this.problem = problem;
    }

    private static String location(String file, int line, int column) {
        return file + (line > 0 ? ":" + line + (column > 0 ? ":" + column : "") : "") + ": ";
    }

    public String file() {
        return file;
    }

    /** 1-based line, or 0 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column, or 0 when unknown. */
    public int column() {
        return column;
    }

    /** The field's path, like {@code rows[0].params.keys}; empty for the whole document. */
    public String field() {
        return field;
    }

    /** What is wrong, without the location. */
    public String problem() {
        return problem;
    }
}
