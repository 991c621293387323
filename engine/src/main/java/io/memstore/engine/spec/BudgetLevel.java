package io.memstore.engine.spec;

import java.util.Locale;

/** What a breached budget does. */
public enum BudgetLevel {
    /** Fails the build (the default). */
    ERROR,
    /** Only reported. */
    WARN;

    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
