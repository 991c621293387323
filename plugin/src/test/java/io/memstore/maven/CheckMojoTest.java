package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CheckMojoTest {
    @Test
    void longMessagesAreWrappedBetweenWordsWithinTheWidth() {
        String text = "memstore: memory model undetermined: " + "a fit passes exactly through as many rows ".repeat(8);
        List<String> lines = CheckMojo.wrapped(text.trim());
        assertThat(lines).hasSizeGreaterThan(1).allSatisfy(l -> assertThat(l.length())
                .isLessThanOrEqualTo(CheckMojo.WIDTH));
        assertThat(lines.get(0)).startsWith("memstore: memory model undetermined: a fit");
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("memstore:   ")
                .doesNotStartWith("memstore:    "));
        String joined = String.join(" ", lines.stream().map(l -> l.replaceFirst("^memstore:   ", "")).toList());
        assertThat(joined).isEqualTo(text.trim());
        assertThat(CheckMojo.wrapped("short")).containsExactly("short");
    }
}
