package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.memstore.store.internal.index.IndexComparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;

/**
 * Crash safety with real crashes: a {@link CrashChild} process writes to a store and is killed with SIGKILL at
 * a random moment (during JVM start, opening and recovery, transactions, compactions, background flushes).
 * Then a copy of what it left (database and write-ahead log, as the kernel had them) is checked:
 * <ul>
 *   <li>{@code PRAGMA integrity_check} says ok, before and after the store opened it;</li>
 *   <li>every transaction {@code commit()} returned for is there (FULL, NORMAL), or, in DEFERRED mode, every one
 *       up to the last returned {@code flush()} or compaction; at most the one transaction in flight is there
 *       beyond them, and nothing rolled back or never committed is;</li>
 *   <li>every revision from the compacted one to the current one reads exactly as the model
 *       ({@link StoreModel}) says, and the index rebuilt from the file equals the model's index.</li>
 * </ul>
 * Each durability mode is one chain of trials on one file: the next child opens what the last one left, so it
 * recovers the crash itself (and may be killed while doing so). {@code -Dmemstore.crash.trials=N} runs N trials
 * (default 24, 8 per mode), {@code -Dmemstore.crash.seed=S} another fixed seed.
 */
class CrashSafetyTest {
    static final int TRIALS = Integer.getInteger("memstore.crash.trials", 24);
    static final long SEED = Long.getLong("memstore.crash.seed", 7_2024L);
    private static final HexFormat HEX = HexFormat.of();

    @TempDir
    Path dir;

    @Test
    void killedWritersLoseNoReturnedCommitAndShowNothingUncommitted() throws Exception {
        Map<Durability, Chain> chains = new EnumMap<>(Durability.class);
        for (Durability mode : Durability.values()) {
            chains.put(mode, new Chain(mode, dir.resolve(mode.name().toLowerCase() + ".db")));
        }
        Random rnd = new Random(SEED);
        Durability[] modes = Durability.values();
        for (int trial = 0; trial < TRIALS; trial++) {
            chains.get(modes[trial % modes.length]).trial(trial, rnd);
        }
        StringBuilder summary = new StringBuilder("crash safety: " + TRIALS + " SIGKILL trials, seed " + SEED);
        for (Chain c : chains.values()) {
            summary.append("; ").append(c.mode).append(": ").append(c.trials).append(" trials, ").append(c.kills)
                    .append(" killed, ").append(c.acked).append(" commits returned, ").append(c.inFlightPresent)
                    .append(" in-flight commits present, ").append(c.lostAfterFlush)
                    .append(" returned but unflushed commits lost, revision ").append(c.model.currentRevision())
                    .append(" compacted at ").append(c.model.compactedRevision());
        }
        System.out.println(summary);
        for (Chain c : chains.values()) {
            assertThat(c.acked).as("%s: the children committed something", c.mode).isPositive();
        }
    }

    /** One entry of what a child said: a transaction, a compaction or a flush, returned or in flight. */
    private record Entry(char kind, boolean commit, List<StoreModel.Op> ops, long rev, boolean returned) {
    }

    private final class Chain {
        final Durability mode;
        final Path file;
        final StoreModel model = new StoreModel();
        final TreeSet<byte[]> keys = new TreeSet<>(java.util.Arrays::compareUnsigned);
        int trials;
        int kills;
        long acked;
        long inFlightPresent;
        long lostAfterFlush;

        Chain(Durability mode, Path file) {
            this.mode = mode;
            this.file = file;
        }

        void trial(int trial, Random rnd) throws Exception {
            trials++;
            long childSeed = rnd.nextLong();
            boolean early = rnd.nextInt(6) == 0;
            long delayMs = early ? rnd.nextInt(700) : rnd.nextInt(300);
            Path stderr = dir.resolve("child-" + trial + ".err");
            KilledChild child = KilledChild.start(CrashChild.class, stderr, file.toString(), mode.name(),
                    Long.toString(childSeed));
            if (!early) {
                assertThat(child.awaitOpened(60)).as("trial %d: child opened the store", trial).isTrue();
            }
            Thread.sleep(delayMs);
            int exit = child.kill();
            if (exit == 137) {
                kills++;
            } else if (exit != 0) {
                fail("trial %d (%s, seed %d): the child failed by itself, exit %d:%n%s", trial, mode, childSeed, exit,
                        Files.readString(stderr));
            }
            verify(trial, childSeed, child.lines());
        }

