package io.memstore.measure.budget;

import java.util.List;
import java.util.Objects;

/**
 * A run compared with a baseline result (a {@code memstore.json} saved earlier, e.g. from main).
 *
 * @param file     the baseline file as given
 * @param found    false when the file does not exist (every outcome is then {@code no-baseline})
 * @param specName the baseline's spec name, or null when not found
 * @param note     what people should know (missing file, rows without a counterpart), or null
 * @param outcomes one per (regression rule, matching row), in rule then row order
 */
public record BaselineComparison(String file, boolean found, String specName, String note,
                                 List<RegressionOutcome> outcomes) {
    public BaselineComparison {
        Objects.requireNonNull(file, "file");
        outcomes = List.copyOf(outcomes);
    }

    /** True when no outcome fails the run. */
    public boolean passed() {
        return outcomes.stream().noneMatch(RegressionOutcome::failsRun);
    }
}
