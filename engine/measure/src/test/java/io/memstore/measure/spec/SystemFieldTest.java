package io.memstore.measure.spec;

import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.TestRows;
import io.memstore.measure.run.RowRunner;
import io.memstore.measure.run.RunnerOptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The row field {@code system}: parsing, row names, the probe's arguments, the result file, the classpath. */
class SystemFieldTest {
    private static WorkloadSpec load(String fields) throws SpecException {
        return SpecLoader.load("version: 1\nworkloads:\n  - name: s\n    keys: 10K\n" + fields, "s.yaml");
    }

    @Test
    void memstoreUnlessSaidOtherwiseAndListsPutSystemsSideBySide() throws SpecException {
        assertThat(load("").rows().get(0).params().system()).isEqualTo(SystemKind.MEMSTORE);
        WorkloadSpec spec = load("    system: [memstore, etcd, etcd-cluster, h2, rocksdb]\n");
        assertThat(spec.rows()).extracting(Row::name).containsExactly("s/system=memstore", "s/system=etcd",
                "s/system=etcd-cluster", "s/system=h2", "s/system=rocksdb");
        assertThat(spec.rows()).extracting(r -> r.params().system()).containsExactlyElementsOf(SystemKind.builtIns());
        assertThat(spec.rows().get(3).params().storesValues()).isTrue();
    }

    @Test
    void aMemstoreOnlyListCrossedWithSystemsGivesOneRowPerOtherSystem() throws SpecException {
        WorkloadSpec spec = load("    index: [btree, reference]\n    system: [memstore, etcd]\n");
        assertThat(spec.rows()).extracting(Row::name).containsExactly("s/index=btree,system=memstore",
                "s/system=etcd", "s/index=reference,system=memstore");
        assertThat(spec.rows()).extracting(r -> r.params().system()).containsExactly(SystemKind.MEMSTORE,
                SystemKind.ETCD, SystemKind.MEMSTORE);
        // the system varying first: the etcd row still comes once, where it first occurs
        WorkloadSpec first = load("    system: [etcd, h2, memstore]\n    durability: [full, deferred]\n"
                + "    snapshotCount: [100K, 10K]\n");
        assertThat(first.rows()).extracting(Row::name).containsExactly("s/system=etcd,snapshotCount=100K",
                "s/system=etcd,snapshotCount=10K", "s/system=h2", "s/system=memstore,durability=full",
                "s/system=memstore,durability=deferred");
        assertThat(first.rows().get(1).params().snapshotCount()).isEqualTo(10_000);
        assertThat(first.rows().get(2).params().snapshotCount()).isEqualTo(RowParams.DEFAULT_SNAPSHOT_COUNT);
    }

    @Test
    void etcdRowsRunTwiceUnlessTheSpecSaysRuns() throws SpecException {
        WorkloadSpec spec = load("    system: [memstore, etcd, etcd-cluster, h2]\n");
        assertThat(spec.rows()).extracting(r -> r.params().runs()).containsExactly(1, WorkloadDef.ETCD_RUNS,
                WorkloadDef.ETCD_RUNS, 1);
        assertThat(load("    system: etcd\n    runs: 1\n").rows().get(0).params().runs()).isEqualTo(1);
        assertThat(load("    system: [etcd, h2]\n    runs: 3\n").rows()).extracting(r -> r.params().runs())
                .containsExactly(3, 3);
        WorkloadSpec byDefaults = SpecLoader.load("version: 1\ndefaults: {runs: 1, system: etcd}\nworkloads:\n"
                + "  - {name: s, keys: 10K}\n", "s.yaml");
        assertThat(byDefaults.rows().get(0).params().runs()).isEqualTo(1);
        // scaled for a quick look, the default stays
        assertThat(spec.scaled(0.1).rows().get(1).params().runs()).isEqualTo(WorkloadDef.ETCD_RUNS);
        // the console says which
        assertThat(spec.etcdRunsLine(spec.rows())).contains("2 etcd row(s) run 2 times each (runs: 2, the default of"
                + " etcd rows: a plan's band takes their spread)");
        WorkloadSpec once = load("    system: [etcd, h2]\n    runs: 1\n");
        assertThat(once.etcdRunsLine(once.rows())).contains("1 etcd row(s) run once (runs: 1): a plan from them takes"
                + " the spread memstore measured between runs of etcd rows instead of their own");
        assertThat(load("    system: h2\n").etcdRunsLine(load("    system: h2\n").rows())).isEmpty();
    }

