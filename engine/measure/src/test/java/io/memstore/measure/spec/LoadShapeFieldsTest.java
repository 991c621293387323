package io.memstore.measure.spec;

import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.run.RowResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The fields that shape a load like a Kubernetes control plane's: {@code valueSize} ranges, {@code compact: every
 * N}, {@code leases}, {@code leasedKeys} and {@code watchers}: parsing, refusals where a system cannot honour them,
 * row names, scenarios, the probe's arguments and the result file.
 */
class LoadShapeFieldsTest {
    private static WorkloadSpec load(String fields) throws SpecException {
        return SpecLoader.load("version: 1\nworkloads:\n  - name: k\n    keys: 10K\n" + fields, "k.yaml");
    }

    private static final String KUBERNETES = "    system: etcd\n    keyPattern: hierarchical\n"
            + "    valueSize: 256B..4KiB\n    compact: every 10K\n    leases: 1K\n    leasedKeys: 20%\n"
            + "    watchers: 100\n";

    @Test
    void aKubernetesShapedRowParsesEveryField() throws SpecException {
        RowParams p = load(KUBERNETES).rows().get(0).params();
        assertThat(p.valueSize()).isEqualTo(256);
        assertThat(p.valueSizeMax()).isEqualTo(4096);
        assertThat(p.valueSizeRange()).isTrue();
        assertThat(p.meanValueSize()).isEqualTo(2176.0);
        assertThat(p.compactEvery()).isEqualTo(10_000);
        assertThat(p.compact()).isFalse();
        assertThat(p.leases()).isEqualTo(1000);
        assertThat(p.leasedKeys()).isEqualTo(0.2);
        assertThat(p.watchers()).isEqualTo(100);
    }

    @Test
    void aRangeOfOneSizeIsThatSizeAndListsNameTheirRows() throws SpecException {
        RowParams fixed = load("    valueSize: 1KiB..1024B\n").rows().get(0).params();
        assertThat(fixed.valueSizeRange()).isFalse();
        assertThat(fixed.valueSize()).isEqualTo(1024);
        WorkloadSpec spec = load("    system: etcd\n    valueSize: [256B, 256B..4KiB]\n"
                + "    compact: [none, latest, every 10K]\n    watchers: [0, 100]\n");
        assertThat(spec.rows()).extracting(Row::name).contains("k/valueSize=256B,compact=none,watchers=0",
                "k/valueSize=256B..4KiB,compact=every 10K,watchers=100");
        assertThat(spec.rows()).hasSize(12);
    }

    @Test
    void badValuesAreRefusedWithTheFieldAndWhatIsExpected() {
        assertThatThrownBy(() -> load("    valueSize: 4KiB..256B\n")).hasMessageContaining(
                "k.yaml:5:16: workloads[0].valueSize: '4KiB..256B' runs from a larger size to a smaller one;"
                        + " expected a size from 0B to 16MiB");
        assertThatThrownBy(() -> load("    valueSize: 256B..32MiB\n")).hasMessageContaining(
                "'32MiB' is more than the limit of 16MiB");
        assertThatThrownBy(() -> load("    compact: every\n")).hasMessageContaining(
                "workloads[0].compact: unknown compact 'every'");
        assertThatThrownBy(() -> load("    compact: every 0\n")).hasMessageContaining(
                "workloads[0].compact: 'every 0' is less than 1 revision");
        assertThatThrownBy(() -> load("    compact: evry 10K\n")).hasMessageContaining("(did you mean 'every'?)");
        assertThatThrownBy(() -> load("    system: etcd\n    leases: 2M\n")).hasMessageContaining(
                "workloads[0].leases: '2M' is more than the limit of 1M");
        assertThatThrownBy(() -> load("    system: etcd\n    watchers: 20K\n")).hasMessageContaining(
                "workloads[0].watchers: '20K' is more than the limit of 10K");
        assertThatThrownBy(() -> load("    system: etcd\n    leases: 1K\n    leasedKeys: 120%\n"))
                .hasMessageContaining("workloads[0].leasedKeys: '120%' is more than all keys");
    }

