package io.memstore.measure.plan;

import io.memstore.measure.model.LeastSquares;
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
 * <p>For etcd rows the revision slots are the revisions the history keeps per key ({@link EtcdHistory}: every
 * write without compaction, fewer under {@code compact: every N}), so c2 is the cost per retained revision; and
 * three more terms charge the revisions its compactions removed ({@code D*cd}: a compaction reads and frees the db
 * pages of those revisions, and the member keeps them mapped), the watchers ({@code W*cw}) and the leases
 * ({@code L*cl}) the row set up. Each is fitted only when the rows vary it; otherwise the model describes only the
 * value the rows share. A fit of an etcd member's RSS whose cost of anything (per key, revision, entry, watcher or
 * lease) comes out negative is refused for a smaller one: that cost is the rows' noise, and a term the rows varied
 * without a cost above it is charged 0.
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
 * @param cw        bytes per watcher of an etcd row ({@code W*cw}); 0 for other systems, NaN when not fitted
 * @param fitWatchers the watchers every fitted row had when cw is NaN (c0 holds their cost); NaN otherwise
 * @param cl        bytes per lease of an etcd row ({@code L*cl}); 0 for other systems, NaN when not fitted
 * @param fitLeases the leases every fitted row had when cl is NaN; NaN otherwise
 * @param cd        bytes per revision an etcd row's compactions removed ({@code D*cd}: the db pages the
 *                  compaction read and freed stay mapped); 0 for other systems, NaN when not fitted
 * @param fitCompactedShare the compacted revisions per key every fitted row had when cd is NaN; NaN otherwise
 * @param inverse   the inverse of the weighted normal matrix over the fitted columns (in their own units), for
 *                  {@link #leverage}; null when not kept
 * @param columns   which of the columns (1, N, N*slots, R, W, L, D) were fitted
 */
public record HeapModel(Layout layout, double c0, double c1, double c2, double fitSlots, double cr,
                        double fitRaftShare, double relativeRmsError, List<String> rows, double cw, double fitWatchers,
                        double cl, double fitLeases, double cd, double fitCompactedShare, double[][] inverse,
                        boolean[] columns) {
    /** How far a scenario's raft share may lie from the rows' for a model without cr. */
    static final double RAFT_SHARE_TOLERANCE = 0.01;
    /** Columns: intercept, keys, key x slots, raft entries, watchers, leases. */
    private static final int COLUMNS = 7;
    private static final int INTERCEPT = 0;
    private static final int SLOTS = 2;
    private static final int RAFT = 3;
    private static final int WATCHERS = 4;
    private static final int LEASES = 5;
    private static final int COMPACTED = 6;

    public HeapModel {
        rows = List.copyOf(rows);
    }

    /** A model without watchers or leases, nor a kept inverse. */
    public HeapModel(Layout layout, double c0, double c1, double c2, double fitSlots, double cr, double fitRaftShare,
                     double relativeRmsError, List<String> rows) {
        this(layout, c0, c1, c2, fitSlots, cr, fitRaftShare, relativeRmsError, rows, 0, Double.NaN, 0, Double.NaN,
                0, Double.NaN, null, null);
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

    /**
     * Revision slots per key: the layout's for the row's versions; for an etcd row the revisions its history
     * keeps per key ({@link EtcdHistory#retainedRevisions}), which is its versions when it never compacts.
     */
    static double slots(Layout layout, RowParams p) {
        return p.system().isEtcd() ? (double) EtcdHistory.retainedRevisions(p) / p.keys()
                : layout.revisionSlots(p.versions());
    }

    /** True when c2 was determined: any versions can be predicted. */
    public boolean hasC2() {
        return !Double.isNaN(c2);
    }

    /** True when the model describes rows of these parameters' versions, raft share, watchers and leases. */
    public boolean canPredict(RowParams p) {
        return (hasC2() || slots(layout, p) == fitSlots) && raftFits(p) && extrasFit(p);
    }

    /** Revisions an etcd row's compactions removed from its history, per key: 0 for other rows. */
    static double compactedShare(RowParams p) {
        return p.system().isEtcd() ? (double) (EtcdHistory.writes(p) - EtcdHistory.retainedRevisions(p)) / p.keys()
                : 0;
    }

    /** True when the model describes the row's watchers, leases and compacted revisions. */
    public boolean extrasFit(RowParams p) {
        return (!Double.isNaN(cw) || p.watchers() == fitWatchers) && (!Double.isNaN(cl) || p.leases() == fitLeases)
                && (!Double.isNaN(cd) || Math.abs(compactedShare(p) - fitCompactedShare) <= RAFT_SHARE_TOLERANCE);
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
        if (!extrasFit(p)) {
            throw new IllegalArgumentException("the rows had " + describeExtra(fitWatchers) + " watchers and "
                    + describeExtra(fitLeases) + " leases, and cannot predict " + p.watchers() + " and " + p.leases()
                    + ": measure rows that vary them");
        }
        if (!canPredict(p)) {
            throw new IllegalArgumentException("the model was fitted at " + fitSlots + " revision slot(s)"
                    + " per key only and cannot predict versions=" + p.versions());
        }
        return withRaftEntries(p, p.system().isEtcd() ? EtcdRaftLog.entriesInMemory(p) : 0);
    }

    private static String describeExtra(double fitted) {
        return Double.isNaN(fitted) ? "several counts of" : Long.toString((long) fitted);
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
        return fit(layout, rows, reading, what, HeapModel::raftShare, false);
    }

    /**
     * The same, with the raft entries per key of each row given (a restarted member holds other entries than
     * the one that just loaded: {@link EtcdRaftLog#entriesAfterRestart}).
     *
     * @param costsAtLeastZero refuse fits in which a cost (per key, revision, entry, watcher, lease) is negative, for
     *                         a smaller one: for an etcd member's RSS, which does not shrink as it holds more of
     *                         anything (its Go heap, which counts garbage, may well read so)
     */
    static HeapModel fit(Layout layout, List<RowResult> rows, ToDoubleFunction<RowResult> reading, String what,
                         ToDoubleFunction<RowParams> raftShare, boolean costsAtLeastZero) {
        return fit(layout, rows, reading, what, raftShare, costsAtLeastZero, true);
    }

    /**
     * The same; without {@code watchersCount} the watchers are no term of the reading (a restarted member has
     * none: they were closed before the restart), and the model charges them nothing at any count.
     */
    static HeapModel fit(Layout layout, List<RowResult> rows, ToDoubleFunction<RowResult> reading, String what,
                         ToDoubleFunction<RowParams> raftShare, boolean costsAtLeastZero, boolean watchersCount) {
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
        Set<Integer> watchers = new TreeSet<>();
        Set<Long> leases = new TreeSet<>();
        Set<Double> compacted = new TreeSet<>();
        List<Double> shares = new ArrayList<>();
        boolean etcd = false;
        for (RowResult r : used) {
            keys.add(r.params().keys());
            slots.add(slots(layout, r.params()));
            shares.add(raftShare.applyAsDouble(r.params()));
            watchers.add(r.params().watchers());
            leases.add(r.params().leases());
            compacted.add(compactedShare(r.params()));
            etcd |= r.params().system().isEtcd();
        }
        double shareLow = shares.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
        double shareHigh = shares.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
        boolean[] available = new boolean[COLUMNS];
        available[INTERCEPT] = keys.size() >= 2;
        available[SLOTS] = slots.size() >= 2;
        available[RAFT] = etcd && shareHigh - shareLow > RAFT_SHARE_TOLERANCE;
        available[WATCHERS] = watchersCount && watchers.size() >= 2;
        available[LEASES] = leases.size() >= 2;
        available[COMPACTED] = compacted.size() >= 2;
        for (boolean[] columns : candidates(available)) {
            Solution solution = solve(layout, used, columns, reading, raftShare);
            if (solution != null && (!costsAtLeastZero || costsNotNegative(columns, solution.x))) {
                double cr = columns[RAFT] ? solution.x[RAFT] : etcd ? Double.NaN : 0;
                // etcd rows at several raft shares without a cr describe none of them: fitShare NaN
                double fitShare = columns[RAFT] || !etcd || available[RAFT] ? Double.NaN : shares.get(0);
                HeapModel m = model(layout, used, columns, available, solution, slots, cr, fitShare, watchers,
                        leases, compacted, reading, raftShare);
                return watchersCount ? m : new HeapModel(layout, m.c0, m.c1, m.c2, m.fitSlots, m.cr, m.fitRaftShare,
                        m.relativeRmsError, m.rows, 0, Double.NaN, m.cl, m.fitLeases, m.cd, m.fitCompactedShare,
                        m.inverse, m.columns);
            }
        }
        throw new IllegalStateException("no identifiable fit"); // N alone is always identifiable
    }

    /**
     * The column sets to try, richest first: every subset of the identifiable optional columns, larger before
     * smaller, and among sets of one size those that keep the slots, then the raft log, the watchers, the leases
     * and last the intercept; the keys' column is always in.
     */
    private static List<boolean[]> candidates(boolean[] available) {
        int[] optional = {SLOTS, RAFT, COMPACTED, WATCHERS, LEASES, INTERCEPT}; // by the weight of keeping them
        List<boolean[]> out = new ArrayList<>();
        List<int[]> ranked = new ArrayList<>();
        for (int mask = 0; mask < 1 << optional.length; mask++) {
            boolean ok = true;
            int size = 0;
            int weight = 0;
            for (int b = 0; b < optional.length; b++) {
                if ((mask & 1 << b) != 0) {
                    ok &= available[optional[b]];
                    size++;
                    weight += 1 << (optional.length - 1 - b);
                }
            }
            if (ok) {
                ranked.add(new int[] {mask, size, weight});
            }
        }
        ranked.sort((a, b) -> a[1] != b[1] ? b[1] - a[1] : b[2] - a[2]);
        for (int[] r : ranked) {
            boolean[] columns = new boolean[COLUMNS];
            columns[1] = true;
            for (int b = 0; b < optional.length; b++) {
                columns[optional[b]] = (r[0] & 1 << b) != 0;
            }
            out.add(columns);
        }
        return out;
    }

    /**
     * True when every cost the fit gives is 0 or more: per key, per revision kept, per raft entry, per compacted
     * revision, per watcher and per lease (the intercept may take any sign). A member's memory does not shrink as
     * it gets more of anything; a negative cost is the rows' noise fitted, and the column is better left out.
     */
    private static boolean costsNotNegative(boolean[] columns, double[] x) {
        // every key holds at least one revision: its cost is c1 + c2, and c1 alone may take the other's share
        if (x[1] + (columns[SLOTS] ? x[SLOTS] : 0) < 0) {
            return false;
        }
        for (int j = 2; j < COLUMNS; j++) {
            if (columns[j] && x[j] < 0) {
                return false;
            }
        }
        return true;
    }

    private static HeapModel model(Layout layout, List<RowResult> used, boolean[] columns, boolean[] available,
                                   Solution s, Set<Double> slots, double cr, double fitShare, Set<Integer> watchers,
                                   Set<Long> leases, Set<Double> compacted, ToDoubleFunction<RowResult> reading,
                                   ToDoubleFunction<RowParams> raftShare) {
        double c0 = columns[INTERCEPT] ? s.x[INTERCEPT] : 0;
        double c1 = s.x[1];
        double c2 = columns[SLOTS] ? s.x[SLOTS] : Double.NaN;
        double fitSlots = columns[SLOTS] ? Double.NaN : slots.iterator().next();
        // a term the rows varied but whose cost came out below zero is left out: no cost told apart from the noise
        double cw = columns[WATCHERS] ? s.x[WATCHERS] : available[WATCHERS] ? 0 : Double.NaN;
        double fitWatchers = columns[WATCHERS] || watchers.size() > 1 ? Double.NaN : watchers.iterator().next();
        double cl = columns[LEASES] ? s.x[LEASES] : available[LEASES] ? 0 : Double.NaN;
        double fitLeases = columns[LEASES] || leases.size() > 1 ? Double.NaN : leases.iterator().next();
        double cd = columns[COMPACTED] ? s.x[COMPACTED] : available[COMPACTED] ? 0 : Double.NaN;
        double fitCompacted = columns[COMPACTED] || compacted.size() > 1 ? Double.NaN : compacted.iterator().next();
        HeapModel partial = new HeapModel(layout, c0, c1, c2, fitSlots, cr, fitShare, Double.NaN, List.of(), cw,
                fitWatchers, cl, fitLeases, cd, fitCompacted, s.inverse, columns);
        double squares = 0;
        List<String> names = new ArrayList<>();
        for (RowResult r : used) {
            double y = reading.applyAsDouble(r);
            double e = (partial.withRaftShare(r.params(), raftShare.applyAsDouble(r.params())) - y) / y;
            squares += e * e;
            names.add(r.name());
        }
        return new HeapModel(layout, c0, c1, c2, fitSlots, cr, fitShare, Math.sqrt(squares / used.size()), names,
                cw, fitWatchers, cl, fitLeases, cd, fitCompacted, s.inverse, columns);
    }

    private double withRaftShare(RowParams p, double share) {
        return withRaftEntries(p, Math.round(share * p.keys()));
    }

    /**
     * The model's value for the row's keys and versions with this many raft entries in memory instead of those
     * the row ends with (an etcd member's log was longer before its last snapshot).
     */
    double withRaftEntries(RowParams p, long raftEntries) {
        double[] x = features(layout, p, raftEntries);
        return c0 + x[1] * c1 + p.keys() * layout.keyBytes(p.keySize()) + (hasC2() ? x[SLOTS] * c2 : 0)
                + (hasCr() ? x[RAFT] * cr : 0) + (Double.isNaN(cw) ? 0 : x[WATCHERS] * cw)
                + (Double.isNaN(cl) ? 0 : x[LEASES] * cl) + (Double.isNaN(cd) ? 0 : x[COMPACTED] * cd);
    }

    /**
     * How far the prediction for these parameters moves per unit of relative noise in every fitted row, in
     * bytes: {@code sqrt(x' (X' W X)^-1 x)} with each row weighing {@code 1/y²}. Rows whose readings differ
     * between runs by a share {@code s} of their value move the prediction by about {@code s} times this; it is
     * below the prediction itself inside the fitted rows and grows with the distance beyond them. 0 when the
     * model kept no inverse.
     */
    public double leverage(RowParams p, long raftEntries) {
        if (inverse == null) {
            return 0;
        }
        double[] all = features(layout, p, raftEntries);
        double[] x = new double[inverse.length];
        for (int j = 0, c = 0; j < COLUMNS; j++) {
            if (columns[j]) {
                x[c++] = all[j];
            }
        }
        return LeastSquares.leverage(inverse, x);
    }

    /** The solved coefficients (all columns, 0 where not fitted) and the inverse normal matrix of the fitted ones. */
    private record Solution(double[] x, double[][] inverse) {
    }

    /** Weighted least squares over the chosen columns; null when they are not identifiable from the rows. */
    private static Solution solve(Layout layout, List<RowResult> rows, boolean[] columns,
                                  ToDoubleFunction<RowResult> reading, ToDoubleFunction<RowParams> raftShare) {
        int k = 0;
        for (boolean c : columns) {
            k += c ? 1 : 0;
        }
        double[][] x = new double[rows.size()][k];
        double[] z = new double[rows.size()];
        double[] w = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            RowResult r = rows.get(i);
            RowParams p = r.params();
            double y = reading.applyAsDouble(r);
            z[i] = y - p.keys() * layout.keyBytes(p.keySize());
            w[i] = 1 / (y * y);
            double[] all = features(layout, p, Math.round(raftShare.applyAsDouble(p) * p.keys()));
            for (int j = 0, c = 0; j < COLUMNS; j++) {
                if (columns[j]) {
                    x[i][c++] = all[j];
                }
            }
        }
        LeastSquares.Solution s = LeastSquares.solve(x, z, w);
        if (s == null) {
            return null;
        }
        double[] out = new double[COLUMNS];
        for (int j = 0, c = 0; j < COLUMNS; j++) {
            if (columns[j]) {
                out[j] = s.coefficients()[c++];
            }
        }
        return new Solution(out, s.inverse());
    }

    private static double[] features(Layout layout, RowParams p, long raftEntries) {
        double n = p.keys();
        return new double[] {1, n, n * slots(layout, p), raftEntries, p.watchers(), p.leases(),
                n * compactedShare(p)};
    }
}
