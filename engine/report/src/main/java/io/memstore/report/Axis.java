package io.memstore.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.DoubleFunction;

/**
 * Maps data values onto the [0, 1] span of a chart axis and chooses its ticks: linear from zero (sizes, where
 * a bar or line is read against zero) or logarithmic (key counts, which grow by factors of ten).
 */
final class Axis {
    private final String title;
    private final boolean log;
    private final double min;
    private final double max;
    private final List<Double> ticks;
    private final DoubleFunction<String> format;

    private Axis(String title, boolean log, double min, double max, List<Double> ticks,
                 DoubleFunction<String> format) {
        this.title = title;
        this.log = log;
        this.min = min;
        this.max = max;
        this.ticks = List.copyOf(ticks);
        this.format = format;
    }

    /**
     * From 0 to a round value at or above {@code dataMax}, with about five ticks at steps of 1, 2 or 5 times a
     * power of ten, labelled with as many decimals as the step needs.
     */
    static Axis linearFromZero(String title, double dataMax) {
        double top = dataMax > 0 && Double.isFinite(dataMax) ? dataMax : 1;
        double step = niceStep(top / 5);
        double axisMax = Math.ceil(top / step - 1e-9) * step;
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i * step <= axisMax + step / 2; i++) {
            ticks.add(i * step);
        }
        int decimals = Math.max(0, -(int) Math.floor(Math.log10(step) + 1e-9));
        String pattern = "%." + decimals + "f";
        return new Axis(title, false, 0, axisMax, ticks, v -> String.format(Locale.ROOT, pattern, v));
    }

    /**
     * A logarithmic axis for positive values: padded by a sixth of a decade on each side (half a decade around a
     * single value), ticks at the distinct data values when there are at most eight, else at powers of ten.
     */
    static Axis logarithmic(String title, List<Double> values, DoubleFunction<String> format) {
        TreeSet<Double> distinct = new TreeSet<>();
        for (double v : values) {
            if (!(v > 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException("a logarithmic axis needs positive values, got " + v);
            }
            distinct.add(v);
        }
        if (distinct.isEmpty()) {
            throw new IllegalArgumentException("an axis needs at least one value");
        }
        double lo = Math.log10(distinct.first());
        double hi = Math.log10(distinct.last());
        double pad = hi - lo < 1e-9 ? 0.5 : Math.max((hi - lo) / 6, 0.15);
        List<Double> ticks = new ArrayList<>();
        if (distinct.size() <= 8) {
            ticks.addAll(distinct);
        } else {
            for (int e = (int) Math.ceil(lo - 1e-9); e <= Math.floor(hi + 1e-9); e++) {
                ticks.add(Math.pow(10, e));
            }
        }
        return new Axis(title, true, lo - pad, hi + pad, ticks, format);
    }

    /**
     * A logarithmic value axis from a 1-2-5 value at or below {@code dataMin} to one at or above {@code dataMax},
     * ticks at 1, 2 and 5 times powers of ten (only 1 times when the span exceeds four decades).
     */
    static Axis logarithmicRange(String title, double dataMin, double dataMax) {
        if (!(dataMin > 0) || !(dataMax >= dataMin) || !Double.isFinite(dataMax)) {
            throw new IllegalArgumentException("a logarithmic axis needs 0 < min <= max, got " + dataMin + ", "
                    + dataMax);
        }
        double lo = Math.floor(Math.log10(dataMin) + 1e-9);
        double hi = Math.ceil(Math.log10(dataMax) - 1e-9);
        if (hi <= lo) {
            hi = lo + 1;
        }
        double[] multiples = hi - lo > 4 ? new double[] {1} : new double[] {1, 2, 5};
        List<Double> ticks = new ArrayList<>();
        for (int e = (int) lo; e <= (int) hi; e++) {
            for (double m : multiples) {
                double t = new BigDecimal(m * Math.pow(10, e)).round(new java.math.MathContext(3)).doubleValue();
                if (Math.log10(t) <= hi + 1e-9) {
                    ticks.add(t);
                }
            }
        }
        return new Axis(title, true, lo, hi, ticks, Axis::plain);
    }

    /** {@code 0.05}, {@code 2}, {@code 1000}: no exponent, no trailing zeros. */
    static String plain(double v) {
        return new BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** The same axis with other tick labels. */
    Axis withFormat(DoubleFunction<String> labels) {
        return new Axis(title, log, min, max, ticks, labels);
    }

    /** Where {@code value} lies between the axis' ends: 0 at the start, 1 at the end. */
    double fraction(double value) {
        double v = log ? Math.log10(value) : value;
        return (v - min) / (max - min);
    }

    String title() {
        return title;
    }

    boolean isLog() {
        return log;
    }

    List<Double> ticks() {
        return ticks;
    }

    String label(double tick) {
        return format.apply(tick);
    }

    /** 1, 2 or 5 times a power of ten, the smallest such at or above {@code raw}. */
    static double niceStep(double raw) {
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            double step = m * power;
            if (step >= raw * (1 - 1e-9)) {
                return new BigDecimal(step).round(new java.math.MathContext(3)).doubleValue();
            }
        }
        return 10 * power;
    }
}
