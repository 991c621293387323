package io.memstore.report;

import java.util.List;

/**
 * The report as one self-contained HTML page (polyglot: it is also well-formed XML), for reading without a Maven
 * site and for checking in a browser what the site page shows. Every text is escaped; charts are inlined SVG.
 */
public final class ReportHtml {
    private static final String STYLE = "body{font-family:Helvetica,Arial,sans-serif;margin:2em;color:#111}"
            + "table{border-collapse:collapse;margin:0.5em 0 1.5em}th,td{border:1px solid #ccc;padding:3px 8px}"
            + "th{background:#f0f0f0}td.num{text-align:right;white-space:nowrap}.memstore-word{white-space:nowrap}caption{text-align:left;font-weight:bold;"
            + "padding:4px 0}dt{font-weight:bold;float:left;clear:left;width:14em}dd{margin-left:15em}"
            + ".memstore-chart-box{margin:1em 0 2em}";

    private ReportHtml() {
    }

    public static String render(Report report) {
        StringBuilder out = new StringBuilder(65536);
        out.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"UTF-8\"/>\n<title>").append(Markup.escape(report.title()))
                .append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n<h1>")
                .append(Markup.escape(report.title())).append("</h1>\n");
        for (Section section : report.sections()) {
            out.append("<h2 id=\"").append(section.id()).append("\">").append(Markup.escape(section.title()))
                    .append("</h2>\n");
            for (Block block : section.blocks()) {
                block(out, block);
            }
        }
        out.append("<p class=\"memstore-end\">").append(Markup.escape(report.closingLine())).append("</p>\n")
                .append("</body>\n</html>\n");
        return out.toString();
    }

    private static void block(StringBuilder out, Block block) {
        block.accept(new Block.Visitor() {
            @Override
            public void paragraph(Paragraph p) {
                out.append("<p>").append(p.strong() ? "<strong>" : "").append(Markup.escape(p.text()))
                        .append(p.strong() ? "</strong>" : "").append("</p>\n");
            }

            @Override
            public void facts(Facts f) {
                out.append("<dl>\n");
                for (Facts.Fact fact : f.facts()) {
                    out.append("<dt>").append(Markup.escape(fact.term())).append("</dt><dd>");
                    if (fact.wholeWords()) {
                        String[] words = fact.value().split(" ");
                        for (int i = 0; i < words.length; i++) {
                            out.append(i == 0 ? "" : " ").append("<span class=\"memstore-word\">")
                                    .append(Markup.escape(words[i])).append("</span>");
                        }
                    } else {
                        out.append(Markup.escape(fact.value()));
                    }
                    out.append("</dd>\n");
                }
                out.append("</dl>\n");
            }

            @Override
            public void table(Table t) {
                ReportHtml.table(out, t);
            }

            @Override
            public void chart(Chart c) {
                out.append("<div class=\"memstore-chart-box\">\n").append(c.svg()).append("\n<p>").append(Markup.escape(c.caption()))
                        .append("</p>\n</div>\n");
            }
        });
    }

    private static void table(StringBuilder out, Table t) {
        out.append("<table>\n<caption>").append(Markup.escape(t.caption())).append("</caption>\n<tr>");
        for (String h : t.headers()) {
            out.append("<th>").append(Markup.escape(h)).append("</th>");
        }
        out.append("</tr>\n");
        for (List<String> row : t.rows()) {
            out.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                out.append(t.numeric().get(c) ? "<td class=\"num\">" : "<td>").append(Markup.escape(row.get(c)))
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");
    }
}
