package io.memstore.measure.result;

import io.memstore.measure.json.NumberText;
import io.memstore.measure.spec.Units;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowField;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code memstore.csv}: one line per row for spreadsheets and scripts (RFC 4180: comma-separated, CRLF line
 * ends, fields with a comma, quote or line break in double quotes, quotes doubled). Columns: the row's name and
 * workload, its parameters (JSON names), {@code measuredRuns}, every row metric, then {@code <metric>.spread}
 * for every row metric, then {@code status} ({@code measured}, or {@code failed: <reason>} on the line of the row
 * that stopped an incomplete run, whose other cells are empty or {@value Units#NA}; {@code incomplete: <reason>}
 * on the one line, without a name, of a run that has not written its results) and {@code runStarted} (the
 * run's start, ISO-8601 UTC, the same on every line). Units are those of the metric (bytes, seconds, ops/s); a
 * metric the platform could not give is {@value Units#NA}, which common CSV readers take as missing.
 */
public final class ResultCsv {
    /** The file name the run writes. */
    public static final String FILE_NAME = "memstore.csv";


    private ResultCsv() {
    }

    /** Writes the table atomically (see {@link AtomicFiles}). */
    public static void write(RunResult result, Path file) throws IOException {
        AtomicFiles.write(file, render(result));
    }

    public static String render(RunResult result) {
        List<String> header = new ArrayList<>(List.of("name", "workload"));
        header.addAll(RowField.names()); // one column per row parameter, valued as memstore.json's params
        header.add("measuredRuns");
        for (Metric m : Metric.rowMetrics()) {
            header.add(m.metricName());
        }
        for (Metric m : Metric.rowMetrics()) {
            header.add(m.metricName() + ".spread");
        }
        header.add("status");
        header.add("runStarted");
        String started = result.started() == null ? "" : result.started();
        StringBuilder out = new StringBuilder();
        line(header, out);
        for (RowResult row : result.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.name(), row.workload()));
            for (RowField field : RowField.values()) {
                cells.add(cell(field.resultValue(row.params())));
            }
            cells.add(Integer.toString(row.runs()));
            for (Metric m : Metric.rowMetrics()) {
                cells.add(number(m, row.metrics().get(m.metricName())));
            }
            for (Metric m : Metric.rowMetrics()) {
                cells.add(number(m, row.spread().get(m.metricName())));
            }
            cells.add("measured");
            cells.add(started);
            line(cells, out);
        }
        if (result.failure() != null) {
            RunFailure f = result.failure();
            List<String> cells = new ArrayList<>(List.of(f.row() == null ? "" : f.row(), ""));
            RowField.names().forEach(n -> cells.add(""));
            cells.add("0");
            for (int i = 0; i < 2 * Metric.rowMetrics().size(); i++) {
                cells.add(Units.NA);
            }
            cells.add((f.row() == null ? "incomplete: " : "failed: ") + f.reason());
            cells.add(started);
            line(cells, out);
        }
        return out.toString();
    }

    /** A parameter's cell: a number as JSON writes it, anything else as its text. */
    private static String cell(Object value) {
        return value instanceof Number n ? NumberText.text(n) : String.valueOf(value);
    }

    private static String number(Metric metric, Double value) {
        if (value == null) {
            return Units.NA;
        }
        return NumberText.text(NumberText.of(value, metric.unit().integralWhenWhole()));
    }

    private static void line(List<String> fields, StringBuilder out) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        out.append("\r\n");
    }

    /** One RFC 4180 field: quoted when it holds a comma, quote, CR or LF (or edge spaces), quotes doubled. */
    static String field(String s) {
        boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\r') >= 0 || s.indexOf('\n') >= 0
                || !s.equals(s.strip());
        return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
