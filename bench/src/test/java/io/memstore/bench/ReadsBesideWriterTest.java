package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.Durability;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadsBesideWriterTest {
    @Test
    void alternatesTheWriterAloneAndWithAReaderAndReportsWhatEachRoundDidLeavingNoFileBehind() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<ReadsBesideWriter.Round> rounds = ReadsBesideWriter.measure(Durability.NORMAL, 400, 3,
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(rounds).extracting(ReadsBesideWriter.Round::reader).containsExactly(false, true, false);
        assertThat(rounds.get(0).gets()).isZero();
        assertThat(rounds.get(1).gets()).isPositive();
        // 400 values of 16 KiB, each in a transaction of its own: the log held at least one of them, and the
        // checkpoint after the puts truncated it
        assertThat(rounds).allSatisfy(r -> {
            assertThat(r.largestLog()).isGreaterThan(ReadsBesideWriter.VALUE_SIZE);
            assertThat(r.checkpointed()).isTrue();
        });
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("NORMAL: 400 puts of 16,384 B over 100 keys per round")
                .containsPattern("alone       round 0: writes [0-9,]+ ms \\([0-9,]+ puts/s\\), largest log [0-9.]+ MB,"
                        + " no reader, checkpoint done in [0-9,]+ ms")
                .containsPattern("with reader round 1: .*, [0-9,]+ gets beside, checkpoint done")
                .containsPattern("alone      : 2 rounds, largest log at most [0-9.]+ MB, .* 2 of 2 checkpoints succeeded\n")
                .containsPattern("with reader: 1 round, .* 1 of 1 checkpoints succeeded, [0-9,]+ gets/s beside");
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertThat(left.map(Path::getFileName).map(Path::toString)
                    .filter(n -> n.startsWith("memstore-reads-beside-writer-"))).isEmpty();
        }
    }

    @Test
    void refusesADurabilityItDoesNotKnow() {
        assertThatThrownBy(() -> ProcessFigures.run(new String[] {"reads-beside-writer", "10", "1", "sometimes"},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the third argument of reads-beside-writer is full, normal or deferred, was"
                        + " 'sometimes'");
    }
}
