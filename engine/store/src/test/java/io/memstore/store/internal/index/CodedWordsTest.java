package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link CodedWords}: codes read back as the words they were made of, and the in-place reads
 * ({@link CodedWords#get}, {@link CodedWords#modRevisionAt}) against {@link RevisionRun}'s on the decoded words,
 * for random runs of several generations, with and without a first-generation header in the leaf's table, at
 * every revision around each one the run holds.
 */
class CodedWordsTest {

    @Test
    void codesReadBackAsTheirWords() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 500; trial++) {
            long[] words = randomRun(random, 1 + random.nextLong(1L << 32), 1 + random.nextInt(12));
            long base = CodedWords.base(words, words.length);
            assertThat(base).isGreaterThanOrEqualTo(0);
            int[] codes = CodedWords.encode(words, words.length, base);
            long[] back = new long[words.length];
            CodedWords.decode(codes, 0, codes.length, base, back, 0);
            assertThat(back).containsExactly(words);
        }
    }

    @Test
    void wordsThatCannotBeCodedAreRefused() {
        long main = 1_000;
        assertThat(CodedWords.base(new long[] {RevisionRun.word(Revision.pack(main, 1), false)}, 1))
                .as("a sub revision above 0").isEqualTo(-1);
        assertThat(CodedWords.base(new long[] {~5L, RevisionRun.word(Revision.pack(main, 0), false)}, 2))
                .as("an in-run header").isEqualTo(-1);
        assertThat(CodedWords.base(new long[] {RevisionRun.word(Revision.pack(main, 0), false),
                RevisionRun.word(Revision.pack(main + (1L << 30), 0), false)}, 2)).as("a span of 2^30").isEqualTo(-1);
    }

    @Test
    void inPlaceReadsAnswerAsTheDecodedRun() {
        SplittableRandom random = new SplittableRandom(11);
        int compared = 0;
        for (int trial = 0; trial < 3_000; trial++) {
            int keys = 1 + random.nextInt(4);
            long start = 1 + random.nextLong(1L << 32);
            long[][] runs = new long[keys][];
            int total = 0;
            for (int k = 0; k < keys; k++) {
                runs[k] = randomRun(random, start + random.nextInt(1_000_000), 1 + random.nextInt(10));
                total += runs[k].length;
            }
            // the leaf's words: the keys' runs one after the other, as a leaf concatenates them
            long[] words = new long[total];
            int[] starts = new int[keys + 1];
            for (int k = 0; k < keys; k++) {
                System.arraycopy(runs[k], 0, words, starts[k], runs[k].length);
                starts[k + 1] = starts[k] + runs[k].length;
            }
            long base = CodedWords.base(words, total);
            if (base < 0) {
                continue; // the keys' revisions span 2^30 or more
            }
            int[] codes = CodedWords.encode(words, total, base);
            long[] headers = null;
            if (random.nextBoolean()) {
                // a first-generation header for key 0, as compaction or restore leaves one
                long first = RevisionRun.revision(words[0]);
                long created = Revision.pack(Math.max(1, Revision.main(first) - 1 - random.nextInt(1_000)), 0);
                headers = HeaderTable.inserted(null, 0, 0, created, 2 + random.nextInt(50), first);
                for (int k = 1; k < keys; k++) {
                    long f = RevisionRun.revision(words[starts[k]]);
                    headers = HeaderTable.inserted(headers, k, k, f, 1, f);
                }
            }
            for (int k = 0; k < keys; k++) {
                for (long at : probes(words, starts[k], starts[k + 1])) {
                    KeyState expected = RevisionRun.get(words, starts[k], starts[k + 1], at, headers, k);
                    KeyState actual = CodedWords.get(codes, starts[k], starts[k + 1], base, at, headers, k);
                    assertThat(actual).as("get at %d of key %d, run %s", at, k, Arrays.toString(runs[k]))
                            .isEqualTo(expected);
                    assertThat(CodedWords.modRevisionAt(codes, starts[k], starts[k + 1], base, at))
                            .as("modRevisionAt %d of key %d", at, k)
                            .isEqualTo(RevisionRun.modRevisionAt(words, starts[k], starts[k + 1], at));
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(50_000);
    }

    /**
     * A run of {@code n} revision words after main revision {@code main}, sub revision 0, increasing; a tombstone
     * ends a generation at random.
     */
    private static long[] randomRun(SplittableRandom random, long main, int n) {
        long[] run = new long[n];
        for (int j = 0; j < n; j++) {
            main += 1 + random.nextInt(j % 3 == 0 ? 100_000 : 5);
            boolean tombstone = j > 0 && (run[j - 1] & 1) == 0 && random.nextInt(4) == 0;
            run[j] = RevisionRun.word(Revision.pack(main, 0), tombstone);
        }
        return run;
    }

    /** Main revisions at which to read a run: 0, every revision it holds, one before and one after each. */
    private static long[] probes(long[] words, int from, int to) {
        long[] out = new long[1 + 3 * (to - from)];
        int n = 0;
        out[n++] = 0;
        for (int j = from; j < to; j++) {
            long main = RevisionRun.main(words[j]);
            out[n++] = main - 1;
            out[n++] = main;
            out[n++] = main + 1;
        }
        return out;
    }
}
