package io.memstore.measure.budget;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.BudgetLevel;
import io.memstore.measure.spec.RowField;
import io.memstore.measure.spec.RowParams;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.StringJoiner;

/**
 * Compares measured rows with the rows of a baseline result under regression rules.
 *
 * <p>Rows are paired by name, and only when their parameters agree (everything but {@code runs}): a row whose
 * spec changed is not the same measurement. The verdict per pair:
 * <ul>
 *   <li>the increase {@code delta = new - old} exceeds the rule's limits (both, when both are given) and is
 *       larger than the noise: <b>regressed</b>;</li>
 *   <li>it exceeds the limits but not the noise: <b>noise</b>, a pass. The noise is the larger of the two
 *       rows' spreads (max - min over their runs): with {@code runs: 3} a change that one of the two
 *       measurements already showed between its own runs is not evidence of a regression. With one run per
 *       row the spread is 0, so every increase past the limits counts;</li>
 *   <li>otherwise <b>within</b>.</li>
 * </ul>
 * A heap metric compared with a baseline row also says what grew by class ({@link ClassGrowth}), or that the
 * baseline has no class account to compare with (a baseline written before accounts were taken: said, not failed).
 * Nothing passes silently: a row without counterpart and a missing file are {@code no-baseline} outcomes at the
 * rule's level under {@link MissingBaseline#FAIL} and at WARN under {@link MissingBaseline#WARN}; a metric either
 * side could not measure is {@code unavailable}, failed at the rule's level.
 */
public final class RegressionJudge {
    private RegressionJudge() {
    }

    /**
     * @param file         the baseline file as given, or null when none was given
     * @param baselineRows the baseline's rows, or null when the file does not exist or none was given
     * @param specName     the baseline's spec name, or null
     */
    public static BaselineComparison judge(List<RowResult> rows, String file, List<RowResult> baselineRows,
                                           String specName, List<RegressionRule> rules, MissingBaseline missing) {
        String missingFile = file == null ? "no baseline given (memstore.baseline; memstore:baseline writes one)"
                : "no baseline file " + file;
        Map<String, RowResult> old = new LinkedHashMap<>();
        if (baselineRows != null) {
            baselineRows.forEach(r -> old.put(r.name(), r));
        }
        List<RegressionOutcome> outcomes = new ArrayList<>();
        int unmatched = 0;
        for (RegressionRule rule : rules) {
            for (RowResult row : rows) {
                if (!rule.rows().matches(row)) {
                    continue;
                }
                RowResult before = old.get(row.name());
                String why = baselineRows == null ? missingFile
                        : before == null ? "no row " + row.name() + " in the baseline"
                        : differences(before.params(), row.params());
                if (why != null) {
                    unmatched++;
                    BudgetLevel level = missing == MissingBaseline.FAIL ? rule.level() : BudgetLevel.WARN;
                    outcomes.add(new RegressionOutcome(rule.metric(), row.name(), null,
                            row.metric(rule.metric()).isPresent() ? row.metric(rule.metric()).getAsDouble() : null,
                            null, null, rule.maxIncrease(), rule.maxIncreaseBytes(), null,
                            RegressionOutcome.Status.NO_BASELINE, false, level, why));
                    continue;
                }
                outcomes.add(compare(rule, before, row));
            }
        }
        String note = baselineRows == null ? missingFile + " (" + missing.specName() + ")"
                : unmatched > 0 ? unmatched + " comparison(s) without a baseline row" : null;
        return new BaselineComparison(file == null ? "(none)" : file, baselineRows != null, specName, note, outcomes);
    }

    private static RegressionOutcome compare(RegressionRule rule, RowResult before, RowResult row) {
        OptionalDouble oldValue = before.metric(rule.metric());
        OptionalDouble newValue = row.metric(rule.metric());
        if (oldValue.isEmpty() || newValue.isEmpty()) {
            return new RegressionOutcome(rule.metric(), row.name(), box(oldValue), box(newValue), null, null,
                    rule.maxIncrease(), rule.maxIncreaseBytes(), null, RegressionOutcome.Status.UNAVAILABLE, false,
                    rule.level(), (newValue.isEmpty() ? "this run" : "the baseline") + " could not measure "
                    + rule.metric().metricName());
        }
        double o = oldValue.getAsDouble();
        double n = newValue.getAsDouble();
        double delta = n - o;
        Double relative = o > 0 ? delta / o : (delta == 0 ? 0.0 : null);
        double noise = Math.max(before.spreadOf(rule.metric()).orElse(0), row.spreadOf(rule.metric()).orElse(0));
        RegressionOutcome.Status status;
        String message;
        if (!rule.exceededBy(o, delta)) {
            status = RegressionOutcome.Status.WITHIN;
            message = delta > 0 ? "increase within tolerance" : "no increase";
        } else if (delta <= noise) {
            status = RegressionOutcome.Status.NOISE;
            message = "increase within the runs' spread of " + rule.metric().unit().format(noise) + ": noise";
        } else {
            status = RegressionOutcome.Status.REGRESSED;
            message = rule.message() != null ? rule.message() : "regressed against the baseline";
        }
        boolean passed = status != RegressionOutcome.Status.REGRESSED;
        return new RegressionOutcome(rule.metric(), row.name(), o, n, delta, relative, rule.maxIncrease(),
                rule.maxIncreaseBytes(), noise, status, passed, rule.level(), message,
                ClassGrowth.of(rule.metric(), before, row));
    }

    /** Null when the rows measured the same thing (runs aside), else which fields differ. */
    static String differences(RowParams before, RowParams now) {
        StringJoiner j = new StringJoiner(", ");
        if (!before.workload().equals(now.workload())) {
            j.add("workload " + before.workload() + " -> " + now.workload());
        }
        for (RowField f : RowField.values()) {
            if (f == RowField.RUNS) {
                continue;
            }
            Object a = f.get(before);
            Object b = f.get(now);
            if (!a.equals(b)) {
                j.add(f.specName() + " " + f.format(a) + " -> " + f.format(b));
            }
        }
        return j.length() == 0 ? null : "the baseline row was measured differently (" + j + ")";
    }

    private static Double box(OptionalDouble v) {
        return v.isPresent() ? v.getAsDouble() : null;
    }
}