        void verify(int trial, long childSeed, List<String> lines) throws Exception {
            String where = "trial " + trial + " (" + mode + ", child seed " + childSeed + ")";
            List<Entry> log = parse(lines, where);
            Path copy = StoreTestSupport.crashCopy(file, dir);
            assertThat(integrityCheck(copy)).as("%s: integrity_check of what the kill left", where).isEqualTo("ok");
            try (MvccStore store = MvccStore.open(copy, StoreOptions.defaults().durability(Durability.NORMAL))) {
                long r = store.currentRevision();
                long c = store.compactedRevision();
                long durable = model.currentRevision(); // what the last check found in the file
                long lastReturned = model.currentRevision();
                List<Long> lost = new ArrayList<>();
                boolean cut = false;
                for (Entry e : log) {
                    switch (e.kind()) {
                        case 'T' -> {
                            if (!e.commit()) {
                                continue; // rolled back: must never show, which the reads below check
                            }
                            if (e.returned()) {
                                acked++;
                                lastReturned = e.rev();
                            }
                            boolean changes = model.changes(e.ops());
                            if (cut || (changes && model.currentRevision() >= r)) {
                                // not in the file, nor is anything after it: commits survive as a prefix
                                cut = true;
                                if (e.returned() && changes) {
                                    lost.add(e.rev());
                                }
                                continue;
                            }
                            model.apply(e.ops());
                            if (e.returned()) {
                                assertThat(model.currentRevision()).as("%s: revision commit() returned", where)
                                        .isEqualTo(e.rev());
                            } else if (changes) {
                                inFlightPresent++;
                            }
                        }
                        case 'K' -> {
                            if (e.returned()) {
                                durable = Math.max(durable, lastReturned); // compact() flushes first
                                assertThat(c).as("%s: compaction at %d returned", where, e.rev()).isGreaterThanOrEqualTo(e.rev());
                            }
                            if (c >= e.rev() && model.compactedRevision() < e.rev()) {
                                model.compact(e.rev());
                            }
                        }
                        default -> durable = Math.max(durable, e.rev()); // 'F': flush() returned
                    }
                }
                assertThat(r).as("%s: the store's revision is one the writer produced", where)
                        .isEqualTo(model.currentRevision());
                assertThat(c).as("%s: compacted revision", where).isEqualTo(model.compactedRevision());
                for (long rev : lost) {
                    if (mode != Durability.DEFERRED || rev <= durable) {
                        fail("%s: commit() returned revision %d but it is gone after the crash (store at %d, durable"
                                + " up to %d)", where, rev, r, durable);
                    }
                    lostAfterFlush++;
                }
                List<Long> revs = sample(c, r, new Random(childSeed));
                for (long rev : revs) {
                    assertThat(StoreTestSupport.all(store, rev)).as("%s: everything at revision %d", where, rev)
                            .isEqualTo(model.range(new byte[0], new byte[0], RangeOptions.atRevision(rev)));
                }
                assertThat(IndexComparison.firstDifference(store.index(), model.index(), keys, c, r, revs))
                        .as("%s: the rebuilt index differs from the model's", where).isNull();
            }
            assertThat(integrityCheck(copy)).as("%s: integrity_check after reopening", where).isEqualTo("ok");
        }

        List<Entry> parse(List<String> lines, String where) {
            List<Entry> log = new ArrayList<>();
            for (String raw : lines) {
                if (!raw.endsWith(" .")) {
                    continue; // cut by the kill: the child had not begun what it announces
                }
                String[] t = raw.substring(0, raw.length() - 2).split(" ");
                switch (t[0]) {
                    case "O" -> assertThat(List.of(Long.parseLong(t[1]), Long.parseLong(t[2])))
                            .as("%s: the child opened the store at the state the last check found", where)
                            .isEqualTo(List.of(model.currentRevision(), model.compactedRevision()));
                    case "B" -> {
                        List<StoreModel.Op> ops = new ArrayList<>();
                        for (int i = 2; i < t.length; i++) {
                            String[] f = t[i].split(",", -1);
                            byte[] key = bytes(f[1]);
                            keys.add(key);
                            ops.add(f[0].equals("P") ? StoreModel.Op.put(key, bytes(f[2]))
                                    : StoreModel.Op.delete(key, f[2].equals("-") ? null : bytes(f[2])));
                        }
                        log.add(new Entry('T', t[1].equals("commit"), ops, -1, false));
                    }
                    case "C" -> log.set(log.size() - 1, new Entry('T', true, log.get(log.size() - 1).ops(),
                            Long.parseLong(t[1]), true));
                    case "R" -> { }
                    case "K" -> log.add(new Entry('K', false, List.of(), Long.parseLong(t[1]), false));
                    case "k" -> log.set(log.size() - 1, new Entry('K', false, List.of(), Long.parseLong(t[1]), true));
                    case "F" -> log.add(new Entry('F', false, List.of(), Long.parseLong(t[1]), true));
                    default -> fail("%s: unknown line from the child: %s", where, raw);
                }
            }
            return log;
        }
    }

    private static byte[] bytes(String field) {
        return HEX.parseHex(field.substring(1));
    }

    /** Every revision from c to r when there are few, else both ends and 40 in between. */
    static List<Long> sample(long c, long r, Random rnd) {
        TreeMap<Long, Boolean> revs = new TreeMap<>();
        revs.put(c, true);
        revs.put(r, true);
        if (r - c <= 60) {
            for (long rev = c; rev <= r; rev++) {
                revs.put(rev, true);
            }
        } else {
            for (int i = 0; i < 40; i++) {
                revs.put(c + (long) (rnd.nextDouble() * (r - c)), true);
            }
        }
        return new ArrayList<>(revs.keySet());
    }

    /** SQLite's own check of a file no process has open, without changing it. */
    static String integrityCheck(Path file) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        try (Connection c = config.createConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
            StringBuilder sb = new StringBuilder();
            while (rs.next()) {
                sb.append(sb.length() == 0 ? "" : "; ").append(rs.getString(1));
            }
            return sb.toString();
        }
    }
}
