package io.memstore.measure.probe;

/**
 * The system a row asks for cannot run here (its program is not installed, or does not start). The probe reports
 * the message alone, which says what is missing and how to get it, and exits with
 * {@link ProbeMain#EXIT_UNAVAILABLE}.
 */
public class TargetUnavailableException extends RuntimeException {
    public TargetUnavailableException(String message) {
        super(message);
    }

    public TargetUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
