package io.memstore.measure.run;

/** A probe run that produced no measurement; the message names the row and says why. */
public class ProbeException extends RuntimeException {
    private final String row;

    public ProbeException(String row, String message, Throwable cause) {
        super(message, cause);
        this.row = row;
    }

    public ProbeException(String row, String message) {
        this(row, message, null);
    }

    /** The name of the row that failed. */
    public String row() {
        return row;
    }
}
