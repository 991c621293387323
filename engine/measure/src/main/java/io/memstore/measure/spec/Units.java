package io.memstore.measure.spec;

import java.util.Locale;

/**
 * Formats sizes and counts, always with an explicit unit: B; KB, MB, GB = powers of 1000; KiB, MiB, GiB = powers
 * of 1024. The one formatter of the measure side: row names, console and report tables, budgets and plans all
 * print through it, and {@link Sizes} parses what it prints back to the same number.
 *
 * <ul>
 *   <li>Measured sizes (a heap, an RSS) are not round numbers: {@link #iec} prints them in the largest IEC unit
 *       that keeps the number at or above 1, with one decimal ({@code 117.3 MiB}).</li>
 *   <li>Configured sizes (a key size, a value size) are exact: {@link #exactBytes} prints the shortest exact form
 *       ({@code 64 B}, {@code 1 KiB}, {@code 1 KB}; 1,024,000 B is {@code 1024 KB}, not {@code 1000 KiB}), and
 *       {@link #compactBytes} the same without the blank, as row names carry it ({@code 1024KB}).</li>
 *   <li>Counts of keys read like N in etcd's benchmark tables: {@code 100K}, {@code 1M}, else in full digits ({@link
 * #count}).</li>
 *   <li>Every other whole number people read (rates, counts of events, a model's constant) goes through
 *       {@link #whole}: {@code 763,713}, in the console, memstore.md and the report alike.</li>
 * </ul>
 */
public final class Units {
    /** What is printed for a metric the platform could not measure: never a made-up number. */
    public static final String NA = "n/a";

    private static final double KIB = 1024.0;
    private static final double MIB = KIB * 1024;
    private static final String[] IEC = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    /** The exact units in tie-break order: IEC before SI, the larger before the smaller, bytes last. */
    private static final long[] EXACT_FACTORS = {Sizes.GIB, Sizes.MIB, Sizes.KIB, Sizes.GB, Sizes.MB, Sizes.KB, 1};
    private static final String[] EXACT_NAMES = {"GiB", "MiB", "KiB", "GB", "MB", "KB", "B"};

    private Units() {
    }

    /** {@code 512 B}, {@code 12.3 KiB}, {@code 117.3 MiB}: the largest IEC unit that keeps the number >= 1. */
    public static String iec(long bytes) {
        return iec((double) bytes);
    }

    /** Like {@link #iec(long)}; below 1 KiB a fractional value keeps one decimal ({@code 110.6 B}). */
    public static String iec(double bytes) {
        if (!Double.isFinite(bytes)) {
            return NA;
        }
        double magnitude = Math.abs(bytes);
        if (magnitude < KIB) {
            return bytes == Math.rint(bytes)
                    ? String.format(Locale.ROOT, "%d B", (long) bytes)
                    : String.format(Locale.ROOT, "%.1f B", bytes);
        }
        int unit = 0;
        double scaled = bytes;
        // Step up while the rounded value would print as 1024.0 or more in this unit.
        while (unit < IEC.length - 1 && Math.abs(scaled) >= KIB - 0.05) {
            scaled /= KIB;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", scaled, IEC[unit]);
    }

    /**
     * Bytes as mebibytes with one decimal, no unit (for columns whose header says MiB): {@code 117.3},
     * {@code 12,345.6} (grouped as {@link #whole} groups).
     */
    public static String mib(double bytes) {
        return Double.isFinite(bytes) ? oneDecimal(bytes / MIB) : NA;
    }

    /**
     * Bytes divided by a key count, one decimal, no unit (for columns whose header says B/key): {@code 123.0},
     * {@code 43,581.4}.
     */
    public static String perKey(double bytes, long keys) {
        return Double.isFinite(bytes) && keys > 0 ? oneDecimal(bytes / keys) : NA;
    }

    /** One decimal, the thousands grouped from five digits on, as {@link #whole} groups whole numbers. */
    private static String oneDecimal(double v) {
        return String.format(Locale.ROOT, Math.abs(v) < 9_999.95 ? "%.1f" : "%,.1f", v);
    }

    /**
     * A configured size, exactly, in the unit that divides it and gives the shortest text: {@code 64 B},
     * {@code 1 KiB} (1024), {@code 1 KB} (1000), {@code 1536 B}, {@code 1024 KB} (1,024,000). On a tie of lengths
     * KiB/MiB/GiB win ({@code 100352000} is {@code 98000 KiB}), then the larger unit.
     */
    public static String exactBytes(long bytes) {
        return exact(bytes, " ");
    }

    /** {@link #exactBytes} without the blank, as row names write sizes: {@code 64B}, {@code 1KiB}, {@code 1024KB}. */
    public static String compactBytes(long bytes) {
        return exact(bytes, "");
    }

    private static String exact(long bytes, String blank) {
        if (bytes == 0 || bytes == Long.MIN_VALUE) {
            return bytes + blank + "B";
        }
        String sign = bytes < 0 ? "-" : "";
        long v = Math.abs(bytes);
        String best = null;
        for (int i = 0; i < EXACT_FACTORS.length; i++) {
            if (v % EXACT_FACTORS[i] == 0) {
                String candidate = (v / EXACT_FACTORS[i]) + blank + EXACT_NAMES[i];
                if (best == null || candidate.length() < best.length()) {
                    best = candidate;
                }
            }
        }
        return sign + best;
    }

    /**
     * A count the way etcd's benchmark tables write N and {@link Sizes#parseCount} reads it back: {@code 100K}, {@code
     * 1M}, {@code 1500K}; other counts in full digits.
     */
    public static String count(long n) {
        if (n != 0 && n % 1_000_000 == 0) {
            return n / 1_000_000 + "M";
        }
        if (n != 0 && n % 1_000 == 0) {
            return n / 1_000 + "K";
        }
        return Long.toString(n);
    }

    /**
     * A whole number for people, rounded, its thousands grouped with commas from five digits on: {@code 763,713},
     * {@code -12,500}, {@code 4096} (a four-digit number stays whole, as sizes such as {@code 1024 KB} are written).
     * Rates, counts and byte constants print through it in every output; machine formats (JSON, CSV) keep plain
     * digits.
     */
    public static String whole(double value) {
        if (!Double.isFinite(value)) {
            return NA;
        }
        long n = Math.round(value);
        return Math.abs(n) < 10_000 ? Long.toString(n) : String.format(Locale.ROOT, "%,d", n);
    }

    /** A ratio as a percentage with one decimal: {@code 0.0312} -> {@code 3.1 %}. */
    public static String percent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.1f %%", ratio * 100) : NA;
    }
}
