package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeJvmTest {
    private static RowParams row(long keys, int versions, IndexKind index, StoreKind store) {
        return new RowParams("w", keys, versions, 64, 256, KeyPattern.RANDOM, store, index, 1, 1, 0, false);
    }

    @Test
    void flagsAreFixedForARowAndKeepRssHonest() {
        RowParams p = row(1_000_000, 5, IndexKind.BTREE, StoreKind.SQLITE);
        assertThat(ProbeJvm.flags(p)).isEqualTo(ProbeJvm.flags(p))
                .contains("-XX:+UseSerialGC", "-XX:MarkSweepDeadRatio=0", "-XX:MaxNewSize=32m", "-XX:+ExitOnOutOfMemoryError", "-XX:-UsePerfData")
                .contains("-Xmx" + (ProbeJvm.heapLimit(p) >> 20) + "m")
                .noneMatch(f -> f.contains("AlwaysPreTouch"));
    }

    @Test
    void heapLimitIsTwiceTheEstimatePlusRoomAndNeverTiny() {
        assertThat(ProbeJvm.heapLimit(row(10, 1, IndexKind.BTREE, StoreKind.NONE))).isEqualTo(128L << 20);
        RowParams big = row(1_000_000, 5, IndexKind.REFERENCE, StoreKind.NONE);
        // measured 320 MB live for this row: the limit must leave room for it with margin
        assertThat(ProbeJvm.estimatedLiveHeap(big)).isGreaterThan(320_000_000L);
        assertThat(ProbeJvm.heapLimit(big)).isGreaterThanOrEqualTo(2 * ProbeJvm.estimatedLiveHeap(big) + (64L << 20))
                .isEqualTo(ProbeJvm.heapLimit(big) & ~((1L << 20) - 1));
        assertThat(ProbeJvm.heapLimit(row(1_000_000, 5, IndexKind.BTREE, StoreKind.SQLITE)))
                .isGreaterThan(ProbeJvm.heapLimit(row(1_000_000, 5, IndexKind.BTREE, StoreKind.NONE)));
        assertThat(ProbeJvm.estimatedLiveHeap(row(1_000_000, 5, IndexKind.BTREE, StoreKind.NONE)))
                .isLessThan(ProbeJvm.estimatedLiveHeap(big));
    }
}
