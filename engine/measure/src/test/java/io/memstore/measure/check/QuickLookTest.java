package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.probe.SettledState;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a run below scale 1 leaves out by itself, and that what the user set wins. */
class QuickLookTest {
    @Test
    void atFullSizeNothingIsLeftOut() {
        for (double scale : new double[] {1.0, 2.5}) {
            QuickLook look = QuickLook.of(scale, null, null);
            assertThat(look.settle()).isEqualTo(Duration.ofMillis(SettledState.DEFAULT_SETTLE_MILLIS));
            assertThat(look.gets()).isEqualTo(ProbeArgs.DEFAULT_GETS);
            assertThat(look.line()).isEmpty();
        }
    }

    @Test
    void belowScaleOneTheSettleIsSkippedTheGetsScaleAndTheLineSaysBoth() {
        QuickLook look = QuickLook.of(0.01, null, null);
        assertThat(look.settle()).isZero();
        assertThat(look.gets()).isEqualTo(2_000);
        assertThat(look.line()).hasValue("quick look at scale 0.01: no settle waits (RSS unsettled, not judged), 2K of"
                + " 200K gets per row (memstore.settleMillis, memstore.gets)");
        assertThat(("[INFO] memstore: " + look.line().orElseThrow()).length()).isLessThanOrEqualTo(160);
        // a tiny scale still times enough gets to be a figure of more than the warm-up
        assertThat(QuickLook.of(1e-6, null, null).gets()).isEqualTo(QuickLook.MIN_GETS);
        assertThat(QuickLook.of(0.5, null, null).gets()).isEqualTo(100_000);
    }

    @Test
    void whatTheUserSetWinsAndIsNotReportedAsSkipped() {
        QuickLook look = QuickLook.of(0.01, 5_500L, 200_000);
        assertThat(look.settle()).isEqualTo(Duration.ofMillis(5_500));
        assertThat(look.gets()).isEqualTo(200_000);
        assertThat(look.line()).isEmpty();
        QuickLook settleOnly = QuickLook.of(0.01, 5_500L, null);
        assertThat(settleOnly.line()).hasValueSatisfying(l -> assertThat(l).doesNotContain("settle waits")
                .contains(": 2K of 200K gets per row"));
        assertThat(QuickLook.of(1.0, 0L, 10).settle()).isZero();
        assertThat(QuickLook.of(1.0, 0L, 10).line()).isEmpty();
    }
}
