package io.memstore.systems;

import io.memstore.measure.probe.TargetUnavailableException;

/**
 * A system a row asks for cannot be run here: its program is missing or not executable, or it does not start.
 * The message says what was looked for and how to get it.
 */
public class SystemUnavailableException extends TargetUnavailableException {
    public SystemUnavailableException(String message) {
        super(message);
    }

    public SystemUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
