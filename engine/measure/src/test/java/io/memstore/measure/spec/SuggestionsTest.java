package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

    @Test
    void editDistance() {
        assertThat(Suggestions.distance("", "")).isZero();
        assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Suggestions.distance("flaw", "lawn")).isEqualTo(2);
        assertThat(Suggestions.distance("abc", "")).isEqualTo(3);
    }

    @Test
    void suggestsOnlyCloseNames() {
        List<String> fields = RowField.names();
        assertThat(Suggestions.closest("keysize", fields)).contains("keySize");
        assertThat(Suggestions.closest("valuSize", fields)).contains("valueSize");
        assertThat(Suggestions.closest("version", fields)).contains("versions");
        assertThat(Suggestions.closest("colour", fields)).isEmpty();
        assertThat(Suggestions.closest("b", List.of("a"))).as("replacing every letter is no suggestion").isEmpty();
        assertThat(Suggestions.didYouMean("randm", List.of("random", "sequential")))
                .isEqualTo(" (did you mean 'random'?)");
        assertThat(Suggestions.didYouMean("zzz", List.of("random"))).isEmpty();
    }
}
