package io.memstore.measure.check;

/**
 * A check refused before any probe ran: a row that cannot fit this machine's memory or disk, a row whose system
 * cannot run here, or an output directory that cannot be written. The message says what, with the numbers, and
 * what to change. When rows were refused, the first of them and its reason are kept apart, for the outputs of the
 * run that never started (see {@link Check#run}).
 */
public final class PreflightException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String row;
    private final String reason;

    public PreflightException(String message) {
        this(message, null, null);
    }

    /**
     * @param row    the first row refused, or null when the refusal is not a row's (an output directory)
     * @param reason why that row was refused, in one line
     */
    public PreflightException(String message, String row, String reason) {
        super(message);
        this.row = row;
        this.reason = reason;
    }

    /** The first row refused, or null. */
    public String row() {
        return row;
    }

    /** Why {@link #row} was refused, or null. */
    public String reason() {
        return reason;
    }
}
