package io.memstore.measure.result;

import java.util.Locale;

/**
 * Formats sizes and counts for people, always with an explicit unit. IEC units (KiB, MiB, GiB = powers of 1024)
 * for measured sizes; SI (KB, MB = powers of 1000) only where a configured size is exactly such a multiple.
 * The lead may later unify this with the spec package's Sizes.
 */
public final class Units {
    /** What is printed for a metric the platform could not measure: never a made-up number. */
    public static final String NA = "n/a";

    private static final double KIB = 1024.0;
    private static final double MIB = KIB * 1024;
    private static final String[] IEC = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

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

    /** Bytes as mebibytes with one decimal, no unit (for columns whose header says MiB): {@code 117.3}. */
    public static String mib(double bytes) {
        return Double.isFinite(bytes) ? String.format(Locale.ROOT, "%.1f", bytes / MIB) : NA;
    }

    /** Bytes divided by a key count, one decimal, no unit (for columns whose header says B/key): {@code 123.0}. */
    public static String perKey(double bytes, long keys) {
        return Double.isFinite(bytes) && keys > 0 ? String.format(Locale.ROOT, "%.1f", bytes / keys) : NA;
    }

    /** A configured size, exactly: {@code 64 B}, {@code 1 KiB} (1024), {@code 1 KB} (1000), {@code 1000 B}... */
    public static String exactBytes(long bytes) {
        if (bytes != 0) {
            String[] iec = {"KiB", "MiB", "GiB", "TiB"};
            String[] si = {"KB", "MB", "GB", "TB"};
            for (int i = iec.length - 1; i >= 0; i--) {
                long iecUnit = 1L << (10 * (i + 1));
                if (bytes % iecUnit == 0) {
                    return bytes / iecUnit + " " + iec[i];
                }
                long siUnit = (long) Math.pow(1000, i + 1);
                if (bytes % siUnit == 0) {
                    return bytes / siUnit + " " + si[i];
                }
            }
        }
        return bytes + " B";
    }

    /** A count the way the seed writes N: {@code 100K}, {@code 1M}, {@code 2G}; other counts in full digits. */
    public static String count(long n) {
        String[] suffix = {"G", "M", "K"};
        long[] unit = {1_000_000_000L, 1_000_000L, 1_000L};
        for (int i = 0; i < unit.length; i++) {
            if (n != 0 && n % unit[i] == 0) {
                return n / unit[i] + suffix[i];
            }
        }
        return Long.toString(n);
    }

    /** A ratio as a percentage with one decimal: {@code 0.0312} -> {@code 3.1 %}. */
    public static String percent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.1f %%", ratio * 100) : NA;
    }
}
