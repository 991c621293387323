package io.memstore.measure.spec;

import java.util.List;
import java.util.Locale;

/**
 * How much a set of rows asks of a run, as the console tells it before the first row: how many rows, their largest
 * key count and the writes (puts and deletes) of all their runs, e.g. {@code 12 rows up to 1M keys, 19.8M writes}.
 * A count computed from the spec, where a fixed duration would be wrong on every other machine and spec.
 */
public final class RowCount {
    private RowCount() {
    }

    /** Like {@code 12 rows up to 1M keys, 19.8M writes}; {@code 1 row of 1K keys, 5K writes} for one row. */
    public static String describe(List<Row> rows) {
        long keys = rows.stream().mapToLong(r -> r.params().keys()).max().orElse(0);
        long writes = rows.stream().mapToLong(RowCount::writes).sum();
        return rows.size() + (rows.size() == 1 ? " row of " : " rows up to ") + Units.count(keys) + " keys, "
                + approximate(writes) + " writes";
    }

    /** The puts and deletes of every run of the row: keys x versions x runs, plus the deleted share of the keys. */
    public static long writes(Row row) {
        RowParams p = row.params();
        long once = p.keys() * p.versions() + Math.round(p.keys() * p.deletes());
        return once * Math.max(1, p.runs());
    }

    /** {@code 19.8M}, {@code 198K}, {@code 950}: three significant digits at most. */
    static String approximate(long n) {
        if (n >= 1_000_000_000L) {
            return scaled(n / 1e9) + "G";
        }
        if (n >= 1_000_000L) {
            return scaled(n / 1e6) + "M";
        }
        if (n >= 1_000L) {
            return scaled(n / 1e3) + "K";
        }
        return Long.toString(n);
    }

    private static String scaled(double v) {
        String s = v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v)
                : String.format(Locale.ROOT, "%.2f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
