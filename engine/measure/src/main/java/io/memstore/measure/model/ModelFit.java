package io.memstore.measure.model;

import io.memstore.measure.spec.IndexKind;

import java.util.List;
import java.util.Objects;

/**
 * The memory model {@code N*(c1 + keySize) + N*versions*(c2 + pointer)} fitted to one index kind's rows by
 * {@link MemoryModel#fit}.
 *
 * <p>A coefficient the rows cannot determine is NaN (JSON null) and {@code note} says why: with no usable rows
 * both are NaN; when every fitted row has the same versions, c2 cannot be told apart from c1, so c2 is NaN and
 * c1 is fitted alone with the c2 term left out (it then absorbs {@code versions*c2}).
 *
 * @param index            the index kind whose rows were fitted
 * @param pointer          bytes one revision costs in the index itself (8 for memstore's packed long)
 * @param weighting        how rows were weighted
 * @param c1               per-key overhead in bytes, or NaN
 * @param c2               per-version overhead in bytes, or NaN
 * @param relativeRmsError sqrt(mean(relativeError²)) over the residuals, or NaN with no rows
 * @param residuals        one per fitted row, in the rows' order
 * @param note             why a coefficient is missing or rows were left out; null when there is nothing to say
 */
public record ModelFit(IndexKind index, int pointer, Weighting weighting, double c1, double c2,
                       double relativeRmsError, List<Residual> residuals, String note) {
    public ModelFit {
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(weighting, "weighting");
        residuals = List.copyOf(residuals);
        if (pointer < 0) {
            throw new IllegalArgumentException("pointer must not be negative, got " + pointer);
        }
    }

    /** True when c1 was determined by the rows. */
    public boolean hasC1() {
        return !Double.isNaN(c1);
    }

    /** True when c2 was determined by the rows. */
    public boolean hasC2() {
        return !Double.isNaN(c2);
    }

    /**
     * The model's index size in bytes for {@code n} keys of {@code keySize} bytes with {@code versions} revisions
     * each (an average may be fractional); NaN when c1 or c2 is undetermined.
     */
    public double predict(long n, double versions, int keySize) {
        return n * (c1 + keySize) + n * versions * (c2 + pointer);
    }
}
