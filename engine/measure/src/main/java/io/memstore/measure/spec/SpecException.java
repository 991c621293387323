package io.memstore.measure.spec;

/**
 * A workload spec that cannot be used: bad YAML, a wrong field, a value out of range, a limit exceeded.
 * The message reads {@code file:line:column: field: problem; expected ...}; the position and the field are left
 * out when they are unknown (limit errors raised before any YAML node exists have no position).
 */
public class SpecException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String field;
    private final String problem;
    private final String expected;

    /**
     * @param file     the spec's file or resource name
     * @param line     1-based line, or 0 when unknown
     * @param column   1-based column, or 0 when unknown
     * @param field    path of the field, like {@code workloads[1].keySize}, or null when none applies
     * @param problem  what is wrong, naming the offending value
     * @param expected what would have been accepted, or null when the problem says it all
     */
    public SpecException(String file, int line, int column, String field, String problem, String expected) {
        this(file, line, column, field, abbreviate(problem), expected, true);
    }

    private SpecException(String file, int line, int column, String field, String problem, String expected,
                          boolean abbreviated) {
        super(format(file, line, column, field, problem, expected));
        this.file = file;
        this.line = line;
        this.column = column;
        this.field = field;
        this.problem = problem;
        this.expected = expected;
    }

    /** Longest problem text kept whole; problems quote the offending value, which may be any length. */
    static final int MAX_PROBLEM_CHARS = 1000;

    /** A problem longer than {@link #MAX_PROBLEM_CHARS}: its start and end, with how much was left out between. */
    static String abbreviate(String problem) {
        if (problem == null || problem.length() <= MAX_PROBLEM_CHARS) {
            return problem;
        }
        int head = 700;
        int tail = 200;
        return problem.substring(0, head) + "[... " + (problem.length() - head - tail) + " characters left out ...]"
                + problem.substring(problem.length() - tail);
    }

    private static String format(String file, int line, int column, String field, String problem, String expected) {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line).append(':').append(column);
        }
        sb.append(": ");
        if (field != null && !field.isEmpty()) {
            sb.append(field).append(": ");
        }
        sb.append(problem);
        if (expected != null) {
            sb.append("; expected ").append(expected);
        }
        return sb.toString();
    }

    /** The spec's file or resource name. */
    public String file() {
        return file;
    }

    /** 1-based line of the offending node, 0 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column of the offending node, 0 when unknown. */
    public int column() {
        return column;
    }

    /** Path of the offending field, like {@code workloads[1].keySize}; null when none applies. */
    public String field() {
        return field;
    }

    /** What is wrong, without position or field. */
    public String problem() {
        return problem;
    }

    /** What would have been accepted; null when the problem says it all. */
    public String expected() {
        return expected;
    }
}
