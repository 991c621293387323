package io.memstore.report;

import java.util.List;
import java.util.Objects;

/**
 * Named values, like the environment a run was measured in; rendered as a definition list.
 *
 * @param facts in the order they are shown
 */
public record Facts(List<Fact> facts) implements Block {
    /**
     * One name and its value, both unescaped.
     *
     * @param wholeWords true when the value is a list of words that must not break inside (JVM flags, which have
     *                   hyphens a browser would break after): renderers break it between words only
     */
    public record Fact(String term, String value, boolean wholeWords) {
        public Fact {
            Objects.requireNonNull(term, "term");
            Objects.requireNonNull(value, "value");
        }

        /** A value that breaks wherever its text allows. */
        public Fact(String term, String value) {
            this(term, value, false);
        }
    }

    public Facts {
        facts = List.copyOf(facts);
    }

    @Override
    public void accept(Visitor visitor) {
        visitor.facts(this);
    }
}
