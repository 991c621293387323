package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The console's count of a run's rows and writes, computed from the spec. */
class RowCountTest {
    @Test
    void theDefaultSpecCountsItsRowsAndWritesAtAnyScale() throws Exception {
        WorkloadSpec spec = SpecLoader.loadDefault();
        // index: 2 key sizes x (100K + 500K + 1M + 5M) puts; overall: the same once
        assertThat(RowCount.describe(spec.rows())).isEqualTo("12 rows up to 1M keys, 19.8M writes");
        assertThat(RowCount.describe(spec.scaled(0.01).rows())).isEqualTo("12 rows up to 10K keys, 198K writes");
    }

    @Test
    void runsAndDeletesCount() throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nname: d\nworkloads:\n"
                + "  - {name: w, store: none, keys: 1K, versions: 2, runs: 3, deletes: 0.5}\n", "d.yaml");
        assertThat(RowCount.writes(spec.rows().get(0))).isEqualTo(3 * (2_000 + 500));
        assertThat(RowCount.describe(spec.rows())).isEqualTo("1 row of 1K keys, 7.5K writes");
        assertThat(RowCount.approximate(950)).isEqualTo("950");
        assertThat(RowCount.approximate(1_234_567)).isEqualTo("1.23M");
        assertThat(RowCount.approximate(123_456_789_012L)).isEqualTo("123G");
    }
}
