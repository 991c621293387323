package io.memstore.measure.probe;

/**
 * The JVM cannot give a part of a row's account (no class histogram command, Native Memory Tracking off): the row
 * keeps its other figures and its account says why, as {@code class account not available: ...}.
 */
public final class AccountUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    public AccountUnavailableException(String message) {
        super(message);
    }
}
