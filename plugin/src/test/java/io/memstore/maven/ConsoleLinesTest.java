package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleLinesTest {
    @Test
    void longMessagesAreWrappedBetweenWordsWithinTheWidth() {
        String text = "memstore: memory model undetermined: " + "a fit passes exactly through as many rows ".repeat(8);
        List<String> lines = ConsoleLines.wrap(text.trim());
        assertThat(lines).hasSizeGreaterThan(1).allSatisfy(l -> assertThat(l.length())
                .isLessThanOrEqualTo(ConsoleLines.WIDTH));
        assertThat(lines.get(0)).startsWith("memstore: memory model undetermined: a fit");
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("memstore:   ")
                .doesNotStartWith("memstore:    "));
        String joined = String.join(" ", lines.stream().map(l -> l.replaceFirst("^memstore:   ", "")).toList());
        assertThat(joined).isEqualTo(text.trim());
        assertThat(ConsoleLines.wrap("short")).containsExactly("short");
    }

    @Test
    void aFailureMessageFitsBesideMavensPrefixAndEachOfItsLinesIsWrappedOnItsOwn() {
        String spec = "memstore: src/memstore/workload.yaml, line 4, column 12, field workloads[0].keys: "
                + "expected a count like 100K or 1M, or a list of them, ".repeat(6).trim();
        String text = spec + "\n  row 'a', index.liveHeap, actual 2.0 MiB, max 1.0 MiB: " + "too big ".repeat(30).trim();
        int prefix = 120;
        String message = ConsoleLines.message(text, prefix);
        List<String> lines = message.lines().toList();
        assertThat(prefix + lines.get(0).length()).isLessThanOrEqualTo(ConsoleLines.MAX_LINE);
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(ConsoleLines.WIDTH));
        // a list item continues under its own indent, two spaces deeper
        int item = lines.indexOf(lines.stream().filter(l -> l.startsWith("  row 'a'")).findFirst().orElseThrow());
        assertThat(lines.get(item + 1)).startsWith("    ").doesNotStartWith("     ");
        assertThat(String.join(" ", lines).replace("memstore:   ", "").replaceAll("\\s+", " "))
                .isEqualTo(text.replaceAll("\\s+", " "));
    }

    @Test
    void aWordLongerThanALineIsCutAndGoesOnBelow() {
        String path = "/builds/" + "very-long-directory-name/".repeat(12) + "memstore.json";
        List<String> lines = ConsoleLines.wrap("memstore: report from " + path + " written by check");
        assertThat(lines).hasSizeGreaterThan(2).allSatisfy(l -> assertThat(l.length())
                .isLessThanOrEqualTo(ConsoleLines.WIDTH));
        assertThat(lines.get(0)).startsWith("memstore: report from /builds/");
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("memstore:   "));
        // nothing lost: the pieces joined again are the text
        String joined = lines.get(0) + lines.subList(1, lines.size()).stream()
                .map(l -> l.substring("memstore:   ".length())).reduce("", (a, b) -> a + (b.startsWith("written") ? " " : "") + b);
        assertThat(joined).isEqualTo("memstore: report from " + path + " written by check");
    }
}
