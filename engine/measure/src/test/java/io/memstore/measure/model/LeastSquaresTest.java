package io.memstore.measure.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class LeastSquaresTest {
    @Test
    void recoversExactCoefficientsOverColumnsOfVeryDifferentSizes() {
        // y = 3e6 + 120 * N + 0.5 * N * v, N up to 1e8: unscaled normal equations would lose the constant
        double[][] x = new double[6][];
        double[] z = new double[6];
        double[] w = new double[6];
        int i = 0;
        for (double n : new double[] {1e5, 1e7, 1e8}) {
            for (double v : new double[] {1, 5}) {
                x[i] = new double[] {1, n, n * v};
                z[i] = 3e6 + 120 * n + 0.5 * n * v;
                w[i] = 1 / (z[i] * z[i]);
                i++;
            }
        }
        LeastSquares.Solution s = LeastSquares.solve(x, z, w);
        assertThat(s.coefficients()[0]).isCloseTo(3e6, within(1e-3));
        assertThat(s.coefficients()[1]).isCloseTo(120, within(1e-9));
        assertThat(s.coefficients()[2]).isCloseTo(0.5, within(1e-9));
        assertThat(s.predict(new double[] {1, 2e8, 4e8})).isCloseTo(3e6 + 120 * 2e8 + 0.5 * 4e8, within(1.0));
    }

    @Test
    void columnsTheRowsCannotTellApartGiveNoSolution() {
        // the third column is twice the second in every row
        double[][] x = {{1, 2, 4}, {1, 3, 6}, {1, 5, 10}, {1, 7, 14}};
        double[] z = {1, 2, 3, 4};
        double[] w = {1, 1, 1, 1};
        assertThat(LeastSquares.solve(x, z, w)).isNull();
        // fewer rows than columns
        assertThat(LeastSquares.solve(new double[][] {{1, 2}}, new double[] {1}, new double[] {1})).isNull();
        assertThat(LeastSquares.solve(new double[0][], new double[0], new double[0])).isNull();
        assertThatThrownBy(() -> LeastSquares.solve(x, new double[] {1}, w)).hasMessageContaining("as many");
    }

    @Test
    void leverageIsTheStandardErrorOfTheFittedValueForUnitNoise() {
        // a mean of n equally weighted readings: its standard error is 1/sqrt(n)
        double[][] x = {{1}, {1}, {1}, {1}};
        LeastSquares.Solution mean = LeastSquares.solve(x, new double[] {1, 2, 3, 4}, new double[] {1, 1, 1, 1});
        assertThat(mean.coefficients()[0]).isCloseTo(2.5, within(1e-12));
        assertThat(mean.leverage(new double[] {1})).isCloseTo(0.5, within(1e-12));
        // a line through x = 0 and 1: the leverage grows beyond the rows
        LeastSquares.Solution line = LeastSquares.solve(new double[][] {{1, 0}, {1, 1}}, new double[] {0, 1},
                new double[] {1, 1});
        assertThat(line.leverage(new double[] {1, 0.5})).isCloseTo(Math.sqrt(0.5), within(1e-12));
        assertThat(line.leverage(new double[] {1, 10})).isGreaterThan(10);
    }
}
