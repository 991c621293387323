package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The index's live heap as its {@link Layout} says it grows, {@code c0 + N*(c1 + keyBytes) + N*slots*c2}, fitted
 * to measured rows by weighted least squares. For an etcd member one more term, {@code R*cr}, charges the raft
 * entries it still holds in memory ({@link EtcdRaftLog}: R follows the puts below the snapshot count and drops
 * after each snapshot), so a plan made below the snapshot count does not carry the raft log's growth past it.
 *
 * <p>The known term {@code N*keyBytes} goes to the left, leaving {@code z = c0 + c1*N + c2*(N*slots)}. Each row
 * weighs {@code 1/y²}, so the fit minimises squared relative errors and a 10K-key row counts as much as a 100K one.
 * A coefficient the rows cannot tell apart is left out rather than guessed: c0 needs two key counts, c2 two
 * slot counts (two versions values that the layout does not map to the same capacity), cr two shares of raft
 * entries per key (rows at two snapshot counts, or on both sides of one). Without c2 the model describes only the
 * slot count it was fitted at, without cr only the raft share, and {@link #canPredict} says so.
 *
 * <p>c0 is the heap the measurement itself adds, a fixed amount: it matters at calibration sizes (a 1K-key row
 * reads more bytes per key than a 100K-key one), not at planning sizes.
 *
 * @param layout    the layout fitted
 * @param c0        fixed bytes, 0 when not fitted
 * @param c1        bytes per key besides the key's own bytes
 * @param c2        bytes per revision slot, NaN when not fitted (then c1 includes {@code slots*c2})
 * @param fitSlots  the slot count c1 includes when c2 is NaN; NaN otherwise
 * @param cr        bytes per raft entry in an etcd member's memory; 0 for other systems, NaN when not fitted
 *                  (then c1 includes {@code fitRaftShare*cr})
 * @param fitRaftShare raft entries in memory per key that c1 includes when cr is NaN; NaN otherwise
 * @param relativeRmsError root mean square of (predicted - measured) / measured over the rows
 * @param rows      the fitted rows' names
 */
public record HeapModel(Layout layout, double c0, double c1, double c2, double fitSlots, double cr,
                        double fitRaftShare, double relativeRmsError, List<String> rows) {
    /** How far a scenario's raft share may lie from the rows' for a model without cr. */
    static final double RAFT_SHARE_TOLERANCE = 0.01;

    public HeapModel {
        rows = List.copyOf(rows);
    }

    /** A model of a system without a raft log (cr = 0). */
    public HeapModel(Layout layout, double c0, double c1, double c2, double fitSlots, double relativeRmsError,
                     List<String> rows) {
        this(layout, c0, c1, c2, fitSlots, 0, Double.NaN, relativeRmsError, rows);
    }

    /** True when cr was determined: any raft share can be predicted. */
    public boolean hasCr() {
        return !Double.isNaN(cr);
    }

    /** Raft entries in memory per key of the row: 0 but for etcd rows. */
    static double raftShare(RowParams p) {
        return p.system().isEtcd() ? (double) EtcdRaftLog.entriesInMemory(p) / p.keys() : 0;
    }

    /** True when c2 was determined: any versions can be predicted. */
    public boolean hasC2() {
        return !Double.isNaN(c2);
    }

    /** True when the model describes rows of these parameters' versions. */
    public boolean canPredict(RowParams p) {
        return (hasC2() || layout.revisionSlots(p.versions()) == fitSlots) && raftFits(p);
    }

    /** True when the model describes the row's raft share. */
    public boolean raftFits(RowParams p) {
        return hasCr() || Math.abs(raftShare(p) - fitRaftShare) <= RAFT_SHARE_TOLERANCE;
    }

    /** Predicted index.liveHeap in bytes. */
    public double predict(RowParams p) {
        if (!raftFits(p)) {
            throw new IllegalArgumentException(Double.isNaN(fitRaftShare) ? "the rows' raft entries could not be"
                    + " told apart from their keys" : String.format(java.util.Locale.ROOT, "the model was fitted at"
                    + " %.3f raft entries in memory per key only and cannot predict %.3f", fitRaftShare, raftShare(p)));
        }
        if (!canPredict(p)) {
            throw new IllegalArgumentException("the model was fitted at " + (long) fitSlots + " revision slot(s)"
                    + " per key only and cannot predict versions=" + p.versions());
        }
        double n = p.keys();
        return c0 + n * (c1 + layout.keyBytes(p.keySize())) + (hasC2() ? n * layout.revisionSlots(p.versions()) * c2
                : 0) + (hasCr() ? n * raftShare(p) * cr : 0);
    }

    /**
     * Fits the rows (all of one index and key pattern; rows without a positive index.liveHeap are skipped).
     *
     * @throws IllegalArgumentException when no row is usable
     */
    public static HeapModel fit(Layout layout, List<RowResult> rows) {
        return fit(layout, rows, r -> r.metric(Metric.INDEX_LIVE_HEAP).orElse(0), "index.liveHeap");
    }

    /**
     * Fits the same form to another reading of the rows (rows where it is not positive are skipped): an etcd
     * member's RSS above its idle RSS grows with its keys and raft log as its Go heap does ({@link EtcdRssModel}).
     *
     * @param what names the reading in the message when no row is usable
     */
    static HeapModel fit(Layout layout, List<RowResult> rows, ToDoubleFunction<RowResult> reading, String what) {
        List<RowResult> used = new ArrayList<>();
        for (RowResult r : rows) {
            if (reading.applyAsDouble(r) > 0) {
                used.add(r);
            }
        }
        if (used.isEmpty()) {
            throw new IllegalArgumentException("no row with a measured " + what + " to fit");
        }
        Set<Long> keys = new TreeSet<>();
        Set<Double> slots = new TreeSet<>();
        List<Double> shares = new ArrayList<>();
        boolean etcd = false;
        for (RowResult r : used) {
            keys.add(r.params().keys());
            slots.add(layout.revisionSlots(r.params().versions()));
            shares.add(raftShare(r.params()));
            etcd |= r.params().system().isEtcd();
        }
        double shareLow = shares.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
        double shareHigh = shares.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
        // columns: 0 = intercept, 1 = N, 2 = N*slots, 3 = raft entries; try the richest identifiable set first
        List<boolean[]> candidates = new ArrayList<>();
        boolean intercept = keys.size() >= 2;
        boolean slope = slots.size() >= 2;
        boolean raft = etcd && shareHigh - shareLow > RAFT_SHARE_TOLERANCE;
        if (raft) {
            candidates.add(new boolean[] {intercept, true, slope, true});
            candidates.add(new boolean[] {false, true, slope, true});
        }
        candidates.add(new boolean[] {intercept, true, slope, false});
        candidates.add(new boolean[] {false, true, slope, false});
        candidates.add(new boolean[] {false, true, false, false});
        for (boolean[] columns : candidates) {
            double[] solution = solve(layout, used, columns, reading);
            if (solution != null) {
                double cr = columns[3] ? solution[3] : etcd ? Double.NaN : 0;
                // etcd rows at several raft shares without a cr describe none of them: fitShare NaN
                double fitShare = columns[3] || !etcd || raft ? Double.NaN : shares.get(0);
                return model(layout, used, columns, solution, slots, cr, fitShare, reading);
            }
        }
        throw new IllegalStateException("no identifiable fit"); // N alone is always identifiable
    }

    private static HeapModel model(Layout layout, List<RowResult> used, boolean[] columns, double[] s,
                                   Set<Double> slots, double cr, double fitShare, ToDoubleFunction<RowResult> reading) {
        double c0 = columns[0] ? s[0] : 0;
        double c1 = s[1];
        double c2 = columns[2] ? s[2] : Double.NaN;
        double fitSlots = columns[2] ? Double.NaN : slots.iterator().next();
        HeapModel partial = new HeapModel(layout, c0, c1, c2, fitSlots, cr, fitShare, Double.NaN, List.of());
        double squares = 0;
        List<String> names = new ArrayList<>();
        for (RowResult r : used) {
            double y = reading.applyAsDouble(r);
            double e = (partial.fitted(r.params()) - y) / y;
            squares += e * e;
            names.add(r.name());
        }
        return new HeapModel(layout, c0, c1, c2, fitSlots, cr, fitShare, Math.sqrt(squares / used.size()), names);
    }

    /** The model's value for a fitted row, whatever its raft share. */
    private double fitted(RowParams p) {
        return withRaftEntries(p, p.system().isEtcd() ? EtcdRaftLog.entriesInMemory(p) : 0);
    }

    /**
     * The model's value for the row's keys and versions with this many raft entries in memory instead of those
     * the row ends with (an etcd member's log was longer before its last snapshot).
     */
    double withRaftEntries(RowParams p, long raftEntries) {
        double n = p.keys();
        return c0 + n * (c1 + layout.keyBytes(p.keySize())) + (hasC2() ? n * layout.revisionSlots(p.versions()) * c2
                : 0) + (hasCr() ? raftEntries * cr : 0);
    }

    /** Weighted least squares over the chosen columns; null when they are not identifiable from the rows. */
    private static double[] solve(Layout layout, List<RowResult> rows, boolean[] columns,
                                  ToDoubleFunction<RowResult> reading) {
        int k = 0;
        for (boolean c : columns) {
            k += c ? 1 : 0;
        }
        if (rows.size() < k) {
            return null;
        }
        double[][] a = new double[k][k];
        double[] b = new double[k];
        double[] scale = new double[4];
        for (RowResult r : rows) {
            double[] x = features(layout, r.params());
            for (int j = 0; j < 4; j++) {
                scale[j] = Math.max(scale[j], Math.abs(x[j]));
            }
        }
        for (RowResult r : rows) {
            RowParams p = r.params();
            double y = reading.applyAsDouble(r);
            double z = y - p.keys() * layout.keyBytes(p.keySize());
            double w = 1 / (y * y);
            double[] all = features(layout, p);
            double[] x = new double[k];
            for (int j = 0, c = 0; j < 4; j++) {
                if (columns[j]) {
                    x[c++] = all[j] / scale[j]; // scaled columns keep the normal equations well conditioned
                }
            }
            for (int i = 0; i < k; i++) {
                b[i] += w * x[i] * z;
                for (int j = 0; j < k; j++) {
                    a[i][j] += w * x[i] * x[j];
                }
            }
        }
        double[] s = gauss(a, b);
        if (s == null) {
            return null;
        }
        double[] out = new double[4];
        for (int j = 0, c = 0; j < 4; j++) {
            if (columns[j]) {
                out[j] = s[c++] / scale[j];
            }
        }
        return out;
    }

    private static double[] features(Layout layout, RowParams p) {
        double n = p.keys();
        return new double[] {1, n, n * layout.revisionSlots(p.versions()), n * raftShare(p)};
    }

    /** Gaussian elimination with partial pivoting; null for a (numerically) singular system. */
    private static double[] gauss(double[][] a, double[] b) {
        int n = b.length;
        double norm = 0;
        for (double[] row : a) {
            for (double v : row) {
                norm = Math.max(norm, Math.abs(v));
            }
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            if (Math.abs(a[pivot][col]) <= 1e-10 * norm) {
                return null;
            }
            double[] t = a[col];
            a[col] = a[pivot];
            a[pivot] = t;
            double tb = b[col];
            b[col] = b[pivot];
            b[pivot] = tb;
            for (int r = col + 1; r < n; r++) {
                double f = a[r][col] / a[col][col];
                for (int c = col; c < n; c++) {
                    a[r][c] -= f * a[col][c];
                }
                b[r] -= f * b[col];
            }
        }
        double[] x = new double[n];
        for (int r = n - 1; r >= 0; r--) {
            double s = b[r];
            for (int c = r + 1; c < n; c++) {
                s -= a[r][c] * x[c];
            }
            x[r] = s / a[r][r];
        }
        return x;
    }
}
