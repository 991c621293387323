package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadSpecTest {

    @Test
    void scalingChangesKeysAndRowNamesAndKeepsBudgetsOnTheirRows() throws SpecException {
        WorkloadSpec spec = SpecLoader.loadDefault();
        WorkloadSpec small = spec.scaled(0.01);
        assertThat(small.rows()).extracting(Row::name).startsWith(
                "index/keys=1K,versions=1,keySize=64B", "index/keys=1K,versions=1,keySize=256B");
        assertThat(small.rows()).extracting(r -> r.params().keys()).containsOnly(1_000L, 10_000L);
        assertThat(small.rows()).hasSameSizeAs(spec.rows());
        for (int i = 0; i < spec.allRows().size(); i++) {
            Row before = spec.allRows().get(i);
            Row after = small.allRows().get(i);
            assertThat(small.budgetsFor(after)).extracting(Budget::max)
                    .as(after.name()).isEqualTo(spec.budgetsFor(before).stream().map(Budget::max).toList());
            assertThat(after.params().versions()).isEqualTo(before.params().versions());
        }
        assertThat(small.budgets().get(0).where().get("keys")).isEqualTo(1_000L);
        assertThat(spec.rows().get(0).params().keys()).as("the original is untouched").isEqualTo(100_000L);
    }

    @Test
    void scalingRoundsToAtLeastOneKeyAndRefusesCollisionsAndOverflow() throws SpecException {
        WorkloadSpec spec = SpecLoader.load("version: 1\nworkloads:\n  - {name: a, keys: 3}\n"
                + "  - {name: b, keys: [10, 20]}\n", "s.yaml");
        assertThat(spec.scaled(0.5).rows()).extracting(Row::name).containsExactly("a", "b/keys=5", "b/keys=10");
        assertThat(spec.scaled(0.5).rows().get(0).params().keys()).as("1.5 rounds to even").isEqualTo(2);
        assertThat(spec.scaled(0.1).rows()).extracting(r -> r.params().keys()).as("0.3 keys become 1")
                .containsExactly(1L, 1L, 2L);
        assertThatThrownBy(() -> spec.scaled(0.01)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("scaling makes two keys values of workload 'b' equal (1), which would give two rows"
                        + " the same name");
        assertThatThrownBy(() -> spec.scaled(1e7)).hasMessage(
                "scale 1.0E7 makes 20 keys more than the limit of 100M keys per row");
        assertThatThrownBy(() -> spec.scaled(0)).hasMessage("scale must be a positive number, got 0.0");
        assertThatThrownBy(() -> spec.scaled(Double.NaN)).hasMessage("scale must be a positive number, got NaN");
        assertThatThrownBy(() -> spec.scaled(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void enablingNamesWorkloads() throws SpecException {
        WorkloadSpec spec = SpecLoader.loadDefault();
        WorkloadSpec all = spec.withEnabled(List.of("overall-1KiB"));
        assertThat(all.rows()).hasSize(16).isEqualTo(spec.allRows());
        assertThat(spec.rows()).hasSize(12);
        assertThatThrownBy(() -> spec.withEnabled(List.of("overall-1kib"))).hasMessage(
                "no workload 'overall-1kib' (did you mean 'overall-1KiB'?) in"
                        + " classpath:io/memstore/measure/spec/default-spec.yaml; workloads are index, overall,"
                        + " overall-1KiB");
    }
}
