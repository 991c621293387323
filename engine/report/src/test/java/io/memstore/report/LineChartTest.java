package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class LineChartTest {
    private static Series series(String name, Series.Style style, double... xy) {
        List<Series.Point> points = new java.util.ArrayList<>();
        for (int i = 0; i < xy.length; i += 2) {
            points.add(new Series.Point(xy[i], xy[i + 1], "p" + i));
        }
        return new Series(name, "#0072B2", style, points);
    }

    @Test
    void drawsOneMarkerPerPointAndHigherValuesHigherUp() {
        String svg = LineChart.svg("t", "keys", v -> Long.toString((long) v), "MiB",
                List.of(series("a", Series.Style.SOLID, 100_000, 20, 1_000, 1, 10_000, 5)));
        Document doc = Xml.parse(svg);
        List<Element> circles = Xml.elements(doc, "circle");
        // 3 points + 1 legend marker
        assertThat(circles).hasSize(4);
        List<Element> plotted = circles.subList(0, 3).stream()
                .sorted(Comparator.comparingDouble(c -> Double.parseDouble(c.getAttribute("cx")))).toList();
        double y1 = Double.parseDouble(plotted.get(0).getAttribute("cy"));
        double y2 = Double.parseDouble(plotted.get(1).getAttribute("cy"));
        double y3 = Double.parseDouble(plotted.get(2).getAttribute("cy"));
        assertThat(y1).isGreaterThan(y2);
        assertThat(y2).isGreaterThan(y3);
        Element path = Xml.elements(doc, "path").get(0);
        assertThat(path.getAttribute("d")).matches("M[0-9.]+ [0-9.]+ L[0-9.]+ [0-9.]+ L[0-9.]+ [0-9.]+");
        assertThat(svg).contains("(logarithmic scale)");
    }

    @Test
    void referenceSeriesAreDashedWithSquareMarkers() {
        String svg = LineChart.svg("t", "keys", v -> "", "MiB", List.of(series("m", Series.Style.SOLID, 1, 1, 2, 2),
                series("etcd", Series.Style.DASHED, 1, 1.5, 2, 2.5)));
        Document doc = Xml.parse(svg);
        assertThat(Xml.elements(doc, "path").get(1).getAttribute("stroke-dasharray")).isEqualTo("7 5");
        assertThat(Xml.elements(doc, "path").get(0).getAttribute("stroke-dasharray")).isEqualTo("none");
        // two points on a factor of two: linear axes
        assertThat(svg).doesNotContain("logarithmic");
    }

    @Test
    void namesAreEscapedAndTheChartIsOneElement() {
        String svg = LineChart.svg("<b>t</b>", "x", v -> "<" + v, "y",
                List.of(series("<script>alert(1)</script>", Series.Style.SOLID, 1, 1)));
        Document doc = Xml.parse(svg);
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(Xml.elements(doc, "script")).isEmpty();
        assertThat(Xml.elements(doc, "b")).isEmpty();
        assertThat(doc.getDocumentElement().getTextContent()).contains("<script>alert(1)</script>", "<b>t</b>");
    }

    @Test
    void refusesBadInput() {
        assertThatThrownBy(() -> LineChart.svg("t", "x", v -> "", "y", List.of())).hasMessageContaining("no series");
        assertThatThrownBy(() -> new Series("s", "red", Series.Style.SOLID, List.of(new Series.Point(1, 1, ""))))
                .hasMessageContaining("#RRGGBB");
        assertThatThrownBy(() -> new Series.Point(Double.NaN, 1, "")).hasMessageContaining("finite");
    }
}
