package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills during the index image's write: an {@link ImageCrashChild} writes rounds of commits, each followed by a
 * checkpoint that writes the image, and is killed with SIGKILL at a random moment. What it left must open into the
 * store a scan of every record builds (the same file with its image deleted): the same revisions and the same index,
 * whether the open loaded an image (the last whole one, and the records after it) or found none; and every round of
 * commits that returned is there. The trials are one chain on one file: each child opens what the last one left.
 * {@code -Dmemstore.imagecrash.trials=N} runs N trials (default 8).
 */
class IndexImageCrashTest {
    private static final int TRIALS = Integer.getInteger("memstore.imagecrash.trials", 8);

    @TempDir
    Path dir;

    @Test
    void aKillDuringTheImagesWriteNeverOpensAnotherIndex() throws Exception {
        Path file = dir.resolve("chain.db");
        Random rnd = new Random(Long.getLong("memstore.imagecrash.seed", 35));
        int killed = 0;
        int duringImage = 0;
        int fromImage = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            Path stderr = dir.resolve("child-" + trial + ".err");
            KilledChild child = KilledChild.start(ImageCrashChild.class, stderr, file.toString(),
                    Long.toString(rnd.nextLong()));
            assertThat(child.awaitOpened(120)).as("trial %d: the child opened the store", trial).isTrue();
            Thread.sleep(200 + rnd.nextInt(1500));
            int exit = child.kill();
            if (exit != 137) {
                fail("trial %d: the child ended by itself, exit %d:%n%s", trial, exit,
                        Files.readString(stderr));
            }
            killed++;
            List<String> said = whole(child.lines());
            long returned = -1;
            String last = said.isEmpty() ? "" : said.get(said.size() - 1);
            for (String l : said) {
                if (l.startsWith("C ")) {
                    returned = Long.parseLong(l.substring(2));
                }
            }
            if (last.equals("W")) {
                duringImage++;
            }
            Path reference = StoreTestSupport.crashCopy(file, dir);
            StoreTestSupport.sql(reference, "DELETE FROM index_image");
            try (MvccStore expected = MvccStore.open(reference, StoreTestSupport.FAST);
                 MvccStore got = MvccStore.open(StoreTestSupport.crashCopy(file, dir), StoreTestSupport.FAST)) {
                String where = "trial " + trial + " (last line " + last + ")";
                assertThat(got.currentRevision()).as(where).isEqualTo(expected.currentRevision())
                        .isGreaterThanOrEqualTo(returned);
                assertThat(got.compactedRevision()).as(where).isEqualTo(expected.compactedRevision());
                assertThat(got.index().toString()).as(where).isEqualTo(expected.index().toString());
                if (got.imageAtOpen() != null) {
                    fromImage++;
                }
            }
        }
        System.out.printf("index image kills: %d killed, %d during an image's write (or its checkpoint), %d opened"
                + " from an image%n", killed, duringImage, fromImage);
        assertThat(fromImage).as("opens that loaded an image").isPositive();
    }

    /** The lines the kill did not cut, without their " ." end. */
    private static List<String> whole(List<String> lines) {
        List<String> out = new ArrayList<>();
        synchronized (lines) {
            for (String l : lines) {
                if (l.endsWith(" .")) {
                    out.add(l.substring(0, l.length() - 2));
                }
            }
        }
        return out;
    }
}
