package io.memstore.report;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * One line of a {@link LineChart}.
 *
 * @param name      the legend text, unescaped
 * @param color     an SVG colour like {@code #0072B2}
 * @param style     solid for memstore's measurements, dashed for etcd's benchmark's published figures, dotted for a
 *                  reference level
 * @param points    the points, sorted by x when the series is made
 * @param marker    the shape of the points' markers; with the colour, it tells a series from every other
 */
public record Series(String name, String color, Style style, List<Point> points, Marker marker) {
    /** How the line is drawn. */
    public enum Style { SOLID, DASHED, DOTTED }

    /** How the points are drawn: filled shapes for measurements, a hollow square for reference figures. */
    public enum Marker { CIRCLE, TRIANGLE, DIAMOND, HOLLOW_SQUARE }

    /** A series with the marker of its style: a circle when solid, else a hollow square. */
    public Series(String name, String color, Style style, List<Point> points) {
        this(name, color, style, points, style == Style.SOLID ? Marker.CIRCLE : Marker.HOLLOW_SQUARE);
    }

    /**
     * A data point.
     *
     * @param x     position on the x axis, in the axis' unit
     * @param y     position on the y axis, in the axis' unit
     * @param label the tooltip text, unescaped
     */
    public record Point(double x, double y, String label) {
        public Point {
            if (!Double.isFinite(x) || !Double.isFinite(y)) {
                throw new IllegalArgumentException("a point needs finite coordinates, got (" + x + ", " + y + ")");
            }
            Objects.requireNonNull(label, "label");
        }
    }

    public Series {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(style, "style");
        Objects.requireNonNull(marker, "marker");
        if (color == null || !color.matches("#[0-9A-Fa-f]{6}")) {
            throw new IllegalArgumentException("series colour must be #RRGGBB, was " + color);
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("series '" + name + "' has no points");
        }
        points = points.stream().sorted(Comparator.comparingDouble(Point::x)).toList();
    }
}
