package io.memstore.measure.spec;

import io.memstore.store.Durability;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RowParamsBuilderTest {
    private static final RowParams ETCD = RowParams.builder("k8s").keys(50_000).versions(3).keySize(32).valueSize(100)
            .keyPattern(KeyPattern.HIERARCHICAL).store(StoreKind.NONE).index(IndexKind.REFERENCE).seed(-3).runs(2)
            .deletes(0.125).settings(new StoreSettings(16, Durability.FULL, 4096, 3, 77, 5000, 1500))
            .system(SystemKind.ETCD).snapshotCount(10_000).shape(new LoadShape(4096, 1000, 10, 0.5, 4)).build();

    @Test
    void everyFieldIsSetByItsName() {
        assertThat(ETCD).isEqualTo(new RowParams("k8s", 50_000, 3, 32, 100, KeyPattern.HIERARCHICAL, StoreKind.NONE,
                IndexKind.REFERENCE, -3, 2, 0.125, false, new StoreSettings(16, Durability.FULL, 4096, 3, 77, 5000,
                1500), SystemKind.ETCD, 10_000, new LoadShape(4096, 1000, 10, 0.5, 4)));
    }

    @Test
    void toBuilderKeepsEveryFieldAndChangesOnlyWhatIsNamed() {
        assertThat(ETCD.toBuilder().build()).isEqualTo(ETCD);
        RowParams more = ETCD.toBuilder().keys(60_000).workload("more").build();
        assertThat(more.keys()).isEqualTo(60_000);
        assertThat(more.workload()).isEqualTo("more");
        assertThat(more.toBuilder().keys(50_000).workload("k8s").build()).isEqualTo(ETCD);
    }

    @Test
    void aPlainShapeFollowsTheValueSizeAndARangeStays() {
        RowParams fixed = RowParams.builder("w").valueSize(100).build();
        assertThat(fixed.shape()).isEqualTo(LoadShape.plain(100));
        RowParams bigger = fixed.toBuilder().valueSize(1000).build();
        assertThat(bigger.valueSizeMax()).isEqualTo(1000);
        assertThat(bigger.valueSizeRange()).isFalse();
        assertThat(ETCD.toBuilder().valueSize(200).build().shape()).isEqualTo(ETCD.shape());
    }

    @Test
    void theRecordStillValidatesWhatTheBuilderBuilds() {
        assertThatThrownBy(() -> RowParams.builder("w").valueSize(300).shape(new LoadShape(200, 0, 0, 0, 0)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the largest value size 200 B is below the smallest 300 B");
        assertThatThrownBy(() -> RowParams.builder("w").snapshotCount(0).build())
                .hasMessage("snapshotCount must be at least 1, was 0");
        assertThatThrownBy(() -> ETCD.withShape(null)).isInstanceOf(NullPointerException.class);
    }
}
