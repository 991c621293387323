package io.memstore.report;

import java.util.Objects;

/**
 * Plain text for people.
 *
 * @param text   the text, unescaped: renderers escape it
 * @param strong true for a line that must stand out, like the verdict
 */
public record Paragraph(String text, boolean strong) implements Block {
    public Paragraph {
        Objects.requireNonNull(text, "text");
    }

    public static Paragraph of(String text) {
        return new Paragraph(text, false);
    }

    public static Paragraph strong(String text) {
        return new Paragraph(text, true);
    }

    @Override
    public void accept(Visitor visitor) {
        visitor.paragraph(this);
    }
}
