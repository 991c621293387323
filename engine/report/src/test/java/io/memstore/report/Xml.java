package io.memstore.report;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Parses rendered markup strictly, so tests see what a browser's parser would build (and fail on broken markup). */
final class Xml {
    private Xml() {
    }

    static Document parse(String markup) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            String body = markup.startsWith("<!DOCTYPE html>") ? markup.substring("<!DOCTYPE html>".length()) : markup;
            return f.newDocumentBuilder().parse(new InputSource(new StringReader(body)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed: " + e.getMessage(), e);
        }
    }

    /** Every element with this local name, in document order. */
    static List<Element> elements(Document doc, String localName) {
        NodeList list = doc.getElementsByTagNameNS("*", localName);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }
}
