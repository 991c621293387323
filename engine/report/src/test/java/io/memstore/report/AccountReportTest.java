package io.memstore.report;

import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.TestRows;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's "What grew": a chart by class with the rows side by side, each named by its system, and tables. */
class AccountReportTest {

    @Test
    void rowsWithAnAccountGetAChartByClassAndTheirTables() {
        RunResult run = TestRows.accountedRun();
        Report report = ReportContent.of(run, "memstore.json");
        Section grew = report.sections().stream().filter(s -> s.id().equals("what-grew")).findFirst().orElseThrow();
        Chart chart = grew.blocks().stream().filter(b -> b instanceof Chart).map(b -> (Chart) b).findFirst()
                .orElseThrow();
        assertThat(chart.title()).isEqualTo("Bytes per key by class");
        // one bar per row, named by its system, the classes in the legend, the rest grey
        assertThat(chart.svg()).contains(">MapStore<").contains(">KeyCopyingMapStore<").contains(">byte[]<")
                .contains(">HashMap$Node<").contains(">" + AccountCharts.OTHER + "<")
                .contains("KeyCopyingMapStore: byte[] 208.0 B/key");
        // a class name is escaped in the chart and the tables
        String html = ReportHtml.render(report);
        assertThat(html).contains("com.example.&lt;b&gt;Odd|Name&lt;/b&gt;").doesNotContain("<b>Odd");
        List<Table> tables = grew.blocks().stream().filter(b -> b instanceof Table).map(b -> (Table) b).toList();
        assertThat(tables).extracting(Table::caption).containsExactly(
                "own/system=com.example.store.MapStore: what the heap holds, by class",
                "own/system=com.example.store.MapStore: the process's growth, by native memory category",
                "own/system=com.example.store.KeyCopyingMapStore: what the heap holds, by class",
                "own/system=com.example.store.KeyCopyingMapStore: the process's growth, by native memory category");
        assertThat(report.closingLine()).contains(report.chartCount() + " charts");
    }

    @Test
    void theChartsOfOtherFiguresNameEachRowsSystemAndOnlyThePartsItHas() {
        Chart index = ReportCharts.indexMemory(TestRows.accountedRun()).orElseThrow();
        // two classes measured side by side are two series, not one "memstore" line
        assertThat(index.svg()).contains(">MapStore<").contains(">KeyCopyingMapStore<").doesNotContain("memstore,");
        assertThat(index.caption()).contains("the rows of MapStore and KeyCopyingMapStore")
                .doesNotContain("btree").doesNotContain("index only");
        Chart perKey = ReportCharts.bytesPerKey(TestRows.accountedRun()).orElseThrow();
        // one version each: no per-version part is drawn or named in the legend
        assertThat(perKey.svg()).doesNotContain(ReportCharts.COMPONENTS.get(2)).contains(ReportCharts.COMPONENTS.get(0));
        assertThat(perKey.caption()).contains("no row has a per-version part");
        // a run without accounts has no such section
        assertThat(ReportContent.of(TestRows.sampleRun(), "x").sections()).noneMatch(s -> s.id().equals("what-grew"));
    }
}
