package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.result.TestRows;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class ReportHtmlTest {
    @Test
    void hostileSpecStringsAreShownNotRun() {
        String hostile = "<script>alert(\"name\")</script>";
        String html = ReportHtml.render(ReportContent.of(SampleRuns.etcdLike(hostile,
                "<img src=x onerror=alert(1)> & more"), "memstore.json"));
        Document doc = Xml.parse(html);
        assertThat(Xml.elements(doc, "script")).isEmpty();
        assertThat(Xml.elements(doc, "img")).isEmpty();
        assertThat(Xml.elements(doc, "title").get(0).getTextContent()).isEqualTo("memstore: " + hostile);
        assertThat(doc.getDocumentElement().getTextContent()).contains(hostile, "<img src=x onerror=alert(1)> & more",
                "-Dx=<y>");
    }

    @Test
    void tablesAndChartsRenderCompletely() {
        Report report = ReportContent.of(TestRows.sampleRun(), "memstore.json");
        Document doc = Xml.parse(ReportHtml.render(report));
        assertThat(Xml.elements(doc, "table")).hasSize((int) report.tableCount());
        List<Element> svgs = Xml.elements(doc, "svg");
        assertThat(svgs).hasSize((int) report.chartCount()).hasSizeGreaterThanOrEqualTo(2);
        for (Element path : Xml.elements(doc, "path")) {
            assertThat(path.getAttribute("d")).startsWith("M");
        }
        List<Element> paragraphs = Xml.elements(doc, "p");
        assertThat(paragraphs.get(paragraphs.size() - 1).getTextContent()).isEqualTo(report.closingLine());
        // a row name with a line separator and a pipe stays one cell
        assertThat(Xml.elements(doc, "td").stream().map(Element::getTextContent))
                .contains("143.1 (1500.0)");
    }

    @Test
    void numbersAndJvmFlagsDoNotBreakInsideThemselves() {
        String html = ReportHtml.render(ReportContent.of(SampleRuns.etcdLike("e", "m"), "memstore.json"));
        assertThat(html).contains("td.num{text-align:right;white-space:nowrap}")
                .contains(".memstore-word{white-space:nowrap}");
        Document doc = Xml.parse(html);
        // each flag whole in a span, the spaces between them the only places to break
        assertThat(Xml.elements(doc, "span").stream().filter(e -> "memstore-word".equals(e.getAttribute("class")))
                .map(Element::getTextContent)).containsExactly("-XX:+UseSerialGC", "-Dx=<y>");
    }
}
