package io.memstore.measure.run;

/**
 * A probe child that ended without a result: a non-zero exit (an exception, a rejected row, out of memory)
 * or a result file that is missing or unreadable.
 */
public final class ProbeFailedException extends ProbeException {
    private final int exitCode;
    private final String outputTail;

    public ProbeFailedException(String row, int exitCode, String outputTail, String message, Throwable cause) {
        super(row, message, cause);
        this.exitCode = exitCode;
        this.outputTail = outputTail;
    }

    /** The child's exit code (0 when it exited normally but its result was unusable). */
    public int exitCode() {
        return exitCode;
    }

    /** The last few KiB of the child's stderr and non-progress stdout. */
    public String outputTail() {
        return outputTail;
    }
}
