package io.memstore.report;

import java.util.List;
import java.util.Locale;

/**
 * A horizontal stacked bar chart as one SVG element: one bar per {@link Bar}, its segments in the components'
 * colours left to right, the total at the bar's end, a tooltip on every segment, a legend of the components
 * below. The label column is as wide as the longest label needs, up to {@link #MAX_LABEL_WIDTH}; a longer label
 * is shortened with an ellipsis and keeps its whole text as a tooltip. Self-contained and escaped like
 * {@link LineChart}.
 */
public final class StackedBarChart {
    private static final int WIDTH = LineChart.WIDTH;
    private static final int MIN_LABEL_WIDTH = 120;
    static final int MAX_LABEL_WIDTH = 300;
    private static final int RIGHT = 70;
    private static final int TOP = 40;
    private static final int BAR = 16;
    private static final int PITCH = 24;
    private static final int AXIS_SPACE = 44;

    private StackedBarChart() {
    }

    /**
     * The chart's SVG.
     *
     * @param title      drawn at the top and given as the SVG's accessible title
     * @param xTitle     the value axis' title with its unit
     * @param unit       appended to totals and tooltips, like {@code B/key}
     * @param components the segments' names, in order
     * @param colors     one #RRGGBB colour per component
     * @param bars       at least one, each with one value per component
     */
    public static String svg(String title, String xTitle, String unit, List<String> components, List<String> colors,
                             List<Bar> bars) {
        if (bars.isEmpty()) {
            throw new IllegalArgumentException("chart '" + title + "' has no bars");
        }
        if (colors.size() != components.size()) {
            throw new IllegalArgumentException("chart '" + title + "' needs one colour per component");
        }
        double max = 0;
        for (Bar bar : bars) {
            if (bar.segments().size() != components.size()) {
                throw new IllegalArgumentException("bar '" + bar.label() + "' has " + bar.segments().size()
                        + " segments, the chart " + components.size() + " components");
            }
            max = Math.max(max, bar.total());
        }
        Axis x = Axis.linearFromZero(xTitle, max);
        double longest = bars.stream().mapToDouble(b -> Legend.textWidth(b.label())).max().orElse(0);
        int labelWidth = (int) Math.ceil(Math.max(MIN_LABEL_WIDTH, Math.min(MAX_LABEL_WIDTH, longest + 16)));
        int plotWidth = WIDTH - labelWidth - RIGHT;
        int plotHeight = bars.size() * PITCH;
        Legend.Layout legend = Legend.layout(components, 10, WIDTH - 10, TOP + plotHeight + AXIS_SPACE, 14);
        int height = TOP + plotHeight + AXIS_SPACE + legend.height() + 10;
        SvgWriter w = Charts.open(title, WIDTH, height);

        for (double t : x.ticks()) {
            double px = labelWidth + plotWidth * x.fraction(t);
            w.empty("line", "x1", SvgWriter.num(px), "y1", SvgWriter.num(TOP), "x2", SvgWriter.num(px), "y2",
                    SvgWriter.num(TOP + plotHeight + 4), "stroke", t == 0 ? "#666666" : "#e2e2e2", "stroke-width",
                    "1");
            w.textElement("text", x.label(t), "x", SvgWriter.num(px), "y", SvgWriter.num(TOP + plotHeight + 18),
                    "text-anchor", "middle", "font-size", "11", "fill", "#333333");
        }
        w.textElement("text", x.title(), "x", SvgWriter.num(labelWidth + plotWidth / 2.0), "y",
                SvgWriter.num(TOP + plotHeight + 36), "text-anchor", "middle", "font-size", "12", "fill", "#111111");

        for (int b = 0; b < bars.size(); b++) {
            Bar bar = bars.get(b);
            double top = TOP + b * PITCH + (PITCH - BAR) / 2.0;
            w.start("text", "x", SvgWriter.num(labelWidth - 8), "y", SvgWriter.num(top + 12), "text-anchor", "end",
                    "font-size", Integer.toString(Legend.FONT_SIZE), "fill", "#111111", "class", "memstore-bar-label");
            w.textElement("title", bar.label());
            w.text(Legend.fit(bar.label(), labelWidth - 16));
            w.end("text");
            double start = 0;
            for (int c = 0; c < components.size(); c++) {
                double v = bar.segments().get(c);
                if (v <= 0) {
                    continue;
                }
                double x0 = labelWidth + plotWidth * x.fraction(start);
                double x1 = labelWidth + plotWidth * x.fraction(start + v);
                w.start("rect", "x", SvgWriter.num(x0), "y", SvgWriter.num(top), "width",
                        SvgWriter.num(Math.max(x1 - x0, 0.5)), "height", Integer.toString(BAR), "fill", colors.get(c),
                        "class", "memstore-bar");
                w.textElement("title", bar.label() + ": " + components.get(c) + " " + value(v) + " " + unit);
                w.end("rect");
                start += v;
            }
            w.textElement("text", value(bar.total()) + " " + unit, "x",
                    SvgWriter.num(labelWidth + plotWidth * x.fraction(bar.total()) + 5), "y",
                    SvgWriter.num(top + 12), "font-size", "11", "fill", "#333333");
        }

        for (int c = 0; c < components.size(); c++) {
            Legend.Entry e = legend.entries().get(c);
            w.start("g", "class", "memstore-legend-entry");
            w.empty("rect", "x", SvgWriter.num(e.x()), "y", SvgWriter.num(e.y()), "width", "14", "height", "12",
                    "fill", colors.get(c));
            w.textElement("text", e.text(), "x", SvgWriter.num(e.x() + 20), "y", SvgWriter.num(e.y() + 11),
                    "font-size", Integer.toString(Legend.FONT_SIZE), "fill", "#111111", "class", "memstore-legend");
            w.end("g");
        }
        w.end("svg");
        return w.finish();
    }

    private static String value(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
