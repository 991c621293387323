package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.memstore.measure.model.ModelFit;
import io.memstore.measure.model.Weighting;
import io.memstore.measure.result.Environment;
import io.memstore.measure.run.RowResult;
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
    void indexChartHasALinePerShapeAndEtcdBenchmarkRowsDashed() {
        Chart chart = ReportCharts.indexMemory(RUN).orElseThrow();
        Document doc = Xml.parse(chart.svg());
        List<String> lines = Xml.elements(doc, "path").stream().map(p -> p.getTextContent()).toList();
        // index-only rows are preferred over the overall rows, which hold the same index; only versions varies
        assertThat(lines).containsExactly("memstore, versions 1", "memstore, versions 5",
                "etcd benchmark, versions 1, key 64 B", "etcd benchmark, versions 5, key 64 B");
        // 1K..10K keys of memstore and etcd's benchmark's 22..432 MB: a logarithmic y axis keeps both readable
        assertThat(chart.svg()).contains("index memory, MiB (logarithmic scale)");
        assertThat(chart.svg()).contains("N=100K, 22 MB = 21.0 MiB");
        assertThat(chart.svg()).doesNotContain("(overall)");
        assertThat(chart.caption()).contains("one line per versions (2 lines, 4 rows; every row:")
                .contains("Dashed").contains("y: MiB = 1,048,576 B, logarithmic; x: keys, logarithmic.");
    }

    @Test
    void compactedDeletedAndHierarchicalRowsAreDrawnWithoutEtcdsBenchmarkBesideThem() {
        RowResult plain = row("plain", 10_000, 5, 64, KeyPattern.RANDOM, 0, false, 1_100_000);
        RowResult compacted = row("compacted", 10_000, 5, 64, KeyPattern.RANDOM, 0, true, 800_000);
        RowResult deleted = row("deleted", 10_000, 5, 64, KeyPattern.RANDOM, 0.1, false, 1_000_000);
        RowResult hierarchical = row("k8s", 10_000, 1, 64, KeyPattern.HIERARCHICAL, 0, false, 430_000);
        RunResult run = run(null, plain, compacted, deleted, hierarchical);

        Chart index = ReportCharts.indexMemory(run).orElseThrow();
        String svg = index.svg();
        for (String row : List.of("plain", "compacted", "deleted", "k8s")) {
            assertThat(svg).contains("row " + row + "/10000x" + (row.equals("k8s") ? 1 : 5) + ": N=10K");
        }
        List<String> lines = Xml.elements(Xml.parse(svg), "path").stream().map(p -> p.getTextContent()).toList();
        // the benchmark's line only beside the row of its shape (random keys, nothing deleted or compacted)
        assertThat(lines).filteredOn(l -> l.startsWith("etcd")).containsExactly("etcd benchmark, versions 5, key 64 B");
        assertThat(lines).filteredOn(l -> l.startsWith("memstore")).hasSize(4).doesNotHaveDuplicates();
        // the workloads differ in versions, key pattern, deletes and compaction: their names stand for those
        assertThat(lines).contains("memstore, workload compacted", "memstore, workload k8s");
        assertThat(index.caption()).contains("one line per workload (4 lines, 4 rows; every row: btree, index only,"
                + " key 64 B)");

        Chart bars = ReportCharts.bytesPerKey(run).orElseThrow();
        assertThat(Xml.elements(Xml.parse(bars.svg()), "text").stream().map(t -> t.getTextContent()))
                .contains("80.0 B/key", "43.0 B/key");
        assertThat(bars.svg()).contains(">etcd N=1M, versions 5, key 64 B<");
        assertThat(bars.caption()).contains("Rows with deletes or compaction no longer hold every version")
                .contains("Cut: the index holds less than the key's own bytes per key in k8s/10000x1 (43.0 B/key, key 64 B)");
    }

    @Test
    void labelsNameWhatVariesWithinAWorkloadAndNoTwoGroupsShareALabel() {
        RunResult run = run(null, row("plain", 1_000, 1, 64, KeyPattern.RANDOM, 0, false, 1e5),
                row("plain", 1_000, 5, 64, KeyPattern.RANDOM, 0, false, 2e5),
                row("k8s", 1_000, 1, 64, KeyPattern.HIERARCHICAL, 0, false, 5e4),
                row("k8s", 10_000, 1, 64, KeyPattern.HIERARCHICAL, 0, false, 5e5));
        List<RowGroups.Group> groups = RowGroups.of(run.rows(), "all");
        assertThat(groups).extracting(RowGroups.Group::label)
                .containsExactly("workload plain, versions 1", "workload plain, versions 5", "workload k8s, versions 1");
        assertThat(groups.get(2).rows()).hasSize(2);
        assertThat(RowGroups.of(List.of(run.rows().get(0)), "all")).extracting(RowGroups.Group::label)
                .containsExactly("all");
    }

    @Test
    void noEtcdBenchmarkLineWhenNoRowHasItsShapeAndTheCaptionSaysWhy() {
        RunResult run = run(null, row("seq", 1_000, 1, 64, KeyPattern.SEQUENTIAL, 0, false, 150_000),
                row("seq", 10_000, 1, 64, KeyPattern.SEQUENTIAL, 0, false, 1_500_000));
        Chart chart = ReportCharts.indexMemory(run).orElseThrow();
        assertThat(chart.svg()).doesNotContain("etcd benchmark").doesNotContain("stroke-dasharray=\"7 5\"");
        assertThat(chart.caption()).doesNotContain("Dashed").contains("is not drawn: no row has the shape")
                .contains("one line (1 line, 2 rows;").contains("y: MiB = 1,048,576 B, linear from 0");
        // the same rows at one key count: a linear x axis, and the caption says so
        RunResult one = run(null, row("seq", 1_000, 1, 64, KeyPattern.SEQUENTIAL, 0, false, 150_000));
        assertThat(ReportCharts.indexMemory(one).orElseThrow().caption()).contains("x: keys, linear from 0.");
    }

    @Test
    void aNegativeC1IsCalledOut() {
        RowResult a = row("k8s", 1_000, 1, 64, KeyPattern.HIERARCHICAL, 0, false, 44_000);
        RowResult b = row("k8s", 10_000, 1, 64, KeyPattern.HIERARCHICAL, 0, false, 440_000);
        ModelFit fit = new ModelFit(IndexKind.BTREE, 8, Weighting.RELATIVE, -20.4, Double.NaN, 0, List.of(), "n");
        Chart chart = ReportCharts.bytesPerKey(run(fit, a, b)).orElseThrow();
        assertThat(chart.caption()).contains("c1 is -20.4 B, below zero");
    }

    @Test
    void everySeriesHasItsOwnColourAndMarkerAndLegendEntriesDoNotOverlap() {
        List<RowResult> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            rows.add(row("workload-with-a-long-name-" + i, 1_000, 1 + i, 64, KeyPattern.RANDOM, 0, false,
                    100_000.0 + i));
        }
        String svg = ReportCharts.indexMemory(run(null, rows.toArray(RowResult[]::new))).orElseThrow().svg();
        Document doc = Xml.parse(svg);
        List<org.w3c.dom.Element> paths = Xml.elements(doc, "path");
        List<String> styles = new java.util.ArrayList<>();
        for (org.w3c.dom.Element path : paths) {
            if (path.getTextContent().startsWith("memstore")) {
                org.w3c.dom.Element marker = (org.w3c.dom.Element) Xml.elements(doc, "*").stream()
                        .filter(e -> !e.getLocalName().equals("path") && !e.getLocalName().equals("line")
                                && e.getAttribute("fill").equals(path.getAttribute("stroke")))
                        .filter(e -> e.getTextContent().startsWith(path.getTextContent() + ": row"))
                        .findFirst().orElseThrow();
                styles.add(path.getAttribute("stroke") + " " + marker.getLocalName() + " "
                        + marker.getAttribute("points").isEmpty());
            }
        }
        assertThat(styles).hasSize(12).doesNotHaveDuplicates();
        double width = Double.parseDouble(doc.getDocumentElement().getAttribute("width"));
        List<double[]> boxes = new java.util.ArrayList<>();
        for (org.w3c.dom.Element t : Xml.elements(doc, "text")) {
            if (t.getAttribute("class").equals("memstore-legend")) {
                double x = Double.parseDouble(t.getAttribute("x"));
                double y = Double.parseDouble(t.getAttribute("y"));
                double w = Legend.textWidth(t.getTextContent());
                assertThat(x + w).as("legend text inside the chart: " + t.getTextContent()).isLessThanOrEqualTo(width);
                for (double[] other : boxes) {
                    boolean sameRow = Math.abs(other[1] - y) < 1;
                    assertThat(sameRow && x < other[0] + other[2] && other[0] < x + w)
                            .as("legend entries overlap: " + t.getTextContent()).isFalse();
                }
                boxes.add(new double[] {x - 32, y, w + 32});
            }
        }
        assertThat(boxes).hasSize(paths.size());
    }

    private static RowResult row(String workload, long keys, int versions, int keySize, KeyPattern pattern,
                                 double deletes, boolean compact, double heap) {
        RowParams p = RowParams.builder(workload).keys(keys).versions(versions).keySize(keySize).keyPattern(pattern)
                .store(StoreKind.NONE).deletes(deletes).compact(compact).build();
        return new RowResult(workload + "/" + keys + "x" + versions, p, io.memstore.measure.result.TestRows.metrics("index.liveHeap", heap),
                java.util.Map.of(), 1);
    }

    private static RunResult run(ModelFit fit, RowResult... rows) {
        return new RunResult("s", "f", new Environment("j", List.of(), "o", 1), List.of(rows), fit, List.of());
    }

    @Test
    void bytesPerKeyComponentsAddUpToTheMeasuredValue() {
        RowParams p = RowParams.builder("index").keys(1000).versions(5).store(StoreKind.NONE).build();
        ModelFit fit = new ModelFit(IndexKind.BTREE, 8, Weighting.RELATIVE, 100, 20, 0, List.of(), null);
        double[] parts = ReportCharts.components(p, 310, fit);
        assertThat(parts).containsExactly(64, 106, 140);
        // c2 undetermined: only the pointer counts per version; the rest absorbs c2
        ModelFit noC2 = new ModelFit(IndexKind.BTREE, 8, Weighting.RELATIVE, 100, Double.NaN, 0, List.of(), "n");
        assertThat(ReportCharts.components(p, 310, noC2)).containsExactly(64, 206, 40);
        // less than the key bytes and versions would take: cut, never negative
        assertThat(ReportCharts.components(p, 80, fit)).containsExactly(64, 0, 16);
        assertThat(ReportCharts.components(p, 30, fit)).containsExactly(30, 0, 0);
        // a c2 below zero is drawn as fitted: 5 x (-4 + 8) per version, and c1 with the residual stays visible
        ModelFit negative = new ModelFit(IndexKind.BTREE, 8, Weighting.RELATIVE, 3, -4, 0, List.of(), null);
        assertThat(ReportCharts.components(p, 90, negative)).containsExactly(64, 6, 20);
    }

    @Test
    void bytesPerKeyChartHasABarPerRowAndEtcdBenchmarksLargestRows() {
        Chart chart = ReportCharts.bytesPerKey(RUN).orElseThrow();
        assertThat(chart.svg()).contains("N=1K, versions 1", "N=10K, versions 5",
                "etcd N=1M, versions 1, key 64 B", "218.0 B/key", "432.0 B/key");
        double c2 = RUN.model().c2();
        assertThat(c2).isCloseTo(20, within(0.01));
        assertThat(chart.caption()).contains("c2 = 20.0 B, c2 + pointer = 28.0 B");
    }

    @Test
    void rssChartComparesStoredRowsWithEtcdBenchmarksRssRowsAndShowsTheBaseline() {
        Chart chart = ReportCharts.rss(RUN).orElseThrow();
        List<String> lines = Xml.elements(Xml.parse(chart.svg()), "path").stream().map(p -> p.getTextContent())
                .toList();
        assertThat(lines).containsExactly("memstore, versions 1", "memstore, versions 5",
                "etcd benchmark, versions 1, 256 B values", "etcd benchmark, versions 5, 256 B values",
                "memstore JVM before building (jvm.baselineRss)");
        assertThat(chart.svg()).contains("N=1M, RSS 880 MB = 839.2 MiB").contains("JVM before building, 37.2 MiB");
    }

    @Test
    void indexOnlyRunsGetNoEtcdBenchmarkRssLineAndOneKibibyteMatchesEtcdBenchmarksOneKb() {
        RowResult indexOnly = SampleRuns.row("index", 2000, 1, 64, StoreKind.NONE, 256, "process.rss", 5e7);
        RunResult run = new RunResult("s", "f", new Environment("j", List.of(), "o", 1), List.of(indexOnly), null,
                List.of());
        Chart alone = ReportCharts.rss(run).orElseThrow();
        assertThat(alone.svg()).contains("memstore, every row").doesNotContain("etcd benchmark");
        assertThat(alone.caption()).contains("of index-only rows").contains("etcd's published RSS is not drawn");
        RowResult kib = SampleRuns.row("overall", 2000, 5, 64, StoreKind.SQLITE, 1024, "process.rss", 5e7);
        RunResult run2 = new RunResult("s", "f", new Environment("j", List.of(), "o", 1), List.of(kib), null,
                List.of());
        assertThat(ReportCharts.rss(run2).orElseThrow().svg()).contains("memstore, every row",
                "etcd benchmark, versions 5, 1 KB values", "RSS 164 MB");
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