    @Test
    void theSnapshotCountIsACountOfEntriesAndTravelsToTheProbe() throws SpecException {
        Row row = load("    system: etcd\n    snapshotCount: 10K\n").rows().get(0);
        assertThat(row.params().snapshotCount()).isEqualTo(10_000);
        ProbeArgs args = new ProbeArgs(row, Path.of("/tmp/r.json"), Path.of("/tmp/d"), 10);
        assertThat(args.toArgs()).contains("--snapshotCount=10000");
        assertThat(ProbeArgs.parse(args.toArgs().toArray(String[]::new))).isEqualTo(args);
        assertThatThrownBy(() -> load("    system: etcd\n    snapshotCount: 0\n"))
                .hasMessageContaining("workloads[0].snapshotCount: '0' is less than 1");
        assertThat(load("").rows().get(0).params().snapshotCount()).isEqualTo(100_000);
    }

    @Test
    void anUnknownSystemIsNamedWithItsPosition() {
        assertThatThrownBy(() -> load("    system: etc\n"))
                .hasMessageStartingWith("s.yaml:5:13: workloads[0].system: unknown system 'etc' (did you mean"
                        + " 'etcd'?)")
                .hasMessageContaining("one of memstore, etcd, etcd-cluster, h2, rocksdb");
    }

    @Test
    void otherSystemsStoreValuesEvenWhereMemstoreWouldNot() throws SpecException {
        RowParams p = load("    store: none\n    system: [memstore, rocksdb]\n").rows().get(1).params();
        assertThat(p.system()).isEqualTo(SystemKind.ROCKSDB);
        assertThat(p.storesValues()).isTrue();
        assertThat(load("    store: none\n").rows().get(0).params().storesValues()).isFalse();
    }

    @Test
    void theProbesArgumentsCarryTheSystem() throws SpecException {
        Row row = load("    system: etcd-cluster\n").rows().get(0);
        ProbeArgs args = new ProbeArgs(row, Path.of("/tmp/r.json"), Path.of("/tmp/d"), 10);
        assertThat(args.toArgs()).contains("--system=etcd-cluster");
        assertThat(ProbeArgs.parse(args.toArgs().toArray(String[]::new))).isEqualTo(args);
        List<String> old = args.toArgs().stream().filter(a -> !a.startsWith("--system=")).toList();
        assertThat(ProbeArgs.parse(old.toArray(String[]::new)).row().params().system()).isEqualTo(SystemKind.MEMSTORE);
        List<String> bad = args.toArgs().stream().map(a -> a.startsWith("--system=") ? "--system=etcd_cluster" : a)
                .toList();
        assertThatThrownBy(() -> ProbeArgs.parse(bad.toArray(String[]::new)))
                .hasMessage("--system=etcd_cluster: expected " + SystemKind.FORMS);
    }

    @Test
    void theResultFileKeepsTheSystemAndOldFilesReadAsMemstore() throws Exception {
        RowParams etcd = TestRows.params("w", 20_000, 1, 64, IndexKind.BTREE).withSystem(SystemKind.ETCD_CLUSTER);
        RowResult row = new RowResult("w/system=etcd-cluster", etcd, TestRows.metrics("process.rss", 50e6,
                "etcd.m1.rss", 50e6, "etcd.m2.rss", 49e6, "etcd.m3.rss", 48e6), Map.of(), 1);
        RunResult sample = TestRows.sampleRun();
        RunResult run = new RunResult(sample.specName(), sample.specFile(), sample.environment(), List.of(row),
                null, List.of());
        String json = ResultJson.toJson(run);
        assertThat(json).contains("\"system\": \"etcd-cluster\"").contains("\"etcd.m2.rss\": 49000000");
        assertThat(ResultJson.parse(json, "x.json")).isEqualTo(run);
        String old = json.replaceFirst("\"system\": \"etcd-cluster\",\\s*", "");
        assertThat(old).doesNotContain("\"system\"");
        assertThat(ResultJson.parse(old, "x.json").rows().get(0).params().system()).isEqualTo(SystemKind.MEMSTORE);
    }

    @Test
    void onlyRowsOfOtherSystemsGetTheSystemsJars() throws SpecException {
        List<Path> engine = List.of(Path.of("/repo/memstore-measure.jar"));
        List<Path> systems = List.of(Path.of("/repo/memstore-systems.jar"), Path.of("/repo/jetcd-core.jar"));
        RowRunner runner = new RowRunner(RunnerOptions.of(engine).withSystemsClasspath(systems));
        List<Row> rows = load("    system: [memstore, h2]\n").rows();
        assertThat(runner.classpath(rows.get(0))).containsExactlyElementsOf(engine);
        assertThat(runner.classpath(rows.get(1))).containsExactly(engine.get(0), systems.get(0), systems.get(1));
    }
}
