package io.memstore.measure.model;

import java.util.Locale;

/** How the least-squares fit of {@link MemoryModel} weighs its rows. */
public enum Weighting {
    /**
     * Each row weighted by 1/measured²: minimises the sum of squared relative errors, so a 100K-key row counts
     * as much as a 1M-key row. The default.
     */
    RELATIVE,
    /** Plain least squares on bytes: the largest rows dominate the fit. */
    UNWEIGHTED;

    public String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The weighting with this spec name ({@code relative}, {@code unweighted}). */
    public static Weighting bySpecName(String name) {
        for (Weighting w : values()) {
            if (w.specName().equals(name)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown weighting '" + name + "'; expected relative or unweighted");
    }
}
