package io.memstore.measure.spec;

import io.memstore.store.Durability;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The store options as row fields: defaults, lists that multiply rows, names, limits. */
class StoreSettingsSpecTest {
    private static WorkloadSpec load(String fields) throws SpecException {
        return SpecLoader.load("version: 1\nworkloads:\n  - name: s\n    keys: 1K\n" + fields, "s.yaml");
    }

    @Test
    void unsetOptionsAreTheProbesDefaults() throws SpecException {
        StoreSettings s = load("").rows().get(0).params().settings();
        assertThat(s).isEqualTo(StoreSettings.DEFAULTS);
        assertThat(s.durability()).isEqualTo(Durability.DEFERRED);
        assertThat(s.leafCapacity()).isEqualTo(48);
        assertThat(s.sqliteCacheKiB()).isEqualTo(2000);
    }

    @Test
    void everyOptionParsesAndListsMakeAMatrix() throws SpecException {
        WorkloadSpec spec = load("    leafCapacity: [16, 128]\n    durability: [full, deferred]\n"
                + "    sqliteCache: 8MiB\n    readConnections: 4\n    batchLimit: 1K\n    batchBytes: 1MiB\n"
                + "    batchInterval: 2s\n");
        assertThat(spec.rows()).extracting(Row::name).containsExactly(
                "s/leafCapacity=16,durability=full", "s/leafCapacity=16,durability=deferred",
                "s/leafCapacity=128,durability=full", "s/leafCapacity=128,durability=deferred");
        StoreSettings s = spec.rows().get(2).params().settings();
        assertThat(s).isEqualTo(new StoreSettings(128, Durability.FULL, 8192, 4, 1000, 1L << 20, 2000));
    }

    @Test
    void theCacheIsWholeKiBAndPrintsInIecUnits() throws SpecException {
        assertThat(RowField.SQLITE_CACHE.format(2000)).isEqualTo("2000KiB");
        assertThat(RowField.SQLITE_CACHE.format(8192)).isEqualTo("8MiB");
        assertThatThrownBy(() -> load("    sqliteCache: 1MB\n"))
                .hasMessageStartingWith("s.yaml:5:18: workloads[0].sqliteCache: '1MB' is not a whole number of KiB");
        assertThatThrownBy(() -> load("    sqliteCache: 32KiB\n"))
                .hasMessageStartingWith("s.yaml:5:18: workloads[0].sqliteCache: '32KiB' is less than the minimum 64KiB");
    }

    @Test
    void limitsAndFormsAreNamed() {
        assertThatThrownBy(() -> load("    leafCapacity: 2\n"))
                .hasMessageStartingWith("s.yaml:5:19: workloads[0].leafCapacity: '2' is less than 4");
        assertThatThrownBy(() -> load("    durability: sync\n"))
                .hasMessageStartingWith("s.yaml:5:17: workloads[0].durability: unknown durability 'sync'");
        assertThatThrownBy(() -> load("    batchInterval: 2 days\n"))
                .hasMessageStartingWith("s.yaml:5:20: workloads[0].batchInterval: '2 days' is not a duration");
        assertThatThrownBy(() -> load("    batchInterval: 2h\n"))
                .hasMessageStartingWith("s.yaml:5:20: workloads[0].batchInterval: '2h' is more than 1h");
        assertThatThrownBy(() -> load("    batchLimit: 2M\n"))
                .hasMessageStartingWith("s.yaml:5:17: workloads[0].batchLimit: '2M' is more than the limit of 1M");
        assertThatThrownBy(() -> load("    readConnections: 0\n"))
                .hasMessageStartingWith("s.yaml:5:22: workloads[0].readConnections: '0' is less than 1");
    }

    @Test
    void budgetsCanSelectRowsByAnOption() throws SpecException {
        WorkloadSpec spec = SpecLoader.load("version: 1\nworkloads:\n  - name: s\n    keys: 1K\n"
                + "    leafCapacity: [16, 128]\nbudgets:\n  - metric: index.liveHeap\n    max: 1MB\n"
                + "    where: {leafCapacity: 128}\n", "s.yaml");
        assertThat(spec.rows().stream().filter(r -> spec.budgets().get(0).matches(r)).map(Row::name).toList())
                .isEqualTo(List.of("s/leafCapacity=128"));
    }
}
