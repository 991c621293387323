package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.memstore.measure.model.ModelFit;
import io.memstore.measure.model.Weighting;
import io.memstore.measure.result.Environment;
import io.memstore.measure.result.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class ReportChartsTest {
    private static final RunResult RUN = SampleRuns.etcdLike("etcd-like", "index too big");

    @Test
    void indexChartHasALinePerShapeAndTheSeedsRowsDashed() {
        Chart chart = ReportCharts.indexMemory(RUN).orElseThrow();
        Document doc = Xml.parse(chart.svg());
        List<String> lines = Xml.elements(doc, "path").stream().map(p -> p.getTextContent()).toList();
        // index-only rows are preferred over the overall rows, which hold the same index
        assertThat(lines).containsExactly("memstore, versions 1, key 64 B", "memstore, versions 5, key 64 B",
                "etcd (seed), versions 1, key 64 B", "etcd (seed), versions 5, key 64 B");
        // 1K..10K keys of memstore and the seed's 22..432 MB: a logarithmic y axis keeps both readable
        assertThat(chart.svg()).contains("index memory, MiB (logarithmic scale)");
        assertThat(chart.svg()).contains("N=100K, 22 MB = 21.0 MiB");
        assertThat(chart.svg()).doesNotContain("(overall)");
    }

    @Test
    void bytesPerKeyComponentsAddUpToTheMeasuredValue() {
        RowParams p = new RowParams("index", 1000, 5, 64, 256, KeyPattern.RANDOM, StoreKind.NONE, IndexKind.BTREE,
                1, 1, 0, false);
        ModelFit fit = new ModelFit(IndexKind.BTREE, 8, Weighting.RELATIVE, 100, 20, 0, List.of(), null);
        double[] parts = ReportCharts.components(p, 310, fit);
        assertThat(parts).containsExactly(64, 106, 140);
        // c2 undetermined: only the pointer counts per version; the rest absorbs c2
        ModelFit noC2 = new ModelFit(IndexKind.BTREE, 8, Weighting.RELATIVE, 100, Double.NaN, 0, List.of(), "n");
        assertThat(ReportCharts.components(p, 310, noC2)).containsExactly(64, 206, 40);
        // less than the key bytes and versions would take: cut, never negative
        assertThat(ReportCharts.components(p, 80, fit)).containsExactly(64, 0, 16);
        assertThat(ReportCharts.components(p, 30, fit)).containsExactly(30, 0, 0);
    }

    @Test
    void bytesPerKeyChartHasABarPerRowAndTheSeedsLargestRows() {
        Chart chart = ReportCharts.bytesPerKey(RUN).orElseThrow();
        assertThat(chart.svg()).contains("N=1K, versions 1, key 64 B", "N=10K, versions 5, key 64 B",
                "etcd N=1M, versions 1, key 64 B", "218.0 B/key", "432.0 B/key");
        double c2 = RUN.model().c2();
        assertThat(c2).isCloseTo(20, within(0.01));
        assertThat(chart.caption()).contains("c2 = 20.0 B");
    }

    @Test
    void rssChartComparesStoredRowsWithTheSeedsRssRowsAndShowsTheBaseline() {
        Chart chart = ReportCharts.rss(RUN).orElseThrow();
        List<String> lines = Xml.elements(Xml.parse(chart.svg()), "path").stream().map(p -> p.getTextContent())
                .toList();
        assertThat(lines).containsExactly("memstore, versions 1, 256 B values", "memstore, versions 5, 256 B values",
                "etcd (seed), versions 1, 256 B values", "etcd (seed), versions 5, 256 B values",
                "memstore JVM before building (jvm.baselineRss)");
        assertThat(chart.svg()).contains("N=1M, RSS 880 MB = 839.2 MiB").contains("JVM before building, 37.2 MiB");
    }

    @Test
    void indexOnlyRunsAreSetBesideTheSeeds256ByteRowsAndOneKilobyteMatchesTheSeedsOneKb() {
        RowResult indexOnly = SampleRuns.row("index", 2000, 1, 64, StoreKind.NONE, 256, "process.rss", 5e7);
        RunResult run = new RunResult("s", "f", new Environment("j", List.of(), "o", 1), List.of(indexOnly), null,
                List.of());
        assertThat(ReportCharts.rss(run).orElseThrow().svg()).contains("memstore, versions 1, index only",
                "etcd (seed), versions 1, 256 B values");
        RowResult kib = SampleRuns.row("overall", 2000, 5, 64, StoreKind.SQLITE, 1024, "process.rss", 5e7);
        RunResult run2 = new RunResult("s", "f", new Environment("j", List.of(), "o", 1), List.of(kib), null,
                List.of());
        assertThat(ReportCharts.rss(run2).orElseThrow().svg()).contains("memstore, versions 5, 1 KiB values",
                "etcd (seed), versions 5, 1 KB values", "RSS 164 MB");
    }

    @Test
    void nothingToDrawGivesNoChart() {
        RowResult noHeap = SampleRuns.row("index", 2000, 1, 64, StoreKind.NONE, 256, "load.seconds", 1.0);
        RunResult run = new RunResult("s", "f", new Environment("j", List.of(), "o", 1), List.of(noHeap), null,
                List.of());
        assertThat(ReportCharts.indexMemory(run)).isEmpty();
        assertThat(ReportCharts.bytesPerKey(run)).isEmpty();
        assertThat(ReportCharts.rss(run)).isEmpty();
    }
}
