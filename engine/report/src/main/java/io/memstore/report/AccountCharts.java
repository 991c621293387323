package io.memstore.report;

import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.run.RowResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The chart of the rows' class accounts: per row a bar of its bytes per key by class, every row's bar one under the
 * other on one scale, so that two structures measured side by side are compared at a glance. The classes drawn are
 * the {@value #CLASSES} largest over all rows (by their largest bytes per key in any row), each in one colour in every
 * bar; the rest of a row's account is one grey segment. Each bar is labelled by the row's system (or index) and what
 * else tells the rows apart ({@link RowGroups}).
 */
public final class AccountCharts {
    /** Classes drawn in colour at most; the rest is "other classes". */
    static final int CLASSES = 7;
    static final String OTHER_COLOR = "#999999";
    static final String OTHER = "other classes";

    private AccountCharts() {
    }

    /** The chart, or empty when no row has a class account. */
    public static Optional<Chart> byClass(RunResult run) {
        List<RowResult> rows = run.rows().stream().filter(r -> r.classes() != null).toList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Double> largest = new LinkedHashMap<>();
        for (RowResult r : rows) {
            ClassAccount a = r.classes();
            for (ClassAccount.Line line : a.lines()) {
                largest.merge(line.className(), a.perKey(line.bytes()), Math::max);
            }
        }
        List<String> classes = largest.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(CLASSES).map(Map.Entry::getKey).toList();
        List<String> components = new ArrayList<>();
        for (String c : classes) {
            String simple = new ClassAccount.Line(c, 0, 0).simpleName();
            boolean unique = classes.stream().filter(o -> new ClassAccount.Line(o, 0, 0).simpleName().equals(simple))
                    .count() == 1;
            components.add(unique ? simple : c);
        }
        List<String> colors = new ArrayList<>();
        for (int i = 0; i < classes.size(); i++) {
            colors.add(Charts.color(i));
        }
        components.add(OTHER);
        colors.add(OTHER_COLOR);
        Map<RowResult, String> labels = labels(rows);
        List<Bar> bars = new ArrayList<>();
        for (RowResult r : rows) {
            ClassAccount a = r.classes();
            List<Double> segments = new ArrayList<>();
            double drawn = 0;
            for (String c : classes) {
                double v = Math.max(0, a.perKey(a.bytesOf(c)));
                segments.add(v);
                drawn += v;
            }
            segments.add(Math.max(0, a.perKey(a.totalBytes()) - drawn));
            bars.add(new Bar(labels.get(r), segments));
        }
        String svg = StackedBarChart.svg("Bytes per key by class", "bytes per key (B)", "B/key", components, colors,
                bars);
        String caption = "Each bar is the class account of one of " + ReportCharts.systems(rows) + ": the live"
                + " objects of each class after the load minus"
                + " those before it (HotSpot's class histogram after full GCs), divided by the row's keys. The "
                + classes.size() + " largest classes over all " + rows.size() + (rows.size() == 1 ? " row" : " rows")
                + " have a colour of their own in every bar; grey: every other class of the row. The bars are"
                + " labelled by the row's system (or index) and by what else tells the rows apart; the tables below"
                + " give every class of a row's account by its full name.";
        return Optional.of(new Chart("Bytes per key by class", caption, svg));
    }

    /** A row's bar label: its group's label, with N when key counts differ. */
    private static Map<RowResult, String> labels(List<RowResult> rows) {
        Map<RowResult, String> labels = new LinkedHashMap<>();
        boolean byKeys = rows.stream().map(r -> r.params().keys()).distinct().count() > 1;
        for (RowGroups.Group g : RowGroups.of(rows, RowGroups.systemLabel(rows.get(0).params()))) {
            for (RowResult r : g.rows()) {
                labels.put(r, (byKeys ? "N=" + io.memstore.measure.spec.Units.count(r.params().keys()) + ", " : "")
                        + g.label());
            }
        }
        return labels;
    }
}
