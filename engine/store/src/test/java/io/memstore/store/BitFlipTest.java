package io.memstore.store;

import static io.memstore.store.StoreTestSupport.b;
import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.internal.sqlite.SqliteConnections;
import io.memstore.store.internal.sqlite.StoreSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Single-bit flips at random offsets of a closed store file, and of a write-ahead log a crash left, each
 * followed by an open and a read of every revision: no flip may make the store return a wrong value without an
 * exception. Each flip is one of
 * <ul>
 *   <li><b>refused</b>: the open or a read threw a {@link StoreException} (a damaged record, a corrupt page, an
 *       inconsistent file, a damaged log);</li>
 *   <li><b>read correctly</b>: every revision read exactly as written (the flip hit free space or bytes SQLite
 *       does not use);</li>
 *   <li><b>rolled back</b> (log only): the store opened at an earlier revision, every revision up to it read
 *       correctly; SQLite dropped the last transaction's frames, the one case {@code WalCheck} cannot tell
 *       from a torn write;</li>
 *   <li><b>wrong</b>: anything else, a wrong value, key or revision returned, or an exception that is not a
 *       StoreException. Must be 0.</li>
 * </ul>
 * The database file is flipped anywhere, and then again only inside the pages of each table of the format
 * (kv_key, which the open reads, and kv_value, which only reads of values and {@link MvccStore#verify} read;
 * SQLite's dbstat table says which pages are whose), so that both kinds of record are hit many times whatever their
 * share of the file. 300 flips of each in the build (small store, reopened per flip), half as many in each table:
 * enough that a store which stopped checking its records' checksums returns wrong values in dozens of them, while
 * every flip that reads correctly is read back at every revision ({@link #readsAsWritten}); {@code
 * -Dmemstore.bitflip.flips=N} for a longer run, {@code -Dmemstore.bitflip.seed=S} for other offsets.
 */
class BitFlipTest {
    private static final int FLIPS = Integer.getInteger("memstore.bitflip.flips", 300);
    private static final long SEED = Long.getLong("memstore.bitflip.seed", 11);
    private static final int KEYS = 150;
    private static final int VERSIONS = 3;
    private static final StoreOptions OPTIONS = StoreOptions.defaults().durability(Durability.NORMAL).readConnections(1);

    @TempDir
    Path dir;

    /** What every revision of the history holds: the live keys and values after each revision. */
    private final List<List<KeyValue>> history = new ArrayList<>();

    private record Tally(int refused, int correct, int rolledBack, java.util.SortedSet<Long> rolledBackTo,
                         List<String> wrong) {
        @Override
        public String toString() {
            return refused + " refused, " + correct + " read correctly, " + rolledBack + " rolled back"
                    + (rolledBackTo.isEmpty() ? "" : " (opened at revisions " + rolledBackTo + ")") + ", "
                    + wrong.size() + " returned wrong";
        }
    }

    @Test
    void flipsInTheDatabaseFileNeverReturnAWrongValue() throws IOException {
        Path file = dir.resolve("pristine.db");
        try (MvccStore store = MvccStore.open(file, OPTIONS)) {
            write(store, KEYS * VERSIONS);
        }
        byte[] pristine = Files.readAllBytes(file);
        Tally t = flip(pristine, null, history.size() - 1, null, FLIPS);
        System.out.printf("bit flips, database file (%d B): %s%n", pristine.length, t);
        assertThat(t.wrong()).as(t.toString()).isEmpty();
        assertThat(t.rolledBack()).as("a closed file has no log to roll back").isZero();
        assertThat(t.refused()).isPositive();
    }

    @Test
    void flipsInTheKeyTableAndInTheValueTableNeverReturnAWrongValue() throws IOException {
        Path file = dir.resolve("pristine.db");
        try (MvccStore store = MvccStore.open(file, OPTIONS)) {
            write(store, KEYS * VERSIONS);
        }
        byte[] pristine = Files.readAllBytes(file);
        for (String table : List.of("kv_key", "kv_value")) {
            List<Long> pages = StoreTestSupport.queryLongs(file, "SELECT pageno FROM dbstat WHERE name = '" + table + "'");
            assertThat(pages).as("pages of %s", table).isNotEmpty();
            Tally t = flip(pristine, null, history.size() - 1, pages, FLIPS / 2);
            System.out.printf("bit flips, database file, pages of %s only (%d of %d pages): %s%n", table, pages.size(),
                    pristine.length / StoreSchema.PAGE_SIZE, t);
            assertThat(t.wrong()).as(table + ": " + t).isEmpty();
            assertThat(t.refused()).as(table + ": " + t).isGreaterThan(FLIPS / 20);
        }
    }

    @Test
    void flipsInTheWriteAheadLogNeverReturnAWrongValue() throws IOException {
        Path file = dir.resolve("pristine.db");
        try (MvccStore store = MvccStore.open(file, OPTIONS)) {
            write(store, KEYS * VERSIONS);
        }
        byte[] db;
        byte[] wal;
        try (MvccStore store = MvccStore.open(file, OPTIONS)) {
            write(store, 12); // what a crash leaves in the log: the last 12 transactions
            Path copy = StoreTestSupport.crashCopy(file, dir);
            db = Files.readAllBytes(copy);
            wal = Files.readAllBytes(SqliteConnections.sideFile(copy, "-wal"));
        }
        Tally t = flip(db, wal, history.size() - 1, null, FLIPS);
        System.out.printf("bit flips, write-ahead log (%d B, database %d B, expected revision %d): %s%n", wal.length,
                db.length, history.size() - 1, t);
        assertThat(t.wrong()).as(t.toString()).isEmpty();
        assertThat(t.refused()).isPositive();
    }

    /** Revisions of puts and deletes; records the state after each in {@link #history}. */
    private void write(MvccStore store, int revisions) {
        Random rnd = new Random(history.size());
        if (history.isEmpty()) {
            history.add(List.of());
        }
        java.util.TreeMap<String, KeyValue> live = new java.util.TreeMap<>();
        for (KeyValue kv : history.get(history.size() - 1)) {
            live.put(StoreTestSupport.s(kv.key()), kv);
        }
        for (int i = 0; i < revisions; i++) {
            String key = String.format("key-%04d", rnd.nextInt(KEYS));
            long rev;
            if (rnd.nextInt(10) == 0 && live.containsKey(key)) {
                rev = store.deleteRange(b(key), null);
                live.remove(key);
            } else {
                byte[] value = new byte[20 + rnd.nextInt(60)];
                rnd.nextBytes(value);
                rev = store.put(b(key), value);
                live.put(key, store.get(b(key)));
            }
            assertThat(rev).isEqualTo(history.size());
            history.add(List.copyOf(live.values()));
        }
    }

    /**
     * Null when the store answers every revision up to {@code current} as {@link #history} has it, else the first
     * difference. A range read at revision r answers from the index (the keys live at r, with the revision of each
     * one's last change) and from the record of each of those revisions, read and decoded the same way whatever r is.
     * So the index is compared at every revision, and every record once, by a range read of its key at its own
     * revision; with a range read of every key at the last revision, that is what range reads of every key at every
     * revision would return, from a tenth of the reads.
     */
    private String readsAsWritten(MvccStore store, long current) {
        for (long r = 0; r <= current; r++) {
            List<KeyValue> expected = history.get((int) r);
            IndexRange live = store.index().range(new byte[0], new byte[0], r, 0, false);
            if (live.size() != expected.size()) {
                return "revision " + r + ": the index holds " + live.size() + " keys, expected " + expected.size();
            }
            KeyValue written = null;
            for (int i = 0; i < live.size(); i++) {
                KeyValue e = expected.get(i);
                if (!java.util.Arrays.equals(live.keys().get(i), e.key())
                        || live.revisions()[i] != Revision.pack(e.modRevision(), 0)) {
                    return "revision " + r + ": the index holds " + KeyValue.printable(live.keys().get(i)) + " at "
                            + Revision.toString(live.revisions()[i]) + ", expected " + e;
                }
                if (e.modRevision() == r) {
                    written = e; // the put of revision r (none for a delete)
                }
            }
            if (written != null) {
                String diff = StoreTestSupport.difference(
                        store.range(written.key(), null, RangeOptions.atRevision(r)).kvs(), List.of(written),
                        "revision " + r);
                if (diff != null) {
                    return diff;
                }
            }
        }
        return StoreTestSupport.difference(StoreTestSupport.all(store, current).kvs(), history.get((int) current),
                "revision " + current);
    }

    /**
     * Flips one bit per trial in a copy of the log (or, when {@code wal} is null, of the database: anywhere, or
     * inside one of {@code pages}, numbered from 1, when not null).
     */
    private Tally flip(byte[] db, byte[] wal, long expectedRevision, List<Long> pages, int flips) throws IOException {
        Random rnd = new Random(SEED + (wal == null ? 0 : 1));
        byte[] target = wal == null ? db : wal;
        int refused = 0;
        int correct = 0;
        int rolledBack = 0;
        java.util.SortedSet<Long> rolledBackTo = new java.util.TreeSet<>();
        List<String> wrong = new ArrayList<>();
        Path file = dir.resolve("flipped.db");
        Path walFile = SqliteConnections.sideFile(file, "-wal");
        for (int trial = 0; trial < flips; trial++) {
            long bit = (long) (rnd.nextDouble() * target.length * 8L);
            if (pages != null) {
                long page = pages.get(rnd.nextInt(pages.size()));
                bit = ((page - 1) * StoreSchema.PAGE_SIZE) * 8L + rnd.nextInt(StoreSchema.PAGE_SIZE * 8);
            }
            byte[] damaged = target.clone();
            damaged[(int) (bit / 8)] ^= (byte) (1 << (bit % 8));
            Files.deleteIfExists(SqliteConnections.sideFile(file, "-shm"));
            Files.deleteIfExists(walFile);
            Files.write(file, wal == null ? damaged : db);
            if (wal != null) {
                Files.write(walFile, damaged);
            }
            String where = (wal == null ? "database" : "log") + " byte " + bit / 8 + " bit " + bit % 8;
            try (MvccStore store = MvccStore.open(file, OPTIONS)) {
                long current = store.currentRevision();
                String mismatch = null;
                if (current > expectedRevision || current < 0) {
                    mismatch = "opened at revision " + current + " > " + expectedRevision;
                }
                if (mismatch == null) {
                    mismatch = readsAsWritten(store, current);
                }
                if (mismatch != null) {
                    wrong.add(where + ": " + mismatch);
                } else if (current == expectedRevision) {
                    correct++;
                } else {
                    rolledBack++;
                    rolledBackTo.add(current);
                }
            } catch (StoreException e) {
                refused++;
            } catch (RuntimeException e) {
                wrong.add(where + ": not a StoreException: " + e);
            }
        }
        return new Tally(refused, correct, rolledBack, rolledBackTo, wrong);
    }
}
