package io.memstore.measure.run;

import java.time.Duration;

/** A probe that was still running at the timeout and was killed, with its descendants. */
public final class ProbeTimeoutException extends ProbeException {
    private final Duration timeout;

    public ProbeTimeoutException(String row, Duration timeout, String message) {
        super(row, message);
        this.timeout = timeout;
    }

    public Duration timeout() {
        return timeout;
    }
}
