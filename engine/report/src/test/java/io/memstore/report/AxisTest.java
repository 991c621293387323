package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class AxisTest {
    @Test
    void niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(Axis.niceStep(0.7)).isEqualTo(1.0);
        assertThat(Axis.niceStep(1.3)).isEqualTo(2.0);
        assertThat(Axis.niceStep(37)).isEqualTo(50.0);
        assertThat(Axis.niceStep(0.031)).isEqualTo(0.05);
        assertThat(Axis.niceStep(200)).isEqualTo(200.0);
    }

    @Test
    void linearAxisStartsAtZeroAndCoversTheMaximum() {
        Axis a = Axis.linearFromZero("MiB", 432.0);
        assertThat(a.ticks()).containsExactly(0.0, 100.0, 200.0, 300.0, 400.0, 500.0);
        assertThat(a.fraction(0)).isZero();
        assertThat(a.fraction(250)).isCloseTo(0.5, within(1e-9));
        assertThat(Axis.linearFromZero("x", 0.42).label(0.1)).isEqualTo("0.1");
        // nothing measured yet: still an axis
        assertThat(Axis.linearFromZero("x", 0).ticks()).isNotEmpty();
    }

    @Test
    void logarithmicAxisTicksAtTheDataAndPadsTheEnds() {
        Axis a = Axis.logarithmic("keys", List.of(1000.0, 10_000.0, 100_000.0, 1_000_000.0), v -> "" + (long) v);
        assertThat(a.ticks()).containsExactly(1000.0, 10_000.0, 100_000.0, 1_000_000.0);
        assertThat(a.fraction(1000)).isGreaterThan(0).isLessThan(0.2);
        assertThat(a.fraction(1_000_000)).isGreaterThan(0.8).isLessThan(1);
        // a factor of ten is the same distance anywhere on the axis
        assertThat(a.fraction(10_000) - a.fraction(1000)).isCloseTo(a.fraction(1_000_000) - a.fraction(100_000),
                within(1e-9));
        assertThatThrownBy(() -> Axis.logarithmic("keys", List.of(0.0, 10.0), v -> "")).hasMessageContaining("positive");
    }

    @Test
    void logarithmicRangeHasOneTwoFiveTicksWithinRoundDecades() {
        Axis a = Axis.logarithmicRange("MiB", 2.6, 410);
        assertThat(a.ticks()).containsExactly(1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0);
        assertThat(a.fraction(1)).isZero();
        assertThat(a.fraction(1000)).isCloseTo(1, within(1e-9));
        assertThat(a.label(0.05)).isEqualTo("0.05");
        assertThat(a.label(1000)).isEqualTo("1000");
    }
}
