package io.memstore.measure.spec;

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
