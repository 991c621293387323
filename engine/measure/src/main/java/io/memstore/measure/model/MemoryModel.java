package io.memstore.measure.model;

import io.memstore.measure.spec.Metric;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.OptionalDouble;
import java.util.StringJoiner;

/**
 * Fits etcd's index memory model {@code y = N*(c1 + keySize) + N*versions*(c2 + pointer)} to measured rows
 * (y = index.liveHeap, N = keys).
 *
 * <p>Moving the known terms to the left gives a linear model with two unknowns and no intercept:
 * {@code z = y - N*keySize - N*versions*pointer = c1*N + c2*(N*versions)}. It is solved by weighted least
 * squares. Dividing each row's equation by N turns it into a straight line in versions,
 * {@code z/N = c1 + c2*versions} with row weight {@code w*N²}, solved by {@link LeastSquares}, the solver of the
 * plan's models too.
 *
 * <p><b>Weighting.</b> By default ({@link Weighting#RELATIVE}) each row is weighted by {@code 1/y²}, so the fit
 * minimises the sum of squared <em>relative</em> errors {@code ((predicted - y)/y)²}. Unweighted least squares
 * would minimise absolute bytes, where a 1M-key row's error is ten times a 100K-key row's for the same per-key
 * misfit; those rows would then decide c1 and c2 alone. {@link Weighting#UNWEIGHTED} is kept for comparison.
 *
 * <p><b>Which rows.</b> Only rows of the requested index kind that have index.liveHeap &gt; 0 and neither
 * delete nor compact: deletes add tombstones and compaction drops revisions, so their versions parameter is not
 * the number of revisions the index holds. Skipped rows are counted in the fit's note. B-tree and reference
 * rows are fitted separately because they are different data structures.
 *
 * <p><b>Degenerate rows.</b> When every fitted row has the same versions, N and N*versions are proportional and
 * c2 cannot be separated from c1: c2 is reported as NaN with a reason and c1 is fitted alone. With no usable row
 * both are NaN.
 *
 * <p><b>Determined only with rows to spare.</b> A fit of P coefficients passes exactly through P distinct rows
 * (distinct in keys, versions and keySize), so its residuals, and a {@code model.relativeRmsError} budget, would
 * say 0 % whatever the data. With fewer than P + 1 distinct rows the coefficients are still solved but the fit is
 * <em>undetermined</em>: its relative RMS error is NaN, the note says why, and model budgets are not judged.
 *
 * <p><b>Negative coefficients</b> are real results, not errors, and the note gives the reason: c1 &lt; 0 when a key
 * costs the index less than its bytes (the B-tree stores one shared prefix per leaf, so keys with long common
 * prefixes, such as hierarchical keys, store fewer bytes than keySize); c2 &lt; 0 when a further version costs less
 * than the {@code pointer} bytes the model charges for it (the B-tree packs a key's revisions into runs).
 *
 * <p>For comparison, etcd's benchmark of its own index published {@value #SEED_C1} B and
 * {@value #SEED_C2} B, averaged from pairwise solutions of its 8 rows.
 */
public final class MemoryModel {
    /** The form fitted, as every output names it: c2 is the cost per version beyond the pointer. */
    public static final String FORM = "N*(c1 + keySize) + N*versions*(c2 + pointer)";
    /** The per-key overhead of etcd's index as etcd's benchmark published it, bytes. */
    public static final int SEED_C1 = 120;
    /** The per-version overhead of etcd's index as etcd's benchmark published it, bytes. */
    public static final int SEED_C2 = 30;
    /** Bytes one revision costs as a packed long in memstore's index. */
    public static final int DEFAULT_POINTER = 8;

    private final int pointer;
    private final Weighting weighting;

    /** Pointer {@value #DEFAULT_POINTER} B, relative weighting. */
    public MemoryModel() {
        this(DEFAULT_POINTER, Weighting.RELATIVE);
    }

    public MemoryModel(int pointer, Weighting weighting) {
        if (pointer < 0) {
            throw new IllegalArgumentException("pointer must not be negative, got " + pointer);
        }
        this.pointer = pointer;
        this.weighting = Objects.requireNonNull(weighting, "weighting");
    }

    public int pointer() {
        return pointer;
    }

    public Weighting weighting() {
        return weighting;
    }

