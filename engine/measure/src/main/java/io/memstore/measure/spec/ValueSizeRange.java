package io.memstore.measure.spec;

/**
 * A {@code valueSize} written as a range, {@code 512B..16KiB}: each put's value size is drawn uniformly from
 * {@code min..max} (both included), seeded by the row's seed, the key and the version, so a row's values are the
 * same in every run. A single size stays an {@code Integer} in the spec's parsed values; only a true range
 * ({@code min < max}) is one of these.
 *
 * @param min the smallest value size (B)
 * @param max the largest value size (B), greater than {@code min}
 */
public record ValueSizeRange(int min, int max) {
    public ValueSizeRange {
        if (min < 0 || max <= min) {
            throw new IllegalArgumentException("a value size range needs 0 <= min < max, was " + min + ".." + max);
        }
    }

    /** The mean value size of a uniform draw (B). */
    public double mean() {
        return (min + (double) max) / 2;
    }

    @Override
    public String toString() {
        return Units.compactBytes(min) + ".." + Units.compactBytes(max);
    }
}
