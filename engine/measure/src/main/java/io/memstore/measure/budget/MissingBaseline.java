package io.memstore.measure.budget;

import java.util.Locale;

/**
 * What a regression budget does when it has nothing to compare with: no baseline file, or no row of the same
 * name and parameters in it. A first build on a new branch has no baseline yet, so the default only warns.
 */
public enum MissingBaseline {
    /** Reported as a warning; the build goes on (the default). */
    WARN,
    /** Fails at the budget's level, like a breached budget. */
    FAIL;

    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code warn} or {@code fail}; anything else is an IllegalArgumentException naming both. */
    public static MissingBaseline bySpecName(String name) {
        for (MissingBaseline m : values()) {
            if (m.specName().equals(name == null ? "" : name.strip().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown missing-baseline policy '" + name + "'; expected warn or fail");
    }
}
