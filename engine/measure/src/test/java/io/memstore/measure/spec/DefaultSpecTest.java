package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The built-in spec must reproduce both tables of etcd's storage memory benchmark (the seed), budgets included. */
class DefaultSpecTest {
    private static WorkloadSpec spec;

    @BeforeAll
    static void load() throws SpecException {
        spec = SpecLoader.loadDefault();
    }

    @Test
    void expandsToTheSeedRowsInDeclarationOrder() {
        assertThat(spec.name()).isEqualTo("etcd-storage-memory");
        assertThat(spec.source()).isEqualTo("classpath:io/memstore/measure/spec/default-spec.yaml");
        assertThat(spec.rows()).extracting(Row::name).containsExactly(
                "index/keys=100K,versions=1,keySize=64B",
                "index/keys=100K,versions=1,keySize=256B",
                "index/keys=100K,versions=5,keySize=64B",
                "index/keys=100K,versions=5,keySize=256B",
                "index/keys=1M,versions=1,keySize=64B",
                "index/keys=1M,versions=1,keySize=256B",
                "index/keys=1M,versions=5,keySize=64B",
                "index/keys=1M,versions=5,keySize=256B",
                "overall/keys=100K,versions=1",
                "overall/keys=100K,versions=5",
                "overall/keys=1M,versions=1",
                "overall/keys=1M,versions=5");
        assertThat(spec.allRows()).hasSize(16);
        assertThat(spec.allRows().subList(12, 16)).extracting(Row::name).containsExactly(
                "overall-1KiB/keys=100K,versions=1",
                "overall-1KiB/keys=100K,versions=5",
                "overall-1KiB/keys=1M,versions=1",
                "overall-1KiB/keys=1M,versions=5");
        assertThat(spec.workload("overall-1KiB").orElseThrow().enabled()).isFalse();
    }

    @Test
    void rowsCarryTheSeedParameters() {
        RowParams index = spec.rows().get(7).params();
        assertThat(index).isEqualTo(RowParams.builder("index").keys(1_000_000).versions(5).keySize(256)
                .valueSize(256).keyPattern(KeyPattern.RANDOM).store(StoreKind.NONE).index(IndexKind.BTREE).seed(1)
                .runs(1).deletes(0.0).compact(false).build());
        for (Row r : spec.rows().subList(8, 12)) {
            assertThat(r.params().store()).isEqualTo(StoreKind.SQLITE);
            assertThat(r.params().keySize()).isEqualTo(64);
            assertThat(r.params().valueSize()).isEqualTo(256);
        }
        for (Row r : spec.allRows().subList(12, 16)) {
            assertThat(r.params().valueSize()).isEqualTo(1024);
        }
    }

    @Test
    void indexBudgetsAreEtcdsFiguresAndFailTheBuild() {
        // the seed's table 1, MB = 10^6 bytes
        Map<String, Long> seed = new LinkedHashMap<>();
        seed.put("index/keys=100K,versions=1,keySize=64B", 22L);
        seed.put("index/keys=100K,versions=5,keySize=64B", 39L);
        seed.put("index/keys=1M,versions=1,keySize=64B", 218L);
        seed.put("index/keys=1M,versions=5,keySize=64B", 432L);
        seed.put("index/keys=100K,versions=1,keySize=256B", 41L);
        seed.put("index/keys=100K,versions=5,keySize=256B", 65L);
        seed.put("index/keys=1M,versions=1,keySize=256B", 409L);
        seed.put("index/keys=1M,versions=5,keySize=256B", 506L);
        for (Row row : spec.rows().subList(0, 8)) {
            List<Budget> b = spec.budgetsFor(row);
            assertThat(b).as(row.name()).hasSize(1);
            assertThat(b.get(0).metric()).isEqualTo(Metric.INDEX_LIVE_HEAP);
            assertThat(b.get(0).max()).as(row.name()).isEqualTo(seed.get(row.name()) * 1_000_000.0);
            assertThat(b.get(0).min()).isNull();
            assertThat(b.get(0).level()).isEqualTo(BudgetLevel.ERROR);
        }
    }

    @Test
    void overallBudgetsBoundTheRssGrowthByEtcdsRssFiguresAndOnlyWarn() {
        long[] seedMb = {40, 89, 470, 880, 102, 164, 587, 836};
        List<Row> overall = spec.allRows().subList(8, 16);
        for (int i = 0; i < overall.size(); i++) {
            Row row = overall.get(i);
            List<Budget> b = spec.budgetsFor(row);
            assertThat(b).as(row.name()).hasSize(1);
            // the growth over the JVM's own baseline, never the whole RSS, which that baseline alone may exceed
            assertThat(b.get(0).metric()).isEqualTo(Metric.PROCESS_RSS_GROWTH);
            assertThat(b.get(0).max()).as(row.name()).isEqualTo(seedMb[i] * 1_000_000.0);
            assertThat(b.get(0).level()).isEqualTo(BudgetLevel.WARN);
            assertThat(b.get(0).message()).contains("RSS growth above etcd's whole RSS of " + seedMb[i] + " MB");
        }
        assertThat(spec.budgets()).hasSize(16);
        assertThat(spec.modelBudgets()).isEmpty();
    }

    @Test
    void budgetsPointBackAtTheSpec() {
        assertThat(spec.budgets().get(0).origin())
                .matches("classpath:io/memstore/measure/spec/default-spec\\.yaml:\\d+:5");
        assertThat(spec.budgets().get(0).toString()).isEqualTo(
                "index.liveHeap <= 22MB [workload=index,keys=100K,versions=1,keySize=64B] (error)");
    }
}
