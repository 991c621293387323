package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The targets file: every bound has its reason, and a malformed file is refused naming the key. */
class PerformanceTargetsTest {
    private static PerformanceTargets of(String text) throws IOException {
        Properties p = new Properties();
        p.load(new StringReader(text));
        return PerformanceTargets.of(p);
    }

    @Test
    void theShippedFileGivesEveryToolsTargetWithAReason() {
        PerformanceTargets targets = PerformanceTargets.load();
        assertThat(targets.all()).extracting(PerformanceTargets.Target::name)
                .containsExactly("compacted", "get", "heapError", "ingest", "put", "read");
        assertThat(targets.all()).allSatisfy(t -> assertThat(t.reason()).hasSizeGreaterThan(20));
        assertThat(targets.get("get").min()).isTrue();
        assertThat(targets.get("compacted").min()).isFalse();
    }

    @Test
    void aMinimumIsMetFromItsValueUpAndAMaximumUpToIt() throws IOException {
        PerformanceTargets t = of("get.min = 4.2\nget.reason = r\nc.max = 1.05\nc.reason = r\n");
        assertThat(t.get("get").verdict(4.2)).isEqualTo("(target >= 4.2: met)");
        assertThat(t.get("get").verdict(4.19)).isEqualTo("(target >= 4.2: MISSED)");
        assertThat(t.get("c").verdict(1.05)).isEqualTo("(target <= 1.05: met)");
        assertThat(t.get("c").verdict(1.06)).isEqualTo("(target <= 1.05: MISSED)");
    }

    @Test
    void aMalformedFileIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> of("get.min = 4.2\n")).hasMessage("/targets.properties: get.min has no get.reason");
        assertThatThrownBy(() -> of("get.min = fast\nget.reason = r\n"))
                .hasMessage("/targets.properties: get.min: expected a number, was 'fast'");
        assertThatThrownBy(() -> of("get = 4.2\n"))
                .hasMessage("/targets.properties: get: expected NAME.min, NAME.max or NAME.reason");
        assertThatThrownBy(() -> of("get.reason = r\n"))
                .hasMessage("/targets.properties: get.reason gives a reason for no bound");
        assertThatThrownBy(() -> of("get.min = 1\nget.max = 2\nget.reason = r\n"))
                .hasMessage("/targets.properties: get has both a .min and a .max");
        assertThatThrownBy(() -> PerformanceTargets.load().get("nothing"))
                .hasMessage("/targets.properties: no nothing.min or nothing.max");
    }
}
