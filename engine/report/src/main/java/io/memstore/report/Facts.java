package io.memstore.report;

import java.util.List;
import java.util.Objects;

/**
 * Named values, like the environment a run was measured in; rendered as a definition list.
 *
 * @param facts in the order they are shown
 */
public record Facts(List<Fact> facts) implements Block {
    /** One name and its value, both unescaped. */
    public record Fact(String term, String value) {
        public Fact {
            Objects.requireNonNull(term, "term");
            Objects.requireNonNull(value, "value");
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