    @Test
    void fieldsASystemCannotHonourAreRefusedWhereTheyAreWritten() {
        assertThatThrownBy(() -> load("    watchers: 100\n")).isInstanceOf(SpecException.class).hasMessage(
                "k.yaml:5:15: workloads[0].watchers: row k is a memstore row, which has no watchers; expected"
                        + " watchers on rows of system etcd or etcd-cluster only");
        assertThatThrownBy(() -> load("    system: [etcd, h2]\n    leases: 1K\n")).hasMessage(
                "k.yaml:6:13: workloads[0].leases: row k/system=h2 is a h2 row, which has no leases; expected"
                        + " leases on rows of system etcd or etcd-cluster only");
        assertThatThrownBy(() -> load("    system: rocksdb\n    compact: every 10K\n")).hasMessage(
                "k.yaml:6:14: workloads[0].compact: row k is a rocksdb row, which keeps no history of revisions to"
                        + " compact on a period; expected compact every on rows of system memstore, etcd or"
                        + " etcd-cluster; latest or none here");
        assertThatThrownBy(() -> load("    system: etcd\n    leasedKeys: 20%\n")).hasMessage(
                "k.yaml:6:17: workloads[0].leasedKeys: row k puts 20% of its keys with a lease but grants none;"
                        + " expected leases of at least 1 beside leasedKeys");
        // set in defaults: the error points there
        assertThatThrownBy(() -> SpecLoader.load("version: 1\ndefaults: {watchers: 10}\nworkloads:\n"
                + "  - name: k\n    system: etcd\n  - name: m\n", "k.yaml")).hasMessage(
                "k.yaml:2:22: defaults.watchers: row m is a memstore row, which has no watchers; expected watchers"
                        + " on rows of system etcd or etcd-cluster only");
    }

    @Test
    void compactEveryIsValidOnMemstoreRowsAndAScenarioKeepsThePeriod() throws SpecException {
        assertThat(load("    compact: every 1K\n").rows().get(0).params().compactEvery()).isEqualTo(1000);
        WorkloadSpec spec = SpecLoader.load("version: 1\ndefaults: {system: etcd, compact: every 10K, watchers: 100}\n"
                + "workloads:\n  - name: k\nplan:\n  - name: big\n    keys: 1M\n    leases: 1K\n"
                + "    leasedKeys: 20%\n", "k.yaml");
        RowParams s = spec.plan().get(0).params();
        assertThat(s.compactEvery()).isEqualTo(10_000);
        assertThat(s.watchers()).isEqualTo(100);
        assertThat(s.leases()).isEqualTo(1000);
        assertThat(s.leasedKeys()).isEqualTo(0.2);
    }

    @Test
    void theProbeArgumentsAndTheResultFileCarryTheShape(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Row row = load(KUBERNETES).rows().get(0);
        ProbeArgs args = new ProbeArgs(row, dir.resolve("r.json"), dir, 10);
        assertThat(args.toArgs()).contains("--valueSize=256", "--valueSizeMax=4096", "--compactEvery=10000",
                "--leases=1000", "--leasedKeys=0.2", "--watchers=100");
        assertThat(ProbeArgs.parse(args.toArgs().toArray(String[]::new)).row().params()).isEqualTo(row.params());

        RowResult r = new RowResult(row.name(), row.params(), Map.of("process.rss", 1e8, "watch.events", 20_000.0),
                Map.of(), 1);
        RunResult run = new RunResult("k", "k.yaml", TestRows.sampleRun().environment(), List.of(r), null, List.of());
        String json = ResultJson.toJson(run);
        assertThat(json).contains("\"valueSize\": \"256B..4KiB\"", "\"compact\": \"every 10K\"", "\"leases\": 1000",
                "\"leasedKeys\": 0.2", "\"watchers\": 100", "\"watch.events\": 20000");
        assertThat(ResultJson.parse(json, "x.json").rows().get(0).params()).isEqualTo(row.params());
        // a file of rows without these fields reads them as absent: fixed values, no leases or watchers
        String plain = json.replace("\"leases\": 1000,", "").replace("\"leasedKeys\": 0.2,", "")
                .replaceAll(",\\s*\"watchers\": 100", "");
        RowParams back = ResultJson.parse(plain, "x.json").rows().get(0).params();
        assertThat(back.leases()).isZero();
        assertThat(back.watchers()).isZero();
    }
}
