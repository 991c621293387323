package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The benchmarks are wired: JMH's annotation processor ran and wrote META-INF/BenchmarkList, which is what
 * {@code java -jar benchmarks.jar} runs, with the modes, parameters and fork flags the javadocs promise.
 */
class BenchmarkListTest {
    private static Map<String, BenchmarkListEntry> entries;

    @BeforeAll
    static void readList() {
        Set<BenchmarkListEntry> all = BenchmarkList.defaultList()
                .getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), java.util.List.of());
        entries = new TreeMap<>();
        for (BenchmarkListEntry e : all) {
            entries.put(e.getUsername(), e);
        }
    }

    @Test
    void listsTheEightBenchmarksWithTheirModes() {
        assertThat(entries).containsOnlyKeys("io.memstore.bench.IndexBenchmark.get",
                "io.memstore.bench.IndexBenchmark.put", "io.memstore.bench.IngestBenchmark.store",
                "io.memstore.bench.IngestBenchmark.raw", "io.memstore.bench.StoreGetBenchmark.get",
                "io.memstore.bench.RawPointSelectBenchmark.select", "io.memstore.bench.GetPartsBenchmark.descend",
                "io.memstore.bench.GetPartsBenchmark.find");
        assertThat(entries.get("io.memstore.bench.GetPartsBenchmark.find").getMode()).isEqualTo(Mode.Throughput);
        assertThat(entries.get("io.memstore.bench.RawPointSelectBenchmark.select").getMode())
                .isEqualTo(Mode.Throughput);
        assertThat(entries.get("io.memstore.bench.StoreGetBenchmark.get").getMode()).isEqualTo(Mode.Throughput);
        assertThat(entries.get("io.memstore.bench.IndexBenchmark.get").getMode()).isEqualTo(Mode.Throughput);
        assertThat(entries.get("io.memstore.bench.IndexBenchmark.put").getMode()).isEqualTo(Mode.Throughput);
        assertThat(entries.get("io.memstore.bench.IngestBenchmark.store").getMode()).isEqualTo(Mode.SingleShotTime);
        assertThat(entries.get("io.memstore.bench.IngestBenchmark.raw").getMode()).isEqualTo(Mode.SingleShotTime);
        assertThat(entries.get("io.memstore.bench.IngestBenchmark.raw").getWarmupBatchSize().orElse(null))
                .as("three ingests per warm-up iteration").isEqualTo(3);
    }

    @Test
    void indexBenchmarksCompareBothIndexesAtAMillionKeysByDefault() {
        for (String name : new String[] {"get", "put"}) {
            Map<String, String[]> params = entries.get("io.memstore.bench.IndexBenchmark." + name).getParams()
                    .orElse(null);
            assertThat(params.get("index")).containsExactly("btree", "reference");
            assertThat(params.get("keys")).containsExactly("1000000");
        }
        for (String name : new String[] {"io.memstore.bench.IngestBenchmark.store",
                "io.memstore.bench.GetPartsBenchmark.find"}) {
            assertThat(entries.get(name).getParams().orElse(null).get("keys")).as(name).containsExactly("1000000");
        }
    }

    @Test
    void everyForkRunsTheSerialCollectorInAFixedPreTouchedHeap() {
        for (BenchmarkListEntry e : entries.values()) {
            assertThat(e.getJvmArgsAppend().orElse(null)).as(e.getUsername())
                    .containsExactly("-XX:+UseSerialGC", "-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch");
            assertThat(e.getForks().orElse(null)).as(e.getUsername()).isEqualTo(1);
        }
    }
}
