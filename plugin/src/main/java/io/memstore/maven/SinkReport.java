package io.memstore.maven;

import io.memstore.report.Block;
import io.memstore.report.Chart;
import io.memstore.report.Facts;
import io.memstore.report.Paragraph;
import io.memstore.report.Report;
import io.memstore.report.Section;
import io.memstore.report.Table;
import java.util.List;
import org.apache.maven.doxia.sink.Sink;
import org.apache.maven.reporting.MavenReportException;

/**
 * Writes a {@link Report} as Doxia sink events. It calls only Sink methods that Doxia 1 (maven-site-plugin up to
 * 3.12.1) and Doxia 2 (3.20.0 on) both have: {@code tableRows(int[], boolean)}, never {@code tableRows()};
 * no {@code verbatim}; table captions as bold paragraphs (Doxia 1 and 2 place {@code tableCaption} differently);
 * through {@code rawText}, the charts' SVG (already escaped by the engine) and the markup that says where text
 * may break: {@code <wbr>} in a row name, and around a number or a JVM flag a {@link #NOWRAP} span, which a
 * browser never breaks (Doxia 1 has no inline element with a style). Every text goes through {@code text()},
 * which the sink escapes.
 */
final class SinkReport implements Block.Visitor {
    /** Opens a piece of text a browser must not break: a number in a cell, a JVM flag. */
    static final String NOWRAP = "<span class=\"memstore-nowrap\" style=\"white-space:nowrap\">";
    private static final String NOWRAP_END = "</span>";
    private final Sink sink;

    private SinkReport(Sink sink) {
        this.sink = sink;
    }

    /**
     * Renders the whole page, or fails: a sink that throws half way (a Doxia method missing at run time, a
     * broken writer) is a {@link MavenReportException}, because maven-site-plugin would otherwise log a
     * LinkageError as a warning and publish the page cut short.
     */
    static void render(Report report, Sink sink) throws MavenReportException {
        try {
            new SinkReport(sink).page(report);
        } catch (RuntimeException | LinkageError e) {
            MavenReportException failure = new MavenReportException("memstore: the report page was cut short by "
                    + e + "; the page needs maven-site-plugin 3.12.1 or later, 3.22.0 is tested (see the plugin's"
                    + " documentation)");
            failure.initCause(e);
            throw failure;
        }
    }

    private void page(Report report) {
        sink.head();
        sink.title();
        sink.text(report.title());
        sink.title_();
        sink.head_();
        sink.body();
        sink.section1();
        sink.sectionTitle1();
        sink.text(report.title());
        sink.sectionTitle1_();
        for (Section section : report.sections()) {
            sink.section2();
            sink.anchor(section.id());
            sink.anchor_();
            sink.sectionTitle2();
            sink.text(section.title());
            sink.sectionTitle2_();
            for (Block block : section.blocks()) {
                block.accept(this);
            }
            sink.section2_();
        }
        sink.paragraph();
        sink.italic();
        sink.text(report.closingLine());
        sink.italic_();
        sink.paragraph_();
        sink.section1_();
        sink.body_();
        sink.flush();
    }

    @Override
    public void paragraph(Paragraph p) {
        sink.paragraph();
        if (p.strong()) {
            sink.bold();
        }
        sink.text(p.text());
        if (p.strong()) {
            sink.bold_();
        }
        sink.paragraph_();
    }

    @Override
    public void facts(Facts facts) {
        sink.definitionList();
        for (Facts.Fact fact : facts.facts()) {
            sink.definitionListItem();
            sink.definedTerm();
            sink.text(fact.term());
            sink.definedTerm_();
            sink.definition();
            if (fact.wholeWords()) {
                String[] words = fact.value().split(" ");
                for (int i = 0; i < words.length; i++) {
                    if (i > 0) {
                        sink.text(" ");
                    }
                    unbroken(words[i]);
                }
            } else {
                sink.text(fact.value());
            }
            sink.definition_();
            sink.definitionListItem_();
        }
        sink.definitionList_();
    }

    @Override
    public void table(Table table) {
        sink.paragraph();
        sink.bold();
        sink.text(table.caption());
        sink.bold_();
        sink.paragraph_();
        int[] justification = new int[table.headers().size()];
        for (int c = 0; c < justification.length; c++) {
            justification[c] = table.numeric().get(c) ? Sink.JUSTIFY_RIGHT : Sink.JUSTIFY_LEFT;
        }
        sink.table();
        sink.tableRows(justification, false);
        row(table.headers(), null);
        for (List<String> cells : table.rows()) {
            row(cells, table.numeric());
        }
        sink.tableRows_();
        sink.table_();
    }

    /** A row of cells; {@code numeric} null for the header row, else per column whether it holds numbers. */
    private void row(List<String> cells, List<Boolean> numeric) {
        sink.tableRow();
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            if (numeric == null) {
                sink.tableHeaderCell();
                sink.text(cell);
                sink.tableHeaderCell_();
            } else {
                sink.tableCell();
                if (numeric.get(c)) {
                    unbroken(cell); // "7.0 MiB", "1,948,843": one piece, whatever the column's width
                } else {
                    breakable(cell);
                }
                sink.tableCell_();
            }
        }
        sink.tableRow_();
    }

    /** Text a browser must not break. */
    private void unbroken(String text) {
        sink.rawText(NOWRAP);
        sink.text(text);
        sink.rawText(NOWRAP_END);
    }

    /**
     * A cell's text with a line-break opportunity ({@code <wbr>}, which copying leaves out) after each {@code /}
     * and {@code ,}: row names such as {@code index/keys=100K,versions=1,keySize=64B} have no space, and without
     * these the column would be as wide as the longest name and push the table past a 1024 px window.
     */
    private void breakable(String text) {
        int from = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c == '/' || c == ',') && i + 1 < text.length() && text.charAt(i + 1) != ' ') {
                sink.text(text.substring(from, i + 1));
                sink.rawText("<wbr>");
                from = i + 1;
            }
        }
        sink.text(text.substring(from));
    }

    @Override
    public void chart(Chart chart) {
        // the SVG was built with every text escaped (engine's SvgWriter); the sink must not escape it again
        sink.rawText("<div class=\"memstore-chart\" style=\"margin:1em 0\">" + chart.svg() + "</div>");
        sink.paragraph();
        sink.italic();
        sink.text(chart.caption());
        sink.italic_();
        sink.paragraph_();
    }
}
