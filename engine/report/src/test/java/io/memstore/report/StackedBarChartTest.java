package io.memstore.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class StackedBarChartTest {
    @Test
    void segmentsAreProportionalAndContiguous() {
        String svg = StackedBarChart.svg("t", "B", "B/key", List.of("key", "rest", "versions"),
                List.of("#111111", "#222222", "#333333"),
                List.of(new Bar("row", List.of(64.0, 128.0, 32.0)), new Bar("<i>etcd</i>", List.of(0.0, 0.0, 200.0))));
        List<Element> bars = Xml.elements(Xml.parse(svg), "rect").stream()
                .filter(r -> "memstore-bar".equals(r.getAttribute("class"))).toList();
        // the zero segments of the second bar are not drawn
        assertThat(bars).hasSize(4);
        double w0 = width(bars.get(0));
        double w1 = width(bars.get(1));
        double w2 = width(bars.get(2));
        assertThat(w1 / w0).isCloseTo(2.0, within(0.02));
        assertThat(w2 / w0).isCloseTo(0.5, within(0.02));
        assertThat(x(bars.get(1))).isCloseTo(x(bars.get(0)) + w0, within(0.11));
        assertThat(svg).contains("224.0 B/key").contains("&lt;i&gt;etcd&lt;/i&gt;");
    }

    @Test
    void longLabelsWidenTheLabelColumnThenAreShortenedAndNeverLeaveTheChart() {
        String longest = "N=10K, workload churn-with-compaction, versions 5, hierarchical keys, deletes 10%, compacted";
        String svg = StackedBarChart.svg("t", "B", "B/key", List.of("a"), List.of("#111111"),
                List.of(new Bar("short", List.of(1.0)), new Bar(longest, List.of(2.0))));
        List<Element> labels = Xml.elements(Xml.parse(svg), "text").stream()
                .filter(t -> "memstore-bar-label".equals(t.getAttribute("class"))).toList();
        assertThat(labels).hasSize(2);
        Element shortened = labels.get(1);
        String shown = shortened.getLastChild().getTextContent();
        assertThat(shown).endsWith("\u2026").hasSizeLessThan(longest.length());
        assertThat(Xml.elements(Xml.parse(svg), "title").stream().map(Element::getTextContent)).contains(longest);
        // right-aligned at x: the estimated text extends leftwards from there and stays inside the SVG
        double right = Double.parseDouble(shortened.getAttribute("x"));
        assertThat(right - Legend.textWidth(shown)).isGreaterThanOrEqualTo(0);
        assertThat(right).isLessThanOrEqualTo(StackedBarChart.MAX_LABEL_WIDTH);
    }

    @Test
    void refusesMismatchedSegments() {
        assertThatThrownBy(() -> StackedBarChart.svg("t", "B", "B", List.of("a"), List.of("#000000"),
                List.of(new Bar("x", List.of(1.0, 2.0))))).hasMessageContaining("2 segments, the chart 1 components");
        assertThatThrownBy(() -> new Bar("x", List.of(-1.0))).hasMessageContaining("not negative");
    }

    private static double width(Element rect) {
        return Double.parseDouble(rect.getAttribute("width"));
    }

    private static double x(Element rect) {
        return Double.parseDouble(rect.getAttribute("x"));
    }
}
