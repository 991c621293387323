package io.memstore.measure.spec;

import java.util.Locale;

/** What a {@link Metric}'s number counts, which decides how budgets write bounds for it and how reports print it. */
public enum MetricUnit {
    /** Bytes; budgets write sizes such as {@code 120MiB} or plain integers of bytes. */
    BYTES,
    /** Seconds of wall-clock time; budgets write plain numbers. */
    SECONDS,
    /** Operations per second; budgets write plain numbers. */
    OPS_PER_SECOND,
    /** A dimensionless ratio (0.05 = 5%); budgets write plain numbers. */
    RATIO,
    /** A count of things (events); budgets write plain numbers. */
    COUNT;

    /** The value for people: {@code 117.3 MiB}, {@code 2.350 s}, {@code 812,345 ops/s}, {@code 0.0312}. */
    public String format(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        switch (this) {
            case BYTES:
                return Units.iec(Math.round(value));
            case SECONDS:
                return String.format(Locale.ROOT, "%.3f s", value);
            case OPS_PER_SECOND:
                return Units.whole(value) + " ops/s";
            case COUNT:
                return Units.whole(value);
            default:
                return String.format(Locale.ROOT, "%.4f", value);
        }
    }

    /** True when whole values of this unit are counts (of bytes or of things), written as JSON/CSV integers. */
    public boolean integralWhenWhole() {
        return this == BYTES || this == COUNT;
    }
}