    /** Fits c1 and c2 over the rows of {@code index} (other rows are ignored; see the class comment). */
    public ModelFit fit(List<RowResult> rows, IndexKind index) {
        List<RowResult> fitted = new ArrayList<>();
        int noHeap = 0;
        int notPositive = 0;
        int changed = 0;
        for (RowResult row : rows) {
            RowParams p = row.params();
            if (!p.index().equals(index)) {
                continue;
            }
            OptionalDouble y = row.metric(Metric.INDEX_LIVE_HEAP);
            if (y.isEmpty()) {
                noHeap++;
            } else if (p.deletes() > 0 || p.compact()) {
                changed++;
            } else if (y.getAsDouble() <= 0 || p.keys() <= 0) {
                notPositive++;
            } else {
                fitted.add(row);
            }
        }
        StringJoiner note = new StringJoiner("; ");
        if (noHeap > 0) {
            note.add(noHeap + " row(s) without index.liveHeap skipped");
        }
        if (changed > 0) {
            note.add(changed + " row(s) with deletes or compaction skipped");
        }
        if (notPositive > 0) {
            note.add(notPositive + " row(s) with no keys or index.liveHeap <= 0 skipped");
        }

        double c1;
        double c2;
        if (fitted.isEmpty()) {
            note.add("no " + index.specName() + " row to fit: c1 and c2 undetermined");
            return new ModelFit(index, pointer, weighting, Double.NaN, Double.NaN, Double.NaN, List.of(),
                    note.toString());
        }

        // Each row as the line z/N = c1 + c2*versions with weight w*N^2 (w = 1/y^2 for relative fits).
        int n = fitted.size();
        double[][] x = new double[n][];
        double[] t = new double[n];
        double[] w = new double[n];
        boolean sameVersions = true;
        for (int i = 0; i < n; i++) {
            RowParams p = fitted.get(i).params();
            double y = fitted.get(i).metric(Metric.INDEX_LIVE_HEAP).getAsDouble();
            double keys = p.keys();
            x[i] = new double[] {1, p.versions()};
            t[i] = y / keys - p.keySize() - (double) p.versions() * pointer;
            w[i] = weighting == Weighting.RELATIVE ? (keys / y) * (keys / y) : keys * keys;
            sameVersions &= p.versions() == fitted.get(0).params().versions();
        }
        if (sameVersions) {
            // Only c1 + versions*c2 is identifiable; fit c1 alone with the c2 term left out.
            for (int i = 0; i < n; i++) {
                x[i] = new double[] {1};
            }
            c1 = LeastSquares.solve(x, t, w).coefficients()[0];
            c2 = Double.NaN;
            int v = fitted.get(0).params().versions();
            note.add("every fitted row has versions=" + v + ": c2 undetermined, c1 fitted alone"
                    + " and includes " + v + "*c2");
        } else {
            double[] b = LeastSquares.solve(x, t, w).coefficients();
            c1 = b[0];
            c2 = b[1];
        }

        Set<List<Long>> distinct = new HashSet<>();
        for (RowResult row : fitted) {
            RowParams p = row.params();
            distinct.add(List.of(p.keys(), (long) p.versions(), (long) p.keySize()));
        }
        int coefficients = Double.isNaN(c2) ? 1 : 2;
        boolean determined = distinct.size() >= coefficients + 1;
        if (!determined) {
            note.add("undetermined: " + distinct.size() + " distinct row(s) for " + coefficients + " coefficient(s);"
                    + " a fit passes exactly through as many rows as it has coefficients, so at least "
                    + (coefficients + 1) + " are needed before its error says anything");
        }
        if (c1 < 0) {
            note.add(String.format(Locale.ROOT, "c1 = %.1f B is negative: a key costs the index less than its"
                    + " keySize bytes, as when keys share long prefixes that the B-tree stores once per leaf"
                    + " (prefix compression)", c1));
        }
        if (c2 < 0) {
            note.add(String.format(Locale.ROOT, "c2 = %.1f B is negative: a further version costs less than the"
                    + " %d B pointer the model charges for it, as when revisions are packed into runs", c2, pointer));
        }

        List<Residual> residuals = new ArrayList<>(n);
        double sumSquares = 0;
        double c2Term = Double.isNaN(c2) ? 0 : c2;
        for (RowResult row : fitted) {
            RowParams p = row.params();
            double y = row.metric(Metric.INDEX_LIVE_HEAP).getAsDouble();
            double predicted = p.keys() * (c1 + p.keySize()) + (double) p.keys() * p.versions() * (c2Term + pointer);
            double relativeError = (predicted - y) / y;
            sumSquares += relativeError * relativeError;
            residuals.add(new Residual(row.name(), y, predicted, relativeError));
        }
        double rms = determined ? Math.sqrt(sumSquares / n) : Double.NaN;
        return new ModelFit(index, pointer, weighting, c1, c2, rms, residuals,
                note.length() == 0 ? null : note.toString());
    }
}
