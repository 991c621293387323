package io.memstore.report;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The memstore report in a renderer-neutral form: what the Maven site page and the plain HTML page show, built
 * once by {@link ReportContent} and mapped onto markup by each renderer. Renderers end the page with
 * {@link #closingLine()}, so a page cut short (a renderer that threw half way) is recognisable: it lacks the line.
 *
 * @param title    the page title, unescaped
 * @param sections in page order
 */
public record Report(String title, List<Section> sections) {
    public Report {
        Objects.requireNonNull(title, "title");
        sections = List.copyOf(sections);
    }

    public long tableCount() {
        return blocks(Table.class);
    }

    public long chartCount() {
        return blocks(Chart.class);
    }

    /** The last line of every rendering: {@code End of the memstore report: 5 tables, 3 charts.} */
    public String closingLine() {
        return String.format(Locale.ROOT, "End of the memstore report: %d tables, %d charts.", tableCount(),
                chartCount());
    }

    private long blocks(Class<? extends Block> kind) {
        return sections.stream().flatMap(s -> s.blocks().stream()).filter(kind::isInstance).count();
    }
}
