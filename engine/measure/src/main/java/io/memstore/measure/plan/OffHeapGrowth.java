package io.memstore.measure.plan;

import io.memstore.measure.model.LeastSquares;
import io.memstore.measure.spec.RowParams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a JVM's resident set grew by outside the heap the model sizes ({@code rss - baselineRss - heap(L)}, see
 * {@link RssModel}), as a function of the planned row: a constant where the data live on the heap (compiled code,
 * metaspace, a bounded page cache: the median of the calibration rows), or a line fitted to the rows where the
 * data live off the heap (direct buffers, a native store), {@code g = g0 + gN*N + gV*V} with V the bytes of the
 * values ({@link HeapModel#valueBytes}), each term only when the rows vary it and leave a row to spare.
 *
 * <p>Which of the two: the one whose leave-one-out error is smaller (each distinct row's growth predicted from
 * the others, relative to the row's RSS above its baseline); the constant on a tie, and whenever the rows are too
 * few to leave one out. So the RSS follows the measured growth where the heap does not explain it, and the
 * heap-derived model where it does.
 *
 * @param columns   the fitted columns (constant, keys, value bytes), null for the constant
 * @param x         their coefficients (B, B per key, B per value byte); empty for the constant
 * @param values    per calibration row, its growth at the k of {@link RssModel#kMid} (B), for the constant
 * @param lowValues per row, its growth at the highest k (the low end of the band)
 * @param highValues per row, its growth at the lowest k (the high end)
 * @param looError  the chosen candidate's largest leave-one-out error relative to the rows' RSS above baseline;
 *                  NaN when no row could be left out
 * @param relativeError for a fitted line, its largest leave-one-out error relative to the rows' own growth (what
 *                  the band carries); 0 for the constant
 * @param inverse   the fitted line's inverse normal matrix, for its leverage; null for the constant
 */
record OffHeapGrowth(boolean[] columns, double[] x, double[] values, double[] lowValues, double[] highValues,
                     double looError, double relativeError, double[][] inverse) {
    private static final int COLUMNS = 3;

    /** True when the growth is fitted to the rows (the data live off the heap), false for the constant. */
    boolean fitted() {
        return columns != null;
    }

    /** Predicted growth for the planned row (B). */
    double predict(RowParams p) {
        return fitted() ? dot(features(p)) : RssModel.median(values);
    }

    /** Low end: the constant's smallest row at the highest k, or the line less its error carried (B). */
    double low(RowParams p, double spread) {
        return fitted() ? predict(p) * PlanRules.lowFactor(band(p, spread)) : Arrays.stream(lowValues).min().getAsDouble();
    }

    /** High end: the constant's largest row at the lowest k, or the line plus its error carried (B). */
    double high(RowParams p, double spread) {
        return fitted() ? predict(p) * (1 + band(p, spread))
                : Arrays.stream(highValues).max().getAsDouble();
    }

    /** The fitted line's relative band at the planned row ({@link PlanRules#band}). */
    double band(RowParams p, double spread) {
        double v = predict(p);
        double lev = v > 0 ? LeastSquares.leverage(inverse, selected(features(p))) / v : 0;
        return PlanRules.band(relativeError, spread, Math.max(1, lev));
    }

    /** The fitted line in words: {@code 1.2 MiB + 1043.0 B per key}, or {@code median}. */
    String describe() {
        if (!fitted()) {
            return "median";
        }
        StringBuilder b = new StringBuilder();
        String[] units = {"", " B per key", " B per value byte"};
        for (int j = 0, k = 0; j < COLUMNS; j++) {
            if (columns[j]) {
                double v = x[k++];
                b.append(b.length() == 0 ? (v < 0 ? "-" : "") : v < 0 ? " - " : " + ")
                        .append(j == 0 ? io.memstore.measure.spec.Units.iec(Math.abs(v))
                                : String.format(java.util.Locale.ROOT, "%.1f", Math.abs(v))).append(units[j]);
            }
        }
        return b.toString();
    }

    private double dot(double[] all) {
        double[] f = selected(all);
        double s = 0;
        for (int i = 0; i < f.length; i++) {
            s += f[i] * x[i];
        }
        return s;
    }

    private double[] selected(double[] all) {
        double[] f = new double[x.length];
        for (int j = 0, k = 0; j < COLUMNS; j++) {
            if (columns[j]) {
                f[k++] = all[j];
            }
        }
        return f;
    }

    static double[] features(RowParams p) {
        return new double[] {1, p.keys(), HeapModel.valueBytes(p)};
    }

    /**
     * The band of a growth taken as bounded (the median) although the rows cannot rule out that it grows with the
     * keys: beyond the rows' extremes, it reaches the least-squares lines in the keys through the rows' values at
     * each end (the trend the rows show), and past them a slope the rows cannot tell from none: half the range of
     * the rows' values over the spread of their key counts ({@code sqrt(sum (N_i - mean N)^2)}), times the planned
     * row's distance from the rows' mean key count.
     *
     * @param lowLine   {c0, per key} of the line through {@code low}
     * @param highLine  {c0, per key} of the line through {@code high}
     * @param halfRange half the range of the rows' growth at the middle k (B)
     * @param meanKeys  the rows' mean key count
     * @param keySpread {@code sqrt(sum (N_i - mean N)^2)} over the rows
     */
    record TrendBand(double[] lowLine, double[] highLine, double halfRange, double meanKeys, double keySpread) {
        /** The slope the rows cannot tell from none, carried to the planned row (B). */
        double allowance(RowParams p) {
            return halfRange * Math.abs(p.keys() - meanKeys) / keySpread;
        }

        /** The line through the rows' low ends at the planned row (B). */
        double trendLow(RowParams p) {
            return lowLine[0] + lowLine[1] * p.keys();
        }

        /** The line through the rows' high ends at the planned row (B). */
        double trendHigh(RowParams p) {
            return highLine[0] + highLine[1] * p.keys();
        }

        /** Null when the rows have fewer than two key counts: no trend to draw. */
        static TrendBand of(List<RowParams> params, double[] mid, double[] low, double[] high) {
            double[] keys = params.stream().mapToDouble(RowParams::keys).toArray();
            double mean = Arrays.stream(keys).average().orElse(0);
            double spread = Math.sqrt(Arrays.stream(keys).map(k -> (k - mean) * (k - mean)).sum());
            if (spread == 0) {
                return null;
            }
            double halfRange = (Arrays.stream(mid).max().getAsDouble() - Arrays.stream(mid).min().getAsDouble()) / 2;
            return new TrendBand(line(keys, low), line(keys, high), halfRange, mean, spread);
        }

        private static double[] line(double[] keys, double[] values) {
            double mk = Arrays.stream(keys).average().getAsDouble();
            double mv = Arrays.stream(values).average().getAsDouble();
            double sxy = 0;
            double sxx = 0;
            for (int i = 0; i < keys.length; i++) {
                sxy += (keys[i] - mk) * (values[i] - mv);
                sxx += (keys[i] - mk) * (keys[i] - mk);
            }
            double slope = sxy / sxx;
            return new double[] {mv - slope * mk, slope};
        }
    }

    /** A constant growth: the median of the rows' (B), their extremes for the band. */
    static OffHeapGrowth constant(double[] growth, double[] low, double[] high) {
        return new OffHeapGrowth(null, new double[0], growth, low, high, Double.NaN, 0, null);
    }

    /**
     * Chooses and fits the growth of the rows.
     *
     * @param params  per row, its parameters
     * @param growth  per row, its growth at the middle k (B)
     * @param low     per row, its growth at the highest k (B)
     * @param high    per row, its growth at the lowest k (B)
     * @param above   per row, its RSS above its baseline (B): what errors are relative to
     */
    static OffHeapGrowth fit(List<RowParams> params, double[] growth, double[] low, double[] high, double[] above) {
        OffHeapGrowth constant = new OffHeapGrowth(null, new double[0], growth, low, high,
                looConstant(params, growth, above), 0, null);
        if (Double.isNaN(constant.looError)) {
            return constant;
        }
        OffHeapGrowth best = constant;
        for (boolean[] columns : candidates(params)) {
            if (groups(params, columns).size() <= count(columns)) {
                continue; // no row to spare: its error would read 0
            }
            LeastSquares.Solution s = solve(params, growth, above, columns, allRows(params.size()));
            if (s == null || !nonNegative(columns, s.coefficients())) {
                continue;
            }
            double[] loo = looLine(params, growth, above, columns);
            if (!Double.isNaN(loo[0]) && loo[0] < best.looError) {
                best = new OffHeapGrowth(columns, s.coefficients(), growth, low, high, loo[0], loo[1], s.inverse());
            }
        }
        return best;
    }

    /** The line's candidate column sets: keys alone, value bytes alone, each with a constant, both. */
    private static List<boolean[]> candidates(List<RowParams> params) {
        Set<Long> keys = new TreeSet<>();
        Set<Double> values = new TreeSet<>();
        for (RowParams p : params) {
            keys.add(p.keys());
            values.add(HeapModel.valueBytes(p) / p.keys());
        }
        List<boolean[]> out = new ArrayList<>();
        if (keys.size() >= 2) {
            out.add(new boolean[] {false, true, false});
            out.add(new boolean[] {true, true, false});
        }
        if (values.size() >= 2) {
            out.add(new boolean[] {false, true, true});
            out.add(new boolean[] {true, true, true});
        }
        return out;
    }

    private static boolean nonNegative(boolean[] columns, double[] x) {
        for (int j = 1, k = columns[0] ? 1 : 0; j < COLUMNS; j++) {
            if (columns[j] && x[k++] < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean[] allRows(int n) {
        boolean[] b = new boolean[n];
        Arrays.fill(b, true);
        return b;
    }

    private static LeastSquares.Solution solve(List<RowParams> params, double[] growth, double[] above,
                                               boolean[] columns, boolean[] use) {
        int n = 0;
        for (boolean u : use) {
            n += u ? 1 : 0;
        }
        int k = count(columns);
        double[][] x = new double[n][k];
        double[] z = new double[n];
        double[] w = new double[n];
        for (int i = 0, r = 0; i < params.size(); i++) {
            if (!use[i]) {
                continue;
            }
            double[] all = features(params.get(i));
            for (int j = 0, c = 0; j < COLUMNS; j++) {
                if (columns[j]) {
                    x[r][c++] = all[j];
                }
            }
            z[r] = growth[i];
            w[r] = 1 / (above[i] * above[i]);
            r++;
        }
        return LeastSquares.solve(x, z, w);
    }

    /** Rows alike in what the columns see (null: every row its own group by keys and value bytes). */
    private static Map<List<Double>, List<Integer>> groups(List<RowParams> params, boolean[] columns) {
        Map<List<Double>, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < params.size(); i++) {
            double[] all = features(params.get(i));
            List<Double> key = new ArrayList<>();
            for (int j = 1; j < COLUMNS; j++) {
                if (columns == null || columns[j]) {
                    key.add(all[j]);
                }
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        return groups;
    }

    /** The constant's leave-one-out error: each distinct row's growth as the median of the others'. */
    private static double looConstant(List<RowParams> params, double[] growth, double[] above) {
        Map<List<Double>, List<Integer>> groups = groups(params, null);
        if (groups.size() < 2) {
            return Double.NaN;
        }
        double worst = 0;
        for (List<Integer> group : groups.values()) {
            double[] rest = new double[params.size() - group.size()];
            for (int i = 0, r = 0; i < params.size(); i++) {
                if (!group.contains(i)) {
                    rest[r++] = growth[i];
                }
            }
            double predicted = RssModel.median(rest);
            for (int i : group) {
                worst = Math.max(worst, Math.abs(predicted - growth[i]) / above[i]);
            }
        }
        return worst;
    }

    /**
     * The line's leave-one-out errors: {largest relative to the RSS above baseline, largest relative to the row's
     * growth}; NaN when a fold cannot be fitted.
     */
    private static double[] looLine(List<RowParams> params, double[] growth, double[] above, boolean[] columns) {
        double worst = 0;
        double worstOwn = 0;
        for (List<Integer> group : groups(params, columns).values()) {
            boolean[] use = allRows(params.size());
            group.forEach(i -> use[i] = false);
            LeastSquares.Solution s = solve(params, growth, above, columns, use);
            if (s == null) {
                return new double[] {Double.NaN, Double.NaN};
            }
            for (int i : group) {
                double[] all = features(params.get(i));
                double predicted = 0;
                for (int j = 0, k = 0; j < COLUMNS; j++) {
                    if (columns[j]) {
                        predicted += all[j] * s.coefficients()[k++];
                    }
                }
                worst = Math.max(worst, Math.abs(predicted - growth[i]) / above[i]);
                worstOwn = Math.max(worstOwn, Math.abs(predicted - growth[i]) / Math.max(1, Math.abs(growth[i])));
            }
        }
        return new double[] {worst, worstOwn};
    }

    private static int count(boolean[] columns) {
        int k = 0;
        for (boolean b : columns) {
            k += b ? 1 : 0;
        }
        return k;
    }
}
