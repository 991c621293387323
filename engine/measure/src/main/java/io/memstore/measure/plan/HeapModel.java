package io.memstore.measure.plan;

import io.memstore.measure.model.LeastSquares;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.RowParams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * A reading that grows with the data as the index's {@link Layout} says, {@code c0 + N*(c1 + keyBytes) +
 * N*slots*c2 + V*cval}, fitted to measured rows by weighted least squares ({@link LeastSquares}); by default the
 * index's live heap. V is the bytes of the values the row keeps ({@link #valueBytes}: N times the mean value size,
 * for etcd the values of every revision its history keeps; 0 when values are not stored), so a store that holds its
 * values where the reading sees them pays for them per byte. For an etcd member one more term, {@code R*cr},
 * charges the raft entries it still holds in memory ({@link EtcdRaftLog}: R follows the puts below the snapshot
 * count and drops after each snapshot), so a plan made below the snapshot count does not carry the raft log's
 * growth past it.
 *
 * <p>The known term {@code N*keyBytes} goes to the left, leaving {@code z = c0 + c1*N + c2*(N*slots) + ...}. Each
 * row weighs {@code 1/y²}, so the fit minimises squared relative errors and a 10K-key row counts as much as a 100K
 * one. A coefficient the rows cannot tell apart is left out rather than guessed: c0 needs two key counts, c2 two
 * slot counts (two versions values that the layout does not map to the same capacity), cval two value sizes, cr
 * two shares of raft entries per key (rows at two snapshot counts, or on both sides of one). Without c2 the model
 * describes only the slot count it was fitted at, without cval only the value size, without cr only the raft
 * share, and {@link #canPredict} says so.
 *
 * <p><b>No fit without degrees of freedom.</b> A fit of k coefficients passes exactly through k distinct rows, so
 * its residuals would say 0 % whatever the model's error. A set of terms is fitted only when the rows are more
 * than its coefficients (distinct in what the terms see); a term the rows could have told apart but that would
 * leave no row to spare is dropped, the cheapest first (c0, then the leases, watchers, compacted revisions, raft
 * log, values, slots), and {@link #undetermined} names it with the row to add. Among the sets with a row to spare
 * that keep the structural terms (revisions, values, raft log: without one the model describes only the value
 * the rows share), the fit is the one whose rows left out are predicted best by the others ({@link #looError});
 * c0, the watchers, the leases and the compacted revisions are kept only where they predict better.
 *
 * <p><b>The model's own error</b> ({@link #looError}): each distinct row is predicted by the same fit made without
 * it (leave-one-out cross-validation, with the terms the remaining rows can still tell apart), and the largest
 * relative miss is the error the plan's band starts from. Unlike the residuals, it does not vanish when the rows
 * are few.
 *
 * <p>For etcd rows the revision slots are the revisions the history keeps per key ({@link EtcdHistory}: every
 * write without compaction, fewer under {@code compact: every N}), so c2 is the cost per retained revision; and
 * three more terms charge the revisions its compactions read ({@code D*cd}: each compaction reads the db's
 * revisions up to its own through the memory-mapped file, and the member keeps the pages mapped; for a fit of the
 * member's RSS counted as {@link EtcdHistory#compactionReads}, the pages reused after a compaction counted once,
 * for its Go heap as every revision up to the last compaction), the watchers
 * ({@code W*cw}) and the leases
 * ({@code L*cl}) the row set up. Each is fitted only when the rows vary it; otherwise the model describes only the
 * value the rows share. A fit of an etcd member's RSS whose cost of anything (per key, revision, entry, watcher or
 * lease) comes out negative is refused for a smaller one: that cost is the rows' noise, and a term the rows varied
 * without a cost above it is charged 0.
 *
 * <p>c0 is the heap the measurement itself adds, a fixed amount: it matters at calibration sizes (a 1K-key row
 * reads more bytes per key than a 100K-key one), not at planning sizes.
 */
public final class HeapModel {
    /** A cost this far below zero (B per unit) is the solver's rounding of a zero cost, not a negative one. */
    private static final double NEGLIGIBLE_COST = 1e-6;
    /** How far a scenario's raft share may lie from the rows' for a model without cr. */
    static final double RAFT_SHARE_TOLERANCE = 0.01;
    /** Columns: intercept, keys, key x slots, raft entries, watchers, leases, compacted revisions, value bytes. */
    private static final int COLUMNS = 8;
    private static final int INTERCEPT = 0;
    private static final int KEYS = 1;
    private static final int SLOTS = 2;
    private static final int RAFT = 3;
    private static final int WATCHERS = 4;
    private static final int LEASES = 5;
    private static final int COMPACTED = 6;
    private static final int VALUES = 7;
    /** The optional columns, by the weight of keeping them: the first is dropped last. */
    private static final int[] OPTIONAL = {SLOTS, VALUES, RAFT, COMPACTED, WATCHERS, LEASES, INTERCEPT};
    /** Each optional column's coefficient as outputs name it, and the row that tells it apart. */
    private static final Map<Integer, String[]> TERMS = Map.of(
            INTERCEPT, new String[] {"c0 (fixed bytes)", "a row at a third key count"},
            SLOTS, new String[] {"c2 (per revision)", "a row at another versions"},
            VALUES, new String[] {"cval (per value byte)", "a row at another valueSize"},
            RAFT, new String[] {"cr (per raft entry)", "a row at another snapshotCount"},
            COMPACTED, new String[] {"cd (per revision a compaction read)", "a row with another compact period"},
            WATCHERS, new String[] {"cw (per watcher)", "a row with other watchers"},
            LEASES, new String[] {"cl (per lease)", "a row with other leases"});

    private final Layout layout;
    /** Coefficients by column; NaN where not fitted and not charged. */
    private final double[] c;
    /** The value every fitted row shared, per column, where the column is not fitted; NaN otherwise. */
    private final double[] shared;
    private final boolean[] columns;
    private final double[][] inverse;
    private final double relativeRmsError;
    private final double looError;
    private final String looRow;
    private final List<String> rows;
    private final List<String> undetermined;
    private final boolean pageReuse;

    private HeapModel(Layout layout, double[] c, double[] shared, boolean[] columns, double[][] inverse,
                      double relativeRmsError, double looError, String looRow, List<String> rows,
                      List<String> undetermined, boolean pageReuse) {
        this.pageReuse = pageReuse;
        this.layout = layout;
        this.c = c;
        this.shared = shared;
        this.columns = columns;
        this.inverse = inverse;
        this.relativeRmsError = relativeRmsError;
        this.looError = looError;
        this.looRow = looRow;
        this.rows = List.copyOf(rows);
        this.undetermined = List.copyOf(undetermined);
    }

    public Layout layout() {
        return layout;
    }

    /** Fixed bytes, 0 when not fitted. */
    public double c0() {
        return columns[INTERCEPT] ? c[INTERCEPT] : 0;
    }

    /** Bytes per key besides the key's own bytes. */
    public double c1() {
        return c[KEYS];
    }

    /** Bytes per revision slot, NaN when not fitted (then c1 includes {@code fitSlots*c2}). */
    public double c2() {
        return c[SLOTS];
    }

    /** The slot count c1 includes when c2 is NaN; NaN otherwise. */
    public double fitSlots() {
        return shared[SLOTS];
    }

    /**
     * Bytes per raft entry in an etcd member's memory; 0 for other systems, NaN when not fitted (then c1 includes
     * {@code fitRaftShare*cr}).
     */
    public double cr() {
        return c[RAFT];
    }

    /** Raft entries in memory per key that c1 includes when cr is NaN; NaN otherwise. */
    public double fitRaftShare() {
        return shared[RAFT];
    }

    /** Bytes per watcher of an etcd row; 0 for other systems or when not told apart, NaN when not fitted. */
    public double cw() {
        return c[WATCHERS];
    }

    /** The watchers every fitted row had when cw is NaN (c0 holds their cost); NaN otherwise. */
    public double fitWatchers() {
        return shared[WATCHERS];
    }

    /** Bytes per lease of an etcd row; 0 for other systems or when not told apart, NaN when not fitted. */
    public double cl() {
        return c[LEASES];
    }

    /** The leases every fitted row had when cl is NaN; NaN otherwise. */
    public double fitLeases() {
        return shared[LEASES];
    }

    /** Bytes per revision an etcd row's compactions read; 0 for other systems, NaN when not fitted. */
    public double cd() {
        return c[COMPACTED];
    }

    /** The revisions per key its compactions read that every fitted row had when cd is NaN; NaN otherwise. */
    public double fitCompactedShare() {
        return shared[COMPACTED];
    }

    /** Bytes of the reading per byte of stored value ({@link #valueBytes}); NaN when not fitted. */
    public double cval() {
        return c[VALUES];
    }

    /** The value bytes per key every fitted row had when cval is NaN ({@link #valueSize}); NaN otherwise. */
    public double fitValueSize() {
        return shared[VALUES];
    }

    /** Root mean square of (predicted - measured) / measured over the rows; NaN without a row to spare. */
    public double relativeRmsError() {
        return relativeRmsError;
    }

    /**
     * The largest relative error of a distinct row predicted by the fit without it ({@code |predicted - measured|
     * / measured}); NaN when the rows are too few to leave one out.
     */
    public double looError() {
        return looError;
    }

    /** The row of {@link #looError}: the one the other rows predict worst; null without one. */
    public String looRow() {
        return looRow;
    }

    /** The fitted rows' names. */
    public List<String> rows() {
        return rows;
    }

    /**
     * The terms the rows varied but could not fit with a row to spare, or that rest on a single row (left out, the
     * others cannot tell the term apart), each with the row that would tell it apart: {@code c0 (fixed bytes): no
     * row to spare for it; add a row at a third key count}; empty when every varied term was fitted on rows to
     * spare.
     */
    public List<String> undetermined() {
        return undetermined;
    }

    /** True when the rows left at least one row to spare over the coefficients (the fit has an error). */
    public boolean determined() {
        return !Double.isNaN(looError);
    }

    /** True when the term was fitted: {@code c0}, {@code c2}, {@code cr}, {@code cw}, {@code cl}, {@code cd} or {@code cval}. */
    public boolean fitted(String term) {
        return switch (term) {
            case "c0" -> columns[INTERCEPT];
            case "c2" -> columns[SLOTS];
            case "cr" -> columns[RAFT];
            case "cw" -> columns[WATCHERS];
            case "cl" -> columns[LEASES];
            case "cd" -> columns[COMPACTED];
            case "cval" -> columns[VALUES];
            default -> throw new IllegalArgumentException("no term " + term);
        };
    }

    /** True when cr was determined: any raft share can be predicted. */
    public boolean hasCr() {
        return !Double.isNaN(cr());
    }

    /** True when c2 was determined: any versions can be predicted. */
    public boolean hasC2() {
        return !Double.isNaN(c2());
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

    /** The mean bytes of the values a row stores per put, 0 when it stores none (memstore without a store). */
    static double valueSize(RowParams p) {
        return p.storesValues() ? p.meanValueSize() : 0;
    }

    /**
     * The bytes of values a row keeps: one value per key ({@link #valueSize}), for an etcd row one per revision
     * its history keeps.
     */
    static double valueBytes(RowParams p) {
        double held = p.system().isEtcd() ? EtcdHistory.retainedRevisions(p) : p.keys();
        return held * valueSize(p);
    }

    /**
     * Revisions an etcd row's compactions read, per key: every revision up to the last compaction's (each
     * compaction scans the db's key bucket from the start up to its revision, through the memory-mapped file, and
     * the member keeps the pages it touched mapped), whether the compaction removed them or kept them; 0 for other
     * rows and for rows that never compacted.
     */
    static double compactedShare(RowParams p, boolean pageReuse) {
        if (!p.system().isEtcd()) {
            return 0;
        }
        return (double) (pageReuse ? EtcdHistory.compactionReads(p) : EtcdHistory.compactedAt(p)) / p.keys();
    }

    /** True when the model describes rows of these parameters' versions, raft share, watchers and leases. */
    public boolean canPredict(RowParams p) {
        return (hasC2() || slots(layout, p) == fitSlots()) && raftFits(p) && extrasFit(p) && valuesFit(p);
    }

    /** True when the model describes the row's value size. */
    public boolean valuesFit(RowParams p) {
        return !Double.isNaN(cval()) || valueSize(p) == fitValueSize();
    }

    /** True when the model describes the row's watchers, leases and compacted revisions. */
    public boolean extrasFit(RowParams p) {
        return (!Double.isNaN(cw()) || p.watchers() == fitWatchers())
                && (!Double.isNaN(cl()) || p.leases() == fitLeases())
                && (!Double.isNaN(cd()) || Math.abs(compactedShare(p, pageReuse) - fitCompactedShare()) <= RAFT_SHARE_TOLERANCE);
    }

    /** True when the model describes the row's raft share. */
    public boolean raftFits(RowParams p) {
        return hasCr() || Math.abs(raftShare(p) - fitRaftShare()) <= RAFT_SHARE_TOLERANCE;
    }

    /** Predicted index.liveHeap in bytes. */
    public double predict(RowParams p) {
        if (!raftFits(p)) {
            throw new IllegalArgumentException(Double.isNaN(fitRaftShare()) ? "the rows' raft entries could not be"
                    + " told apart from their keys" : String.format(Locale.ROOT, "the model was fitted at"
                    + " %.3f raft entries in memory per key only and cannot predict %.3f", fitRaftShare(),
                    raftShare(p)));
        }
        if (!extrasFit(p)) {
            throw new IllegalArgumentException("the rows had " + describeShared(fitWatchers()) + " watchers and "
                    + describeShared(fitLeases()) + " leases, and cannot predict " + p.watchers() + " and "
                    + p.leases() + ": measure rows that vary them");
        }
        if (!valuesFit(p)) {
            throw new IllegalArgumentException("the rows had " + describeShared(fitValueSize()) + " B values and"
                    + " cannot predict " + valueSize(p) + " B: measure rows at a second valueSize");
        }
        if (!canPredict(p)) {
            throw new IllegalArgumentException("the model was fitted at " + fitSlots() + " revision slot(s)"
                    + " per key only and cannot predict versions=" + p.versions());
        }
        return withRaftEntries(p, p.system().isEtcd() ? EtcdRaftLog.entriesInMemory(p) : 0);
    }

    private static String describeShared(double fitted) {
        return Double.isNaN(fitted) ? "several counts of" : Long.toString((long) fitted);
    }

    /**
     * The model's value for the row's keys and versions with this many raft entries in memory instead of those
     * the row ends with (an etcd member's log was longer before its last snapshot).
     */
    double withRaftEntries(RowParams p, long raftEntries) {
        double[] x = features(layout, p, raftEntries, pageReuse);
        double v = p.keys() * layout.keyBytes(p.keySize());
        for (int j = 0; j < COLUMNS; j++) {
            if (!Double.isNaN(c[j]) && (j != INTERCEPT || columns[INTERCEPT])) {
                v += x[j] * c[j];
            }
        }
        return v;
    }

    private double withRaftShare(RowParams p, double share) {
        return withRaftEntries(p, Math.round(share * p.keys()));
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
        double[] all = features(layout, p, raftEntries, pageReuse);
        double[] x = new double[inverse.length];
        for (int j = 0, k = 0; j < COLUMNS; j++) {
            if (columns[j]) {
                x[k++] = all[j];
            }
        }
        return LeastSquares.leverage(inverse, x);
    }

    /**
     * The leverage relative to the model's value at these parameters, at least 1: the factor by which the rows'
     * error grows at the planned size ({@link PlanRules#band}).
     */
    public double extrapolation(RowParams p, long raftEntries) {
        double v = withRaftEntries(p, raftEntries);
        return v > 0 ? Math.max(1, leverage(p, raftEntries) / v) : 1;
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
        return fit(layout, rows, reading, what, raftShare, costsAtLeastZero, watchersCount, false);
    }

    /**
     * The same; with {@code pageReuse} the revisions the compactions read are counted as
     * {@link EtcdHistory#compactionReads} (the pages of the memory-mapped db stop growing once freed pages are
     * reused), for an etcd member's RSS, which holds those pages; without it as every revision up to the last
     * compaction ({@link EtcdHistory#compactedAt}), for a reading that does not hold them (its Go heap).
     */
    static HeapModel fit(Layout layout, List<RowResult> rows, ToDoubleFunction<RowResult> reading, String what,
                         ToDoubleFunction<RowParams> raftShare, boolean costsAtLeastZero, boolean watchersCount,
                         boolean pageReuse) {
        List<RowResult> used = new ArrayList<>();
        for (RowResult r : rows) {
            if (reading.applyAsDouble(r) > 0) {
                used.add(r);
            }
        }
        if (used.isEmpty()) {
            throw new IllegalArgumentException("no row with a measured " + what + " to fit");
        }
        Fitter fitter = new Fitter(layout, reading, raftShare, costsAtLeastZero, watchersCount, pageReuse);
        boolean[] all = new boolean[COLUMNS];
        Arrays.fill(all, true);
        HeapModel m = fitter.fit(used, all, true);
        if (m == null) {
            throw new IllegalStateException("no identifiable fit"); // N alone is always identifiable
        }
        return m;
    }

    /** One fitting procedure: its reading and options, applied to the rows and to each leave-one-out fold. */
    private record Fitter(Layout layout, ToDoubleFunction<RowResult> reading, ToDoubleFunction<RowParams> raftShare,
                          boolean costsAtLeastZero, boolean watchersCount, boolean pageReuse) {
        double[] features(RowParams p) {
            return HeapModel.features(layout, p, Math.round(raftShare.applyAsDouble(p) * p.keys()), pageReuse);
        }

        /**
         * The richest set of the allowed columns that the rows tell apart (with a row to spare when {@code
         * spare}), and, for the top-level fit, its leave-one-out error; null when no set is identifiable.
         */
        HeapModel fit(List<RowResult> used, boolean[] allowed, boolean spare) {
            boolean[] available = available(used, allowed);
            boolean[] fallback = null;
            Solution fallbackSolution = null;
            boolean[] best = null;
            Solution bestSolution = null;
            double bestError = Double.POSITIVE_INFINITY;
            for (boolean[] columns : candidates(available)) {
                Solution solution = solve(used, columns);
                if (solution == null || costsAtLeastZero && !costsNotNegative(columns, solution.x)) {
                    continue;
                }
                if (!spare) {
                    return model(used, columns, available, solution, false);
                }
                if (distinct(used, columns) > count(columns)) {
                    if (!keepsStructure(columns, available)) {
                        if (best == null) {
                            best = columns; // no set keeps every structural term: the richest one with a row to spare
                            bestSolution = solution;
                        }
                        continue;
                    }
                    // among the sets that keep the terms a prediction cannot do without, the one whose rows left out
                    // are predicted best by the others (the richest on a tie)
                    double error = looError(used, columns, new String[1], new ArrayList<>());
                    if (best == null || !keepsStructure(best, available) || error < bestError - 1e-12) {
                        best = columns;
                        bestSolution = solution;
                        bestError = error;
                    }
                } else if (fallback == null) {
                    fallback = columns;
                    fallbackSolution = solution;
                }
            }
            if (best != null) {
                return model(used, best, available, bestSolution, true);
            }
            // not a row to spare for any set (one distinct row): the richest identifiable, with no error to show
            return fallback == null ? null : model(used, fallback, available, fallbackSolution, false);
        }

        /**
         * True when the columns keep every structural term the rows vary (versions, value sizes, raft shares): a
         * model without one describes only the value the rows share, and cannot predict the others. The other terms
         * (fixed bytes, watchers, leases, compacted revisions) may be left out, their cost charged to the rest.
         */
        private static boolean keepsStructure(boolean[] columns, boolean[] available) {
            for (int j : new int[] {SLOTS, VALUES, RAFT}) {
                if (available[j] && !columns[j]) {
                    return false;
                }
            }
            return true;
        }

        private boolean[] available(List<RowResult> used, boolean[] allowed) {
            Set<Long> keys = new TreeSet<>();
            Set<Double> slots = new TreeSet<>();
            Set<Integer> watchers = new TreeSet<>();
            Set<Long> leases = new TreeSet<>();
            Set<Double> compacted = new TreeSet<>();
            Set<Double> values = new TreeSet<>();
            double shareLow = Double.MAX_VALUE;
            double shareHigh = -Double.MAX_VALUE;
            boolean etcd = false;
            for (RowResult r : used) {
                RowParams p = r.params();
                keys.add(p.keys());
                slots.add(slots(layout, p));
                watchers.add(p.watchers());
                leases.add(p.leases());
                compacted.add(compactedShare(p, pageReuse));
                values.add(valueSize(p));
                double share = raftShare.applyAsDouble(p);
                shareLow = Math.min(shareLow, share);
                shareHigh = Math.max(shareHigh, share);
                etcd |= p.system().isEtcd();
            }
            boolean[] available = new boolean[COLUMNS];
            available[KEYS] = true;
            available[INTERCEPT] = allowed[INTERCEPT] && keys.size() >= 2;
            available[SLOTS] = allowed[SLOTS] && slots.size() >= 2;
            available[RAFT] = allowed[RAFT] && etcd && shareHigh - shareLow > RAFT_SHARE_TOLERANCE;
            available[WATCHERS] = allowed[WATCHERS] && watchersCount && watchers.size() >= 2;
            available[LEASES] = allowed[LEASES] && leases.size() >= 2;
            available[COMPACTED] = allowed[COMPACTED] && compacted.size() >= 2;
            available[VALUES] = allowed[VALUES] && values.size() >= 2;
            return available;
        }

        /** Rows distinct in what the chosen columns see: a fit of k coefficients needs more than k. */
        private int distinct(List<RowResult> used, boolean[] columns) {
            return groups(used, columns).size();
        }

        private Map<List<Double>, List<RowResult>> groups(List<RowResult> used, boolean[] columns) {
            Map<List<Double>, List<RowResult>> groups = new LinkedHashMap<>();
            for (RowResult r : used) {
                double[] all = features(r.params());
                List<Double> key = new ArrayList<>();
                key.add(layout.keyBytes(r.params().keySize()));
                for (int j = 0; j < COLUMNS; j++) {
                    if (columns[j]) {
                        key.add(all[j]);
                    }
                }
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
            }
            return groups;
        }

        private HeapModel model(List<RowResult> used, boolean[] columns, boolean[] available, Solution s,
                                boolean spare) {
            double[] c = new double[COLUMNS];
            double[] shared = new double[COLUMNS];
            Arrays.fill(shared, Double.NaN);
            boolean etcd = used.stream().anyMatch(r -> r.params().system().isEtcd());
            List<String> undetermined = new ArrayList<>();
            for (int j = 0; j < COLUMNS; j++) {
                if (columns[j]) {
                    c[j] = s.x[j];
                    continue;
                }
                double first = Double.NaN;
                boolean same = true;
                for (RowResult r : used) {
                    double v = sharedValue(j, r.params());
                    same &= Double.isNaN(first) || v == first || j == RAFT && Math.abs(v - first)
                            <= RAFT_SHARE_TOLERANCE;
                    first = Double.isNaN(first) ? v : first;
                }
                shared[j] = same ? first : Double.NaN;
                c[j] = switch (j) {
                    case INTERCEPT -> 0;
                    // a term of other systems than etcd, or one the restarted member does not have: no cost
                    case RAFT -> etcd ? Double.NaN : 0;
                    case WATCHERS -> !watchersCount ? 0 : available[j] ? 0 : Double.NaN;
                    // varied, but left out: its cost was not told apart from the rows' noise, or no row was spare
                    case LEASES, COMPACTED -> available[j] ? 0 : Double.NaN;
                    default -> Double.NaN;
                };
                if (available[j] && TERMS.containsKey(j)) {
                    boolean[] with = columns.clone();
                    with[j] = true;
                    undetermined.add(TERMS.get(j)[0] + (distinct(used, with) > count(with)
                            ? ": left out, charged " + (c[j] == 0 ? "0" : "in c1") + ": without it the rows left out"
                            + " are predicted better, or its cost came out below 0"
                            : ": no row to spare for it; add " + TERMS.get(j)[1]));
                }
            }
            if (!watchersCount) {
                shared[WATCHERS] = Double.NaN;
            }
            HeapModel partial = new HeapModel(layout, c, shared, columns, s.inverse, Double.NaN, Double.NaN, null,
                    List.of(), List.of(), pageReuse);
            double squares = 0;
            List<String> names = new ArrayList<>();
            for (RowResult r : used) {
                double y = reading.applyAsDouble(r);
                double e = (partial.withRaftShare(r.params(), raftShare.applyAsDouble(r.params())) - y) / y;
                squares += e * e;
                names.add(r.name());
            }
            double rms = spare ? Math.sqrt(squares / used.size()) : Double.NaN;
            String[] worst = new String[1];
            double loo = spare ? looError(used, columns, worst, undetermined) : Double.NaN;
            if (!spare) {
                undetermined.add(0, "every coefficient: " + distinct(used, columns) + " distinct row(s) for "
                        + count(columns) + " coefficient(s), none to spare; add a row at another key count");
            }
            return new HeapModel(layout, c, shared, columns, s.inverse, rms, loo, worst[0], names, undetermined,
                    pageReuse);
        }

        /** The value a row has in a column that is not fitted, for {@link #canPredict}. */
        private double sharedValue(int column, RowParams p) {
            return switch (column) {
                case SLOTS -> slots(layout, p);
                case RAFT -> raftShare.applyAsDouble(p);
                case WATCHERS -> p.watchers();
                case LEASES -> p.leases();
                case COMPACTED -> compactedShare(p, pageReuse);
                case VALUES -> valueSize(p);
                default -> Double.NaN;
            };
        }

        /**
         * The largest relative error of a distinct row (all rows alike in the fitted columns) predicted by the fit
         * of the other rows, with the columns they can still tell apart; NaN when no fold predicts.
         */
        private double looError(List<RowResult> used, boolean[] columns, String[] worstRow, List<String> alone) {
            double worst = Double.NaN;
            Map<Integer, List<String>> restsOn = new java.util.TreeMap<>();
            for (List<RowResult> group : groups(used, columns).values()) {
                List<RowResult> rest = new ArrayList<>(used);
                rest.removeAll(group);
                HeapModel fold = rest.isEmpty() ? null : fit(rest, columns, false);
                if (fold == null) {
                    continue;
                }
                for (int j : OPTIONAL) {
                    if (columns[j] && !fold.columns[j]) {
                        restsOn.computeIfAbsent(j, x -> new ArrayList<>()).add(group.get(0).name());
                    }
                }
                for (RowResult r : group) {
                    double y = reading.applyAsDouble(r);
                    double e = Math.abs(fold.withRaftShare(r.params(), raftShare.applyAsDouble(r.params())) - y) / y;
                    if (Double.isNaN(worst) || e > worst) {
                        worst = e;
                        worstRow[0] = r.name();
                    }
                }
            }
            restsOn.forEach((j, names) -> alone.add(TERMS.get(j)[0] + ": without " + (names.size() == 1 ? "row "
                    + names.get(0) : "any one of the rows " + String.join(", ", names)) + " the other rows cannot tell"
                    + " it apart; add " + TERMS.get(j)[1]));
            return worst;
        }

        /** Weighted least squares over the chosen columns; null when they are not identifiable from the rows. */
        private Solution solve(List<RowResult> rows, boolean[] columns) {
            int k = count(columns);
            double[][] x = new double[rows.size()][k];
            double[] z = new double[rows.size()];
            double[] w = new double[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                RowResult r = rows.get(i);
                RowParams p = r.params();
                double y = reading.applyAsDouble(r);
                z[i] = y - p.keys() * layout.keyBytes(p.keySize());
                w[i] = 1 / (y * y);
                double[] all = features(p);
                for (int j = 0, col = 0; j < COLUMNS; j++) {
                    if (columns[j]) {
                        x[i][col++] = all[j];
                    }
                }
            }
            LeastSquares.Solution s = LeastSquares.solve(x, z, w);
            if (s == null) {
                return null;
            }
            double[] out = new double[COLUMNS];
            for (int j = 0, col = 0; j < COLUMNS; j++) {
                if (columns[j]) {
                    out[j] = s.coefficients()[col++];
                }
            }
            return new Solution(out, s.inverse());
        }
    }

    private static int count(boolean[] columns) {
        int k = 0;
        for (boolean b : columns) {
            k += b ? 1 : 0;
        }
        return k;
    }

    /**
     * The column sets to try, richest first: every subset of the identifiable optional columns, larger before
     * smaller, and among sets of one size those that keep the columns of {@link #OPTIONAL} in its order; the keys'
     * column is always in.
     */
    private static List<boolean[]> candidates(boolean[] available) {
        List<boolean[]> out = new ArrayList<>();
        List<int[]> ranked = new ArrayList<>();
        for (int mask = 0; mask < 1 << OPTIONAL.length; mask++) {
            boolean ok = true;
            int size = 0;
            int weight = 0;
            for (int b = 0; b < OPTIONAL.length; b++) {
                if ((mask & 1 << b) != 0) {
                    ok &= available[OPTIONAL[b]];
                    size++;
                    weight += 1 << (OPTIONAL.length - 1 - b);
                }
            }
            if (ok) {
                ranked.add(new int[] {mask, size, weight});
            }
        }
        ranked.sort((a, b) -> a[1] != b[1] ? b[1] - a[1] : b[2] - a[2]);
        for (int[] r : ranked) {
            boolean[] columns = new boolean[COLUMNS];
            columns[KEYS] = true;
            for (int b = 0; b < OPTIONAL.length; b++) {
                columns[OPTIONAL[b]] = (r[0] & 1 << b) != 0;
            }
            out.add(columns);
        }
        return out;
    }

    /**
     * True when every cost the fit gives is 0 or more: per key, per revision kept, per raft entry, per revision a
     * compaction read, per watcher, per lease and per value byte (the intercept may take any sign). A member's memory does
     * not shrink as it gets more of anything; a negative cost is the rows' noise fitted, and the column is better
     * left out.
     */
    private static boolean costsNotNegative(boolean[] columns, double[] x) {
        // every key holds at least one revision: its cost is c1 + c2, and c1 alone may take the other's share
        if (x[KEYS] + (columns[SLOTS] ? x[SLOTS] : 0) < -NEGLIGIBLE_COST) {
            return false;
        }
        for (int j = SLOTS; j < COLUMNS; j++) {
            if (columns[j] && x[j] < -NEGLIGIBLE_COST) {
                return false;
            }
        }
        return true;
    }

    /** The solved coefficients (all columns, 0 where not fitted) and the inverse normal matrix of the fitted ones. */
    private record Solution(double[] x, double[][] inverse) {
    }

    private static double[] features(Layout layout, RowParams p, long raftEntries, boolean pageReuse) {
        double n = p.keys();
        return new double[] {1, n, n * slots(layout, p), raftEntries, p.watchers(), p.leases(),
                n * compactedShare(p, pageReuse), valueBytes(p)};
    }
}
