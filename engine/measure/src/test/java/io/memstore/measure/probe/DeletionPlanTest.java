package io.memstore.measure.probe;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DeletionPlanTest {
    private static long deleted(DeletionPlan plan, long keys) {
        long n = 0;
        for (long i = 0; i < keys; i++) {
            n += plan.isDeleted(i) ? 1 : 0;
        }
        return n;
    }

    @Test
    void deletesExactlyTheRoundedShare() {
        assertThat(deleted(new DeletionPlan(1000, 0.25), 1000)).isEqualTo(250);
        assertThat(deleted(new DeletionPlan(7, 0.5), 7)).isEqualTo(4);
        assertThat(deleted(new DeletionPlan(1000, 0), 1000)).isZero();
        assertThat(deleted(new DeletionPlan(1000, 1), 1000)).isEqualTo(1000);
        assertThat(new DeletionPlan(1000, 0.25).count()).isEqualTo(250);
    }

    @Test
    void spreadsDeletionsEvenly() {
        DeletionPlan plan = new DeletionPlan(10_000, 0.1);
        for (int block = 0; block < 10; block++) {
            long inBlock = 0;
            for (long i = block * 1000L; i < (block + 1) * 1000L; i++) {
                inBlock += plan.isDeleted(i) ? 1 : 0;
            }
            assertThat(inBlock).isEqualTo(100);
        }
    }

    @Test
    void rejectsSharesOutsideZeroToOne() {
        assertThatThrownBy(() -> new DeletionPlan(10, 1.5)).hasMessageContaining("0..1, was 1.5");
        assertThatThrownBy(() -> new DeletionPlan(10, Double.NaN)).hasMessageContaining("0..1");
    }
}
