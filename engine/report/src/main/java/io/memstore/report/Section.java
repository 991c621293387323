package io.memstore.report;

import java.util.List;
import java.util.Objects;

/**
 * A titled part of the report.
 *
 * @param id     a stable anchor name of letters, digits and '-', for links into the page
 * @param title  the heading, unescaped
 * @param blocks its content in order
 */
public record Section(String id, String title, List<Block> blocks) {
    public Section {
        Objects.requireNonNull(title, "title");
        if (id == null || !id.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("section id must be lower-case letters, digits and '-', was " + id);
        }
        blocks = List.copyOf(blocks);
    }
}
