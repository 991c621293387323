package io.memstore.engine.budget;

import java.util.Locale;

/** What a breached budget does. Mirrors the spec package's BudgetLevel. */
public enum BudgetLevel {
    /** Fails the run (and the build). */
    ERROR,
    /** Only reported. */
    WARN;

    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The level with this spec name ({@code error}, {@code warn}). */
    public static BudgetLevel bySpecName(String name) {
        for (BudgetLevel level : values()) {
            if (level.specName().equals(name)) {
                return level;
            }
        }
        throw new IllegalArgumentException("unknown budget level '" + name + "'; expected error or warn");
    }
}
