package io.memstore.measure.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link ArenaChunkPool}: the wait ends after the cleaner's due time and its margin, never past the caller's
 * deadline, and in a JVM with the probe's flags the pool has been emptied by then (Native Memory Tracking's "Arena
 * Chunk" figure falls to a small fraction of what the compilers left).
 */
class ArenaChunkPoolTest {
    @Test
    void theCleanerIsDueAtTheNextMultipleOfItsPeriodAndItsMarginGrowsWithTheUptime() {
        assertThat(ArenaChunkPool.nextDue(0)).isEqualTo(5_000);
        assertThat(ArenaChunkPool.nextDue(4_999)).isEqualTo(5_000);
        assertThat(ArenaChunkPool.nextDue(5_000)).isEqualTo(10_000);
        assertThat(ArenaChunkPool.nextDue(12_345)).isEqualTo(15_000);
        assertThat(ArenaChunkPool.nextDue(-7)).isEqualTo(5_000);
        assertThat(ArenaChunkPool.marginMillis(5_000)).isEqualTo(550);
        assertThat(ArenaChunkPool.marginMillis(60_000)).isEqualTo(1_100);
    }

    @Test
    void theWaitEndsPastTheDueTimeAndItsMarginOrAtTheDeadline() {
        long start = System.nanoTime();
        long uptime = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
        long due = ArenaChunkPool.nextDue(uptime);
        // a deadline past the due time and its margin, and past the next one should the uptime cross a multiple of
        // the period before the wait reads it (the margin grows with the uptime of this long-running JVM)
        long deadlineMillis = due + ArenaChunkPool.marginMillis(due + ArenaChunkPool.CLEANER_PERIOD_MILLIS) - uptime
                + ArenaChunkPool.CLEANER_PERIOD_MILLIS + 1_000;
        ArenaChunkPool.Cleaning how = ArenaChunkPool.awaitCleaning(start + deadlineMillis * 1_000_000);
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;
        assertThat(how).isEqualTo(ArenaChunkPool.Cleaning.DUE);
        assertThat(waitedMillis).isGreaterThanOrEqualTo(due + ArenaChunkPool.marginMillis(due) - uptime - 1);

        long s2 = System.nanoTime();
        assertThat(ArenaChunkPool.awaitCleaning(s2 + 100_000_000L)).isEqualTo(ArenaChunkPool.Cleaning.DEADLINE);
        assertThat(System.nanoTime() - s2).isGreaterThanOrEqualTo(100_000_000L);
    }

    @Test
    void underTheProbesFlagsThePoolIsEmptiedWhenTheWaitEnds() throws Exception {
        List<String> rounds = child();
        assertThat(rounds).hasSize(2);
        long filled = 0;
        for (String round : rounds) {
            String[] f = round.split(" ");
            long before = Long.parseLong(f[0]);
            long after = Long.parseLong(f[1]);
            assertThat(f[2]).isEqualTo(ArenaChunkPool.Cleaning.DUE.name());
            // after the cleaning only the chunks of arenas in use are left: the summary's own reading, a few
            // threads' resource areas
            assertThat(after).as(round).isLessThan(512 << 10);
            filled = Math.max(filled, before);
        }
        // the check above means something only if the compilers did fill the pool in some round
        assertThat(filled).isGreaterThan(1 << 20);
    }

    private static List<String> child() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(ProbeJvm.flags(RowParams.builder("pool").keys(1_000).versions(1).index(IndexKind.BTREE)
                .store(StoreKind.NONE).build()));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ArenaChunkPoolChild.class.getName()));
        Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
        }
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isZero();
        return lines;
    }
}
