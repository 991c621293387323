package io.memstore.engine.result;

import java.util.Locale;

/**
 * What a {@link Metric}'s number counts; it decides how reports print the number and whether JSON and CSV
 * write it as an integer. Mirrors the spec package's MetricUnit so the two can be unified.
 */
public enum MetricUnit {
    /** Bytes (also bytes per key and per version); whole values are written as integers. */
    BYTES,
    /** Seconds of wall-clock time. */
    SECONDS,
    /** Operations per second. */
    OPS_PER_SECOND,
    /** A dimensionless ratio: 0.05 is 5 %. */
    RATIO;

    /** The value for people, with its unit: {@code 117.3 MiB}, {@code 2.350 s}, {@code 812345 ops/s}, {@code 0.0312}. */
    public String format(double value) {
        if (!Double.isFinite(value)) {
            return Units.NA;
        }
        switch (this) {
            case BYTES:
                return Units.iec(value);
            case SECONDS:
                return String.format(Locale.ROOT, "%.3f s", value);
            case OPS_PER_SECOND:
                return String.format(Locale.ROOT, "%.0f ops/s", value);
            default:
                return String.format(Locale.ROOT, "%.4f", value);
        }
    }

    /** True when whole values of this unit are counts of bytes, written as JSON/CSV integers. */
    public boolean integralWhenWhole() {
        return this == BYTES;
    }
}
