package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class GetPartsTest {
    private static final Pattern LINE = Pattern.compile("(?m)^(\\w+) +([0-9,]+) ns per operation by CPU time");

    @Test
    void timesEveryKindOnAStoreItBuildsAndDeletes() throws Exception {
        int n = 2_000;
        byte[][] keys = new byte[n][];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = String.format("key-%08d", i * 7919 % n).getBytes(StandardCharsets.UTF_8);
            order[i] = (i * 31) % n;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        GetParts.measure(keys, new byte[256], order, 3, 500, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        Matcher m = LINE.matcher(out);
        int kinds = 0;
        while (m.find()) {
            assertThat(m.group(1)).isEqualTo(GetParts.KINDS[kinds++]);
        }
        assertThat(kinds).as(out).isEqualTo(GetParts.KINDS.length);
        assertThat(out).containsPattern("get / select by CPU time, as rates: [0-9.]+");
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertThat(left.map(p -> p.getFileName().toString()).filter(p -> p.startsWith("memstore-get-parts-")))
                    .isEmpty();
        }
    }

    @Test
    void refusesTooFewRoundsForTheWarmUp() {
        assertThatThrownBy(() -> GetParts.measure(new byte[][] {{1}}, new byte[1], new int[] {0}, 2, System.out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("above the 2 warm-up rounds");
    }
}
