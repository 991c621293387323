package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers beside a busy writer grow neither the process nor the write-ahead log: the guard, at a smaller size, of
 * the bounds the durability page states (there: 8 readers, 60 s, the 64 MiB limit). A child JVM ({@link
 * ReaderGrowthChild}) runs {@link #READERS} readers beside one writer of 16 KiB values for {@link #SECONDS} s in
 * each mode, with the log limit lowered to {@link #LIMIT} so that the log reaches it several times even at FULL's
 * pace. Its heap is fixed and touched at start, so its RSS grows only outside the heap: SQLite's page caches, the
 * -shm map, malloc.
 */
class ReaderGrowthTest {
    static final int READERS = 4;
    static final long SECONDS = 5;
    static final long WARMUP_SECONDS = 2;
    static final long LIMIT = 4L << 20;
    /** DEFERRED's batches: 1 MiB of values, 64 values of 16 KiB. */
    static final long BATCH_BYTES = 1L << 20;
    /**
     * The most one write transaction adds to the log beyond the limit: a 16 KiB value takes two 16 KiB pages (its row
     * does not fit in one), so a batch of {@link #BATCH_BYTES} of values (and the one value that filled it) writes
     * a little more than twice as many bytes of frames, plus its key rows, meta and b-tree pages; a put's
     * transaction writes a few pages.
     */
    static final long DEFERRED_TRANSACTION = 2 * BATCH_BYTES + (1L << 20);
    static final long PUT_TRANSACTION = 1L << 20;
    /** The RSS growth after the warm-up allowed in {@link #SECONDS} s (the page: 64 MiB in 60 s with 8 readers). */
    static final long RSS_GROWTH = 16L << 20;

    @TempDir
    Path dir;

    @Test
    void readersBesideTheWriterGrowNeitherTheLogPastItsLimitNorTheProcess() throws Exception {
        Process child = new ProcessBuilder(StoreTestSupport.java(), "-XX:+UseSerialGC", "-Xms96m", "-Xmx96m",
                "-XX:+AlwaysPreTouch", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                ReaderGrowthChild.class.getName(), dir.toString(), Integer.toString(READERS), Long.toString(SECONDS),
                Long.toString(WARMUP_SECONDS), Long.toString(LIMIT), Long.toString(BATCH_BYTES), "FULL", "NORMAL",
                "DEFERRED").redirectErrorStream(true).start();
        child.getOutputStream().close();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).as("child ended").isTrue();
        assertThat(child.exitValue()).as("child exit code; output:%n%s", output).isZero();
        List<String[]> modes = output.lines().filter(l -> l.startsWith("M ")).map(l -> l.split(" ")).toList();
        assertThat(modes).as(output).extracting(m -> m[1]).containsExactly("FULL", "NORMAL", "DEFERRED");
        for (String[] m : modes) {
            String mode = m[1];
            long warmRss = Long.parseLong(m[2]);
            long largestRss = Long.parseLong(m[3]);
            long largestWal = Long.parseLong(m[4]);
            long truncations = Long.parseLong(m[5]);
            long gets = Long.parseLong(m[7]);
            long stale = Long.parseLong(m[8]);
            String line = String.join(" ", m);
            assertThat(gets).as("gets beside the writer: %s", line).isPositive();
            assertThat(stale).as("stale gets: %s", line).isZero();
            // the log reached the limit, with readers in it, and was truncated, more than once
            assertThat(truncations).as("truncations of the -wal: %s", line).isGreaterThanOrEqualTo(2);
            // the limit, one write transaction beyond it, and one more limit for a try that a read outlasted (a
            // snapshot held past SQLite's busy timeout, on a machine loaded enough): the next try comes a limit later
            long transaction = mode.equals("DEFERRED") ? DEFERRED_TRANSACTION : PUT_TRANSACTION;
            assertThat(largestWal).as("largest -wal: %s", line).isLessThanOrEqualTo(2 * LIMIT + transaction);
            assertThat(warmRss).as("RSS at the warm-up's end: %s", line).isPositive();
            assertThat(largestRss - warmRss).as("RSS growth after the warm-up: %s", line)
                    .isLessThanOrEqualTo(RSS_GROWTH);
        }
    }
}
