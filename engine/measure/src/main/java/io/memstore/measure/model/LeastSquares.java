package io.memstore.measure.model;

/**
 * Weighted linear least squares, the one solver of every fitted model: given rows of features {@code x_i},
 * readings {@code z_i} and weights {@code w_i}, the coefficients {@code b} that minimise
 * {@code sum w_i (x_i . b - z_i)²}.
 *
 * <p>Each column is first divided by its largest magnitude, so columns of very different sizes (a constant, a key
 * count in millions, a product of keys and versions) give well-conditioned normal equations
 * {@code (X'WX) b = X'Wz}; they are solved by Gaussian elimination with partial pivoting. A pivot below
 * {@code 1e-10} of the matrix's largest entry makes the system singular: the columns cannot be told apart from
 * these rows, and {@link #solve} returns null rather than a guess.
 *
 * <p>The solution keeps {@code (X'WX)^-1} in the columns' own units, from which {@link Solution#leverage} gives how
 * far a prediction moves per unit of noise in the readings.
 */
public final class LeastSquares {
    /** A pivot smaller than this share of the normal matrix's largest entry is taken as zero. */
    static final double SINGULAR = 1e-10;

    private LeastSquares() {
    }

    /**
     * The fitted coefficients and the inverse normal matrix.
     *
     * @param coefficients one per column
     * @param inverse      {@code (X'WX)^-1}, in the columns' own units
     */
    public record Solution(double[] coefficients, double[][] inverse) {
        /** {@code x . b}: the fitted value at these features. */
        public double predict(double[] x) {
            double s = 0;
            for (int j = 0; j < coefficients.length; j++) {
                s += x[j] * coefficients[j];
            }
            return s;
        }

        /**
         * {@code sqrt(x' (X'WX)^-1 x)}: how far the fitted value at {@code x} moves when every reading moves by one
         * unit of its weight's noise (with relative weights {@code 1/y²}, a relative error of one).
         */
        public double leverage(double[] x) {
            return LeastSquares.leverage(inverse, x);
        }
    }

    /** {@code sqrt(x' inverse x)} for an inverse normal matrix kept apart from its solution. */
    public static double leverage(double[][] inverse, double[] x) {
        double q = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x.length; j++) {
                q += x[i] * inverse[i][j] * x[j];
            }
        }
        return Math.sqrt(Math.max(0, q));
    }

    /**
     * Solves the weighted least-squares problem.
     *
     * @param x features, one row of k columns per reading
     * @param z readings
     * @param w weights, positive
     * @return the solution, or null when the columns are not identifiable from the rows (fewer rows than columns,
     *         or columns that are linear combinations of each other over these rows)
     */
    public static Solution solve(double[][] x, double[] z, double[] w) {
        int n = x.length;
        if (z.length != n || w.length != n) {
            throw new IllegalArgumentException(n + " rows of features, " + z.length + " readings and " + w.length
                    + " weights: expected as many of each");
        }
        if (n == 0) {
            return null;
        }
        int k = x[0].length;
        if (n < k || k == 0) {
            return null;
        }
        double[] scale = new double[k];
        for (double[] row : x) {
            for (int j = 0; j < k; j++) {
                scale[j] = Math.max(scale[j], Math.abs(row[j]));
            }
        }
        for (int j = 0; j < k; j++) {
            if (scale[j] == 0) {
                return null; // a column of zeros determines nothing
            }
        }
        double[][] a = new double[k][k];
        double[] b = new double[k];
        double[] s = new double[k];
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < k; j++) {
                s[j] = x[r][j] / scale[j]; // scaled columns keep the normal equations well conditioned
            }
            for (int i = 0; i < k; i++) {
                b[i] += w[r] * s[i] * z[r];
                for (int j = 0; j < k; j++) {
                    a[i][j] += w[r] * s[i] * s[j];
                }
            }
        }
        double[][] inverse = invert(a);
        double[] solved = gauss(copy(a), b.clone());
        if (solved == null || inverse == null) {
            return null;
        }
        double[] coefficients = new double[k];
        for (int j = 0; j < k; j++) {
            coefficients[j] = solved[j] / scale[j];
        }
        // back to the columns' own units: inverse_ij / (scale_i * scale_j)
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                inverse[i][j] /= scale[i] * scale[j];
            }
        }
        return new Solution(coefficients, inverse);
    }

    /** The inverse of a small symmetric matrix, a column per solve; null when it is singular. */
    private static double[][] invert(double[][] m) {
        int n = m.length;
        double[][] out = new double[n][];
        for (int col = 0; col < n; col++) {
            double[] e = new double[n];
            e[col] = 1;
            out[col] = gauss(copy(m), e); // column col; the matrix is symmetric, so its rows are the same
            if (out[col] == null) {
                return null;
            }
        }
        return out;
    }

    private static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    /** Gaussian elimination with partial pivoting, in place; null for a (numerically) singular system. */
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
            if (Math.abs(a[pivot][col]) <= SINGULAR * norm) {
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
