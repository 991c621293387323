package io.memstore.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A line chart as one SVG element: x on a logarithmic axis when the values span a factor of ten or more (key
 * counts), y linear from zero unless the values span more than a factor of 20 ({@link #scales}), one line per
 * series with its markers, dashed lines with hollow square markers for reference figures, a legend below the
 * plot laid out by {@link Legend} and a tooltip on every marker. Self-contained: no script, no external style;
 * every text escaped.
 */
public final class LineChart {
    static final int WIDTH = 680;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 44;
    private static final int PLOT_HEIGHT = 250;
    private static final int AXIS_SPACE = 48;

    /** Which of the chart's axes are logarithmic, as {@link #svg} draws them for the same series. */
    public record Scales(boolean xLogarithmic, boolean yLogarithmic) {
    }

    private LineChart() {
    }

    /**
     * The axes {@link #svg} chooses: x logarithmic when its positive values span a factor of ten or more; y
     * logarithmic when its positive values span more than a factor of 20, which would flatten the small ones
     * onto zero on a linear axis (small runs beside the 1M-key rows of etcd's benchmark).
     */
    public static Scales scales(List<Series> series) {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = 0;
        for (Series s : series) {
            for (Series.Point p : s.points()) {
                xMin = Math.min(xMin, p.x());
                xMax = Math.max(xMax, p.x());
                yMin = Math.min(yMin, p.y());
                yMax = Math.max(yMax, p.y());
            }
        }
        return new Scales(xMin > 0 && xMax / xMin >= 10, yMin > 0 && yMax / yMin > 20);
    }

    /**
     * The chart's SVG.
     *
     * @param title   drawn at the top and given as the SVG's accessible title
     * @param xTitle  the x axis' title with its unit
     * @param xFormat tick labels of the x axis
     * @param yTitle  the y axis' title with its unit
     * @param series  at least one
     */
    public static String svg(String title, String xTitle, DoubleFunction<String> xFormat, String yTitle,
                             List<Series> series) {
        if (series.isEmpty()) {
            throw new IllegalArgumentException("chart '" + title + "' has no series");
        }
        List<Double> xs = new ArrayList<>();
        double yMax = 0;
        double yMin = Double.POSITIVE_INFINITY;
        for (Series s : series) {
            for (Series.Point p : s.points()) {
                xs.add(p.x());
                yMax = Math.max(yMax, p.y());
                yMin = Math.min(yMin, p.y());
            }
        }
        Scales scales = scales(series);
        Axis x = scales.xLogarithmic() ? Axis.logarithmic(xTitle, xs, xFormat) : linearX(xTitle, xs, xFormat);
        Axis y = scales.yLogarithmic() ? Axis.logarithmicRange(yTitle + " (logarithmic scale)", yMin, yMax)
                : Axis.linearFromZero(yTitle, yMax * 1.05);

        int plotWidth = WIDTH - LEFT - RIGHT;
        Legend.Layout legend = Legend.layout(series.stream().map(Series::name).toList(), 10, WIDTH - 10,
                TOP + PLOT_HEIGHT + AXIS_SPACE, 26);
        int height = TOP + PLOT_HEIGHT + AXIS_SPACE + legend.height() + 10;
        SvgWriter w = Charts.open(title, WIDTH, height);

        // grid and y ticks
        for (double t : y.ticks()) {
            double py = TOP + PLOT_HEIGHT * (1 - y.fraction(t));
            w.empty("line", "x1", SvgWriter.num(LEFT), "y1", SvgWriter.num(py), "x2", SvgWriter.num(LEFT + plotWidth),
                    "y2", SvgWriter.num(py), "stroke", t == 0 || (y.isLog() && t == y.ticks().get(0)) ? "#666666" : "#e2e2e2", "stroke-width", "1");
            w.textElement("text", y.label(t), "x", SvgWriter.num(LEFT - 6), "y", SvgWriter.num(py + 4),
                    "text-anchor", "end", "font-size", "11", "fill", "#333333");
        }
        // x ticks
        for (double t : x.ticks()) {
            double px = LEFT + plotWidth * x.fraction(t);
            w.empty("line", "x1", SvgWriter.num(px), "y1", SvgWriter.num(TOP), "x2", SvgWriter.num(px), "y2",
                    SvgWriter.num(TOP + PLOT_HEIGHT + 4), "stroke", "#e2e2e2", "stroke-width", "1");
            w.textElement("text", x.label(t), "x", SvgWriter.num(px), "y", SvgWriter.num(TOP + PLOT_HEIGHT + 18),
                    "text-anchor", "middle", "font-size", "11", "fill", "#333333");
        }
        w.empty("line", "x1", SvgWriter.num(LEFT), "y1", SvgWriter.num(TOP), "x2", SvgWriter.num(LEFT), "y2",
                SvgWriter.num(TOP + PLOT_HEIGHT), "stroke", "#666666", "stroke-width", "1");
        w.textElement("text", x.title() + (x.isLog() ? " (logarithmic scale)" : ""), "x",
                SvgWriter.num(LEFT + plotWidth / 2.0), "y", SvgWriter.num(TOP + PLOT_HEIGHT + 38), "text-anchor",
                "middle", "font-size", "12", "fill", "#111111");
        double yTitleY = TOP + PLOT_HEIGHT / 2.0;
        w.textElement("text", y.title(), "x", "16", "y", SvgWriter.num(yTitleY), "text-anchor", "middle",
                "font-size", "12", "fill", "#111111", "transform", "rotate(-90 16 " + SvgWriter.num(yTitleY) + ")");

        // lines, then markers on top
        for (Series s : series) {
            StringBuilder d = new StringBuilder();
            for (Series.Point p : s.points()) {
                d.append(d.length() == 0 ? "M" : " L").append(SvgWriter.num(LEFT + plotWidth * x.fraction(p.x())))
                        .append(' ').append(SvgWriter.num(TOP + PLOT_HEIGHT * (1 - y.fraction(p.y()))));
            }
            w.start("path", "d", d.toString(), "fill", "none", "stroke", s.color(), "stroke-width", "2.5",
                    "stroke-linejoin", "round", "stroke-dasharray", dash(s.style()), "class", "memstore-line");
            w.textElement("title", s.name());
            w.end("path");
        }
        for (Series s : series) {
            for (Series.Point p : s.points()) {
                marker(w, s, LEFT + plotWidth * x.fraction(p.x()), TOP + PLOT_HEIGHT * (1 - y.fraction(p.y())),
                        s.name() + ": " + p.label());
            }
        }

        // legend
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            Legend.Entry e = legend.entries().get(i);
            double ly = e.y() + 8;
            w.start("g", "class", "memstore-legend-entry");
            w.empty("line", "x1", SvgWriter.num(e.x()), "y1", SvgWriter.num(ly), "x2", SvgWriter.num(e.x() + 26),
                    "y2", SvgWriter.num(ly), "stroke", s.color(), "stroke-width", "2.5", "stroke-dasharray",
                    dash(s.style()));
            marker(w, s, e.x() + 13, ly, s.name());
            w.textElement("text", e.text(), "x", SvgWriter.num(e.x() + 32), "y", SvgWriter.num(ly + 4),
                    "font-size", Integer.toString(Legend.FONT_SIZE), "fill", "#111111", "class", "memstore-legend");
            w.end("g");
        }
        w.end("svg");
        return w.finish();
    }

    private static Axis linearX(String title, List<Double> xs, DoubleFunction<String> format) {
        double max = xs.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        Axis axis = Axis.linearFromZero(title, max * 1.05);
        return axis.withFormat(format);
    }

    private static void marker(SvgWriter w, Series s, double px, double py, String tooltip) {
        String element = switch (s.marker()) {
            case CIRCLE -> {
                w.start("circle", "cx", SvgWriter.num(px), "cy", SvgWriter.num(py), "r", "4", "fill", s.color(),
                        "stroke", "#ffffff", "stroke-width", "1");
                yield "circle";
            }
            case TRIANGLE -> {
                w.start("polygon", "points", points(px, py - 5, px + 5, py + 4, px - 5, py + 4), "fill", s.color(),
                        "stroke", "#ffffff", "stroke-width", "1");
                yield "polygon";
            }
            case DIAMOND -> {
                w.start("polygon", "points", points(px, py - 5, px + 5, py, px, py + 5, px - 5, py), "fill",
                        s.color(), "stroke", "#ffffff", "stroke-width", "1");
                yield "polygon";
            }
            case HOLLOW_SQUARE -> {
                w.start("rect", "x", SvgWriter.num(px - 4), "y", SvgWriter.num(py - 4), "width", "8", "height", "8",
                        "fill", "#ffffff", "stroke", s.color(), "stroke-width", "2");
                yield "rect";
            }
        };
        w.textElement("title", tooltip);
        w.end(element);
    }

    private static String points(double... xy) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < xy.length; i += 2) {
            b.append(i == 0 ? "" : " ").append(SvgWriter.num(xy[i])).append(',').append(SvgWriter.num(xy[i + 1]));
        }
        return b.toString();
    }

    private static String dash(Series.Style style) {
        return switch (style) {
            case SOLID -> "none";
            case DASHED -> "7 5";
            case DOTTED -> "2 4";
        };
    }
}
