package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecLoaderTest {

    static WorkloadSpec load(String yaml) throws SpecException {
        return SpecLoader.load(yaml, "test.yaml");
    }

    @Test
    void theBriefsExampleLoads() throws SpecException {
        WorkloadSpec spec = load("""
                version: 1
                name: etcd-storage-memory
                defaults:
                  keys: 100K
                  versions: 1
                  keySize: 64B
                  valueSize: 256B
                  keyPattern: random
                  store: sqlite
                  index: btree
                  seed: 1
                  runs: 1
                workloads:
                  - name: index
                    store: none
                    keys: [100K, 1M]
                    versions: [1, 5]
                    keySize: [64B, 256B]
                  - name: churn
                    deletes: 10%
                    compact: latest
                budgets:
                  - metric: index.liveHeap
                    max: 120MiB
                    where: {workload: index, keys: 1M, versions: 5, keySize: 64B}
                    level: error
                    message: "the index grew: see the memory model page"
                  - metric: model.c1
                    max: 16B
                """);
        assertThat(spec.rows()).hasSize(9);
        Row churn = spec.rows().get(8);
        assertThat(churn.name()).isEqualTo("churn");
        assertThat(churn.params()).isEqualTo(RowParams.builder("churn").keys(100_000).versions(1).keySize(64)
                .valueSize(256).keyPattern(KeyPattern.RANDOM).store(StoreKind.SQLITE).index(IndexKind.BTREE).seed(1)
                .runs(1).deletes(0.1).compact(true).build());
        Budget index = spec.budgets().get(0);
        assertThat(index.max()).isEqualTo(120.0 * 1024 * 1024);
        assertThat(index.where()).containsExactly(
                java.util.Map.entry("workload", "index"), java.util.Map.entry("keys", 1_000_000L),
                java.util.Map.entry("versions", 5), java.util.Map.entry("keySize", 64));
        assertThat(spec.rows()).filteredOn(index::matches).extracting(Row::name)
                .containsExactly("index/keys=1M,versions=5,keySize=64B");
        assertThat(index.message()).isEqualTo("the index grew: see the memory model page");
        Budget c1 = spec.budgets().get(1);
        assertThat(c1.metric().isModel()).isTrue();
        assertThat(spec.rows()).noneMatch(c1::matches);
        assertThat(spec.modelBudgets()).containsExactly(c1);
        assertThat(c1.level()).isEqualTo(BudgetLevel.ERROR);
    }

    @Test
    void theFirstListFieldVariesSlowestInDeclarationOrder() throws SpecException {
        WorkloadSpec spec = load("""
                version: 1
                workloads:
                  - name: w
                    valueSize: [1KiB, 1000B, 0]
                    store: none
                    keyPattern: [sequential, hierarchical]
                """);
        assertThat(spec.rows()).extracting(Row::name).containsExactly(
                "w/valueSize=1KiB,keyPattern=sequential",
                "w/valueSize=1KiB,keyPattern=hierarchical",
                "w/valueSize=1KB,keyPattern=sequential",
                "w/valueSize=1KB,keyPattern=hierarchical",
                "w/valueSize=0B,keyPattern=sequential",
                "w/valueSize=0B,keyPattern=hierarchical");
        assertThat(spec.workloads().get(0).listFields()).containsExactly(RowField.VALUE_SIZE, RowField.KEY_PATTERN);
        assertThat(spec.workloads().get(0).values(RowField.VALUE_SIZE)).containsExactly(1024, 1000, 0);
    }

    @Test
    void workloadValuesBeatDefaultsWhichBeatBuiltIns() throws SpecException {
        WorkloadSpec spec = load("""
                version: 1
                defaults: {keys: 2K, versions: 3, keySize: 1KiB, index: reference, seed: -7, runs: 5, deletes: 0.25}
                workloads:
                  - {name: a}
                  - {name: b, keys: 3K, versions: 4, store: none, compact: latest}
                  - {name: c, keySize: [16B], deletes: 12.5%}
                """);
        assertThat(spec.rows().get(0).params()).isEqualTo(RowParams.builder("a").keys(2000).versions(3).keySize(1024)
                .valueSize(256).keyPattern(KeyPattern.RANDOM).store(StoreKind.SQLITE).index(IndexKind.REFERENCE)
                .seed(-7).runs(5).deletes(0.25).compact(false).build());
        assertThat(spec.rows().get(1).params()).isEqualTo(RowParams.builder("b").keys(3000).versions(4).keySize(1024)
                .valueSize(256).keyPattern(KeyPattern.RANDOM).store(StoreKind.NONE).index(IndexKind.REFERENCE).seed(-7)
                .runs(5).deletes(0.25).compact(true).build());
        assertThat(spec.rows().get(2).name()).as("a one-item list still names the row").isEqualTo("c/keySize=16B");
        assertThat(spec.rows().get(2).params().deletes()).isEqualTo(0.125);
        assertThat(spec.rows()).extracting(Row::name).containsExactly("a", "b", "c/keySize=16B");

        WorkloadSpec bare = load("version: 1\nworkloads:\n  - name: only\n");
        assertThat(bare.rows().get(0).params()).as("the built-in defaults, as RowParams.Builder documents them")
                .isEqualTo(RowParams.builder("only").keys(100_000).versions(1).keySize(64).valueSize(256)
                        .keyPattern(KeyPattern.RANDOM).store(StoreKind.SQLITE).index(IndexKind.BTREE).seed(1).runs(1)
                        .deletes(0.0).compact(false).settings(StoreSettings.DEFAULTS).system(SystemKind.MEMSTORE)
                        .snapshotCount(100_000).shape(new LoadShape(256, 0, 0, 0, 0)).build());
        for (RowField f : RowField.values()) {
            assertThat(f.builtInDefaultText()).isEqualTo(f.format(f.get(bare.rows().get(0).params())));
        }
    }

    @Test
    void listValuesAreFormattedExactlyInRowNames() throws SpecException {
        WorkloadSpec spec = load("""
                version: 1
                workloads:
                  - name: u
                    keys: [1, 1500, 1.5M, 100M]
                    deletes: [0, 10%, 0.5, 100%]
                """);
        assertThat(spec.rows()).hasSize(16);
        assertThat(spec.rows().get(0).name()).isEqualTo("u/keys=1,deletes=0%");
        assertThat(spec.rows().get(5).name()).isEqualTo("u/keys=1500,deletes=10%");
        assertThat(spec.rows().get(10).name()).isEqualTo("u/keys=1500K,deletes=50%");
        assertThat(spec.rows().get(15).name()).isEqualTo("u/keys=100M,deletes=100%");
        assertThat(spec.rows().get(15).params().keys()).isEqualTo(100_000_000L);
    }

    @Test
    void disabledWorkloadsKeepTheirRowsAside() throws SpecException {
        WorkloadSpec spec = load("""
                version: 1
                workloads:
                  - {name: on, keys: [1K, 2K]}
                  - {name: off, enabled: false, keys: [1K, 2K]}
                budgets:
                  - {metric: process.rss, max: 1GB, where: {workload: off, keys: 2K}}
                """);
        assertThat(spec.rows()).extracting(Row::name).containsExactly("on/keys=1K", "on/keys=2K");
        assertThat(spec.allRows()).extracting(Row::name).endsWith("off/keys=1K", "off/keys=2K");
        assertThat(spec.budgetsFor(spec.allRows().get(3))).hasSize(1);
        assertThat(spec.withEnabled(List.of("off")).rows()).hasSize(4);
    }

    @Test
    void boundsFollowTheMetricsUnit() throws SpecException {
        WorkloadSpec spec = load("""
                version: 1
                workloads: [{name: a}]
                budgets:
                  - {metric: get.opsPerSecond, min: 250000, level: warn}
                  - {metric: load.seconds, max: 2.5, min: 0}
                  - {metric: model.relativeRmsError, max: 0.05}
                  - {metric: index.bytesPerKey, max: 120}
                  - {metric: store.fileSize, max: 1.5GiB}
                """);
        List<Budget> b = spec.budgets();
        assertThat(b.get(0).min()).isEqualTo(250_000.0);
        assertThat(b.get(0).max()).isNull();
        assertThat(b.get(0).level()).isEqualTo(BudgetLevel.WARN);
        assertThat(b.get(0).accepts(250_000)).isTrue();
        assertThat(b.get(0).accepts(249_999.9)).isFalse();
        assertThat(b.get(1).accepts(2.5)).isTrue();
        assertThat(b.get(1).accepts(2.51)).isFalse();
        assertThat(b.get(2).max()).isEqualTo(0.05);
        assertThat(b.get(3).max()).isEqualTo(120.0);
        assertThat(b.get(4).max()).isEqualTo(1.5 * (1L << 30));
        assertThat(b.get(0).toString()).isEqualTo("get.opsPerSecond >= 250,000 ops/s (warn)");
        assertThat(b.get(1).toString()).isEqualTo("load.seconds >= 0.000 s and <= 2.500 s (error)");
        assertThat(spec.budgetsFor(spec.rows().get(0))).containsExactly(b.get(0), b.get(1), b.get(3), b.get(4));
    }

    @Test
    void sectionsMayComeInAnyOrderAndAnchorsMayShareScalars() throws SpecException {
        // an anchor must come before its aliases, so here workloads precede budgets, and version comes last
        WorkloadSpec spec = load("""
                workloads:
                  - {name: a, keys: &k 5K}
                  - {name: b, keys: [1K, *k]}
                budgets:
                  - {metric: index.liveHeap, max: 1MB, where: {keys: *k}}
                version: 1
                """);
        assertThat(spec.rows()).extracting(Row::name).containsExactly("a", "b/keys=1K", "b/keys=5K");
        assertThat(spec.rows()).filteredOn(spec.budgets().get(0)::matches).extracting(Row::name)
                .containsExactly("a", "b/keys=5K");

        WorkloadSpec budgetsFirst = load("""
                budgets: [{metric: process.rss, max: 1GB, where: {workload: z}}]
                workloads: [{name: z}]
                version: 1
                """);
        assertThat(budgetsFirst.budgetsFor(budgetsFirst.rows().get(0))).hasSize(1);
    }

    @Test
    void quotedAndTaggedStandardScalarsAreFine() throws SpecException {
        WorkloadSpec spec = load("version: !!int 1\nworkloads:\n  - name: \"q\"\n    keys: !!str 2K\n"
                + "    versions: '3'\n    enabled: True\n");
        assertThat(spec.rows().get(0).params().keys()).isEqualTo(2000);
        assertThat(spec.rows().get(0).params().versions()).isEqualTo(3);
    }

    @Test
    void loadsFilesWithAByteOrderMarkAndNamesTheSpecAfterTheFile(@TempDir Path dir)
            throws IOException, SpecException {
        Path file = dir.resolve("my-spec.yaml");
        Files.write(file, ("\uFEFFversion: 1 # caf\u00e9\nworkloads:\n  - name: a\n").getBytes(StandardCharsets.UTF_8));
        WorkloadSpec spec = SpecLoader.load(file);
        assertThat(spec.name()).isEqualTo("my-spec");
        assertThat(spec.source()).isEqualTo(file.toString());

        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "version: 1\nworkloads:\n  - name: a\n    keys: lots\n");
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecLoader.load(broken));
        assertThat(e.getMessage()).isEqualTo(broken + ":4:11: workloads[0].keys: 'lots' is not a count;"
                + " expected a count from 1 to 100M, like 100K or 1M");
    }

    @Test
    void randomKeysMustHaveRoomForTheirCount() throws SpecException {
        assertThat(load("version: 1\nworkloads:\n  - {name: a, keySize: 2B, keys: 65536}\n").rows()).hasSize(1);
        SpecException e = catchThrowableOfType(SpecException.class,
                () -> load("version: 1\nworkloads:\n  - {name: a, keySize: 2B, keys: 65537}\n"));
        assertThat(e.getMessage()).isEqualTo("test.yaml:3:5: workloads[0]: row a asks for 65537 distinct keys,"
                + " but 2-byte keys of random bytes allow only 65536; expected keySize of at least 3B for 65537"
                + " random keys, or fewer keys");
    }
}
