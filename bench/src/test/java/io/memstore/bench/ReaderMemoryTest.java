package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.Durability;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ReaderMemoryTest {
    @Test
    void samplesTheProcessAndTheLogWhileReadersGetBesideTheWriterLeavingNoFileBehind() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ReaderMemory.Run run = ReaderMemory.measure(Durability.NORMAL, 2, 3, 1, 1,
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(run.samples()).hasSizeGreaterThanOrEqualTo(4);
        assertThat(run.samples()).allSatisfy(s -> {
            assertThat(s.resident().rss()).isPositive();
            assertThat(s.resident().rss()).isGreaterThanOrEqualTo(s.resident().anon());
        });
        assertThat(run.puts()).isPositive();
        assertThat(run.gets()).isPositive();
        assertThat(run.stale()).isZero();
        // every put is a transaction of its own with a 16 KiB value: the log held at least one
        assertThat(run.largestWal()).isGreaterThan(ReaderMemory.VALUE_SIZE);
        assertThat(run.warm().millis()).isGreaterThanOrEqualTo(1000);
        assertThat(run.growth()).isGreaterThanOrEqualTo(0);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("NORMAL: 2 readers beside one writer of 16,384 B values over 100 keys (and 100 more"
                        + " read), 3 s, warm-up 1 s")
                .containsPattern(" 1\\.[0-9] s: RSS [0-9.]+ MiB \\(anon [0-9.]+, file [0-9.]+, shmem [0-9.]+\\), heap"
                        + " [0-9.]+ of [0-9.]+ MiB, -wal [0-9.]+ MiB, [0-9,]+ puts, [0-9,]+ gets\n")
                .containsPattern("NORMAL, 2 readers: RSS [0-9.]+ MiB after the 1 s warm-up, at most [0-9.]+ MiB after"
                        + " it \\(growth [0-9.]+ MiB\\), largest [0-9.]+ MiB, heap (fixed|NOT fixed: its growth counts)\n")
                .containsPattern("NORMAL, 2 readers: largest -wal [0-9.]+ MiB; [0-9,]+ puts, [0-9,]+ gets, 0 stale");
        assertThat(out.lines()).allMatch(l -> l.length() <= 160);
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertThat(left.map(Path::getFileName).map(Path::toString)
                    .filter(n -> n.startsWith("memstore-reader-memory-"))).isEmpty();
        }
    }

    @Test
    void refusesBadArguments() {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> ProcessFigures.run(new String[] {"reader-memory", "8", "60", "sometimes"}, out))
                .hasMessageStartingWith("the third argument of reader-memory is full, normal or deferred, was"
                        + " 'sometimes'");
        assertThatThrownBy(() -> ProcessFigures.run(new String[] {"reader-memory", "-1", "60"}, out))
                .hasMessage("READERS: expected a whole number, 0 or more, was '-1'");
        assertThatThrownBy(() -> ProcessFigures.run(new String[] {"reader-memory", "8", "10"}, out))
                .hasMessage("SECONDS: expected more than the warm-up of 10 s, was 10");
    }
}
