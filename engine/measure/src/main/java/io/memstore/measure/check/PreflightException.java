package io.memstore.measure.check;

/**
 * A check refused before any probe ran: a row that cannot fit this machine's memory or disk, or an output
 * directory that cannot be written. The message says what, with the numbers, and what to change.
 */
public final class PreflightException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PreflightException(String message) {
        super(message);
    }
}
