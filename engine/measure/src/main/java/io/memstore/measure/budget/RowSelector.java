package io.memstore.measure.budget;

import io.memstore.measure.run.RowResult;

import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which rows a {@link BudgetRule} judges, with a description for reports (a rule that selects no row is
 * reported as failing and names the selection). Adapt a spec budget's {@code where} with
 * {@link #of(String, Predicate)}.
 *
 * @param description how the selection reads for people, like {@code workload=index,keys=1M}
 * @param test        true for the rows the rule judges
 */
public record RowSelector(String description, Predicate<RowResult> test) {
    /** Every row. */
    public static final RowSelector ALL = new RowSelector("every row", row -> true);

    public RowSelector {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(test, "test");
    }

    public static RowSelector of(String description, Predicate<RowResult> test) {
        return new RowSelector(description, test);
    }

    /** The rows with exactly these names. */
    public static RowSelector named(String... names) {
        Set<String> set = Set.of(names);
        return new RowSelector("row " + String.join(" or ", names), row -> set.contains(row.name()));
    }

    /** The rows of one workload. */
    public static RowSelector workload(String workload) {
        return new RowSelector("workload=" + workload, row -> row.workload().equals(workload));
    }

    public boolean matches(RowResult row) {
        return test.test(row);
    }
}
