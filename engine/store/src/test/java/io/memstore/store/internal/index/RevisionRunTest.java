package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link RevisionRun} against {@link KeyIndex}, one key at a time, without a tree around it: random histories of
 * puts, tombstones, restores (of new and of deleted keys) and compactions, with revisions that jump by up to 2^36
 * (header deltas of 30 bits and more), sub revisions up to their maximum and versions up to 2^60, compared after
 * every step: the whole history, get at every revision that matters, since, and keep.
 */
class RevisionRunTest {

    /** One key's run as a leaf holds it: its words, and its first generation's header in a table of one key. */
    private static final class Run {
        long[] words = new long[0];
        long[] headers;

        void append(long... w) {
            int n = words.length;
            words = Arrays.copyOf(words, n + w.length);
            System.arraycopy(w, 0, words, n, w.length);
        }

        void put(long rev) {
            append(RevisionRun.word(rev, false));
        }

        void tombstone(long rev) {
            append(RevisionRun.word(rev, true));
        }

        /** As BTreeIndex#restore: a new key's header goes to the table, a deleted key's next one into the run. */
        void restore(long created, long rev, long version) {
            if (RevisionRun.isLive(words, 0, words.length)) {
                put(rev);
            } else if (words.length == 0) {
                headers = HeaderTable.inserted(null, 0, 0, created, version, rev);
                put(rev);
            } else {
                long[] buffer = new long[RevisionRun.MAX_HEADER_WORDS + 1];
                int n = RevisionRun.writeHeader(buffer, 0, created, version, rev);
                buffer[n] = RevisionRun.word(rev, false);
                append(Arrays.copyOf(buffer, n + 1));
            }
        }

        long[] compact(long atRev) {
            LongArrayBuilder kept = new LongArrayBuilder();
            long[] out = new long[words.length];
            long[] header = new long[2];
            int n = RevisionRun.compact(words, 0, words.length, atRev, headers, 0, kept, out, 0, header);
            words = Arrays.copyOf(out, n);
            headers = n == 0 ? null : HeaderTable.inserted(null, 0, 0, header[0], header[1],
                    RevisionRun.revision(words[0]));
            return kept.toSortedArray();
        }

        String describe() {
            return words.length == 0 ? null : RevisionRun.describe(words, 0, words.length, headers, 0);
        }
    }

    @Test
    void runsMatchKeyIndex() {
        SplittableRandom random = new SplittableRandom(17);
        for (int history = 0; history < 1000; history++) {
            KeyIndex oracle = new KeyIndex(new byte[] {1});
            Run run = new Run();
            TreeSet<Long> mains = new TreeSet<>(Arrays.asList(0L, 1L));
            long main = 1 + random.nextLong(1L << random.nextInt(1, 36));
            long sub = 0;
            StringBuilder ops = new StringBuilder();
            for (int step = 0; step < 30; step++) {
                if (random.nextInt(3) == 0 && sub < Revision.MAX_SUB) {
                    sub = random.nextInt(8) == 0 ? random.nextLong(sub, Revision.MAX_SUB) + 1 : sub + 1;
                } else {
                    main += random.nextInt(10) == 0 ? random.nextLong(1, 1L << 36) : 1;
                    sub = 0;
                }
                long rev = Revision.pack(main, sub);
                mains.add(main);
                int kind = random.nextInt(10);
                if (kind < 4) {
                    ops.append(" put ").append(Revision.toString(rev));
                    oracle.put(rev);
                    run.put(rev);
                } else if (kind < 6 && oracle.isLive()) {
                    ops.append(" tombstone ").append(Revision.toString(rev));
                    oracle.tombstone(rev);
                    run.tombstone(rev);
                } else if (kind < 8) {
                    long created = random.nextBoolean() ? rev : Revision.pack(random.nextLong(main + 1),
                            random.nextInt(4) == 0 ? random.nextLong(Revision.MAX_SUB + 1) : 0);
                    created = Math.min(created, rev);
                    long version = switch (random.nextInt(4)) {
                        case 0 -> 1;
                        case 1 -> 1 + random.nextLong(10);
                        case 2 -> 1 + random.nextLong(1L << 60);
                        default -> 2048 + random.nextLong(3);
                    };
                    ops.append(" restore ").append(Revision.toString(created)).append(' ')
                            .append(Revision.toString(rev)).append(' ').append(version);
                    oracle.restore(created, rev, version);
                    run.restore(created, rev, version);
                } else {
                    Long[] known = mains.toArray(new Long[0]);
                    long at = known[random.nextInt(known.length)] + random.nextInt(2);
                    ops.append(" compact ").append(at);
                    LongArrayBuilder kept = new LongArrayBuilder();
                    oracle.compact(at, kept::add);
                    assertThat(run.compact(at)).as("kept at %d after%s", at, ops).containsExactly(kept.toSortedArray());
                    if (oracle.isEmpty()) {
                        oracle = new KeyIndex(new byte[] {1}); // the index drops an emptied key
                    }
                }
                int h = history;
                Supplier<String> what = () -> "history #" + h + ":" + ops;
                same(what, run.describe(), oracle.isEmpty() ? null : oracle.toString());
                if (run.words.length > 0) {
                    same(() -> "a run starts with a revision word: " + what.get(), run.words[0] >= 0, true);
                }
                for (long m : mains) {
                    for (long at = Math.max(0, m - 1); at <= m + 1; at++) {
                        KeyState got = run.words.length == 0 ? null
                                : RevisionRun.get(run.words, 0, run.words.length, at, run.headers, 0);
                        long a = at;
                        same(() -> "get at " + a + ", " + what.get(), got, oracle.get(at));
                    }
                }
                long at = mains.floor(main - random.nextLong(main));
                same(() -> "since " + at + ", " + what.get(), RevisionRun.since(run.words, 0, run.words.length, at),
                        oracle.since(at));
                LongArrayBuilder keep = new LongArrayBuilder();
                oracle.keep(at, keep::add);
                long kept = run.words.length == 0 ? -1 : RevisionRun.keep(run.words, 0, run.words.length, at);
                same(() -> "keep " + at + ", " + what.get(), kept, keep.size() == 0 ? -1L : keep.toSortedArray()[0]);
            }
        }
    }

    /** Cheap equality in the loop; AssertJ only to describe a mismatch. */
    private static void same(Supplier<String> what, Object got, Object want) {
        if (!Objects.deepEquals(got, want)) {
            assertThat(got).as(what.get()).isEqualTo(want);
        }
    }
}
