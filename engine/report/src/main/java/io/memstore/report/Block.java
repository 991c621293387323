package io.memstore.report;

/**
 * One piece of a report section. The set is closed and every renderer (the Maven site's Doxia sink, the plain HTML
 * of {@link ReportHtml}) implements {@link Visitor}, so a new kind of block cannot be silently dropped by one of
 * them: it would not compile.
 */
public sealed interface Block permits Paragraph, Facts, Table, Chart {
    /** What a renderer does with each kind of block. */
    interface Visitor {
        void paragraph(Paragraph paragraph);

        void facts(Facts facts);

        void table(Table table);

        void chart(Chart chart);
    }

    void accept(Visitor visitor);
}
