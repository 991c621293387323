package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.IndexRange;
import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Random operation sequences applied to {@link BTreeIndex} and to the oracle {@link ReferenceIndex}, compared after
 * every operation: results, exceptions, counters, the touched key's whole history, and periodically the whole
 * state and the tree's invariants. Small key alphabets (with 0x00, 0x7f, 0x80 and 0xff bytes) and tiny nodes force
 * collisions, prefix changes, splits at every level and merges after compaction. Revisions sometimes jump by up to
 * 2^30 and sub revisions by up to 2^20, and restores give versions up to {@link BTreeIndex#MAX_VERSION}, so the
 * generation headers that compaction and restore leave in the leaves' {@link HeaderTable}s take every width, and
 * later puts, tombstones, restores, splits and merges work on leaves whose keys partly have headers.
 * Writes are often preceded, as in the store, by {@link RevisionIndex#getForUpdate} of the same array, of an equal
 * copy or of another key, and reads and other writes come in between, so a remembered position that outlives a
 * change of the tree shows.
 *
 * <p>Fixed seeds; {@code -Dmemstore.fuzz.ops=N} sets the total number of operations (default 240,000). A mismatch
 * names the configuration, seed and operation number, lists the operations just before it and gives the
 * {@code -Dmemstore.fuzz.only=config:seed:ops} property that replays exactly that sequence.
 */
class IndexDifferentialTest {
    private static final long TOTAL_OPS = Long.getLong("memstore.fuzz.ops", 240_000);
    private static final byte[] ALPHABET = {0x00, 0x01, 0x61, 0x7f, (byte) 0x80, (byte) 0xff};

    /** One fuzzing set-up: node sizes and how keys look. */
    private record Config(String name, int leafCapacity, int innerCapacity, int keys, KeyShape shape,
                          int compactPercent) {
    }

    private enum KeyShape { SHORT_ALPHABET, HIERARCHICAL, RANDOM_BYTES }

    private static final List<Config> CONFIGS = List.of(
            new Config("tiny nodes, short keys", 4, 3, 120, KeyShape.SHORT_ALPHABET, 2),
            new Config("few keys, long histories", 4, 3, 12, KeyShape.SHORT_ALPHABET, 1),
            new Config("tiny nodes, hierarchical keys", 4, 4, 400, KeyShape.HIERARCHICAL, 2),
            new Config("small leaves, many random keys", 8, 4, 800, KeyShape.RANDOM_BYTES, 2),
            new Config("default nodes, hierarchical keys", BTreeIndex.DEFAULT_LEAF_CAPACITY, 64, 1500,
                    KeyShape.HIERARCHICAL, 2),
            new Config("frequent compaction, mid leaves", 16, 4, 300, KeyShape.RANDOM_BYTES, 10));

    private static final long[] SEEDS = {1, 2, 3, 42, 1234567, 0xC0FFEE};

    @Test
    void btreeIndexMatchesReferenceIndex() {
        String only = System.getProperty("memstore.fuzz.only");
        if (only != null) {
            // config:seed:ops, as printed by a mismatch
            String[] parts = only.split(":");
            new Run(CONFIGS.get(Integer.parseInt(parts[0])), Long.parseLong(parts[1])).execute(Long.parseLong(parts[2]));
            return;
        }
        long perRun = Math.max(1, TOTAL_OPS / (CONFIGS.size() * SEEDS.length));
        long done = 0;
        long compactionsLeavingHeaders = 0;
        long settles = 0;
        for (Config config : CONFIGS) {
            for (long seed : SEEDS) {
                Run run = new Run(config, seed);
                done += run.execute(perRun);
                compactionsLeavingHeaders += run.compactionsLeavingHeaders;
                settles += run.settlesOfLooseLeaves;
            }
        }
        assertThat(done).isEqualTo(perRun * CONFIGS.size() * SEEDS.length);
        assertThat(compactionsLeavingHeaders).as("compactions that left header tables").isGreaterThan(100);
        assertThat(settles).as("settles that packed loose leaves mid-run").isGreaterThan(100);
    }

    /** One seeded sequence against a fresh pair of indexes. */
    private static final class Run {
        private final Config config;
        private final long seed;
        private final SplittableRandom random;
        private final BTreeIndex btree;
        private final ReferenceIndex reference = new ReferenceIndex();
        private final List<byte[]> keys = new ArrayList<>();
        private final ArrayDeque<Supplier<String>> recent = new ArrayDeque<>();
        private final List<Long> writeMains = new ArrayList<>();
        private long main = 1;
        private long sub;
        private long compacted;
        private int compactions;
        private int compactionsLeavingHeaders;
        private int settlesOfLooseLeaves;
        private long op;

        Run(Config config, long seed) {
            this.config = config;
            this.seed = seed;
            this.random = new SplittableRandom(seed);
            this.btree = new BTreeIndex(config.leafCapacity(), config.innerCapacity());
            for (int i = 0; i < config.keys(); i++) {
                keys.add(newKey());
            }
        }

        private byte[] newKey() {
            switch (config.shape()) {
                case SHORT_ALPHABET: {
                    return alphabetBytes(1 + random.nextInt(4));
                }
                case HIERARCHICAL: {
                    String kind = new String[] {"pods", "svc", "cm"}[random.nextInt(3)];
                    String ns = "ns" + random.nextInt(5);
                    byte[] head = ("/registry/" + kind + "/" + ns + "/").getBytes(StandardCharsets.US_ASCII);
                    byte[] name = alphabetBytes(random.nextInt(7));
                    byte[] key = Arrays.copyOf(head, head.length + name.length);
                    System.arraycopy(name, 0, key, head.length, name.length);
                    return key;
                }
                default: {
                    byte[] key = new byte[1 + random.nextInt(12)];
                    for (int i = 0; i < key.length; i++) {
                        key[i] = (byte) random.nextInt(256);
                    }
                    return key;
                }
            }
        }

        private byte[] alphabetBytes(int length) {
            byte[] b = new byte[length];
            for (int i = 0; i < length; i++) {
                b[i] = ALPHABET[random.nextInt(ALPHABET.length)];
            }
            return b;
        }

        private byte[] someKey() {
            return random.nextInt(20) == 0 ? newKey() : keys.get(random.nextInt(keys.size()));
        }

        /** The next packed revision: usually a new transaction, sometimes the next change in the same one. */
        private long nextRevision() {
            int dice = random.nextInt(400);
            if (dice < 100 && sub < Revision.MAX_SUB - 16) {
                // the next change of the transaction; rarely far into a huge one (recreate adds up to 3 more)
                sub = dice == 0 ? Math.min(sub + random.nextLong(1, 1 << 20), Revision.MAX_SUB - 16) : sub + 1;
            } else {
                // the next transaction; rarely one far ahead, so headers get deltas of 30 bits and more
                main += dice == 399 && main < 1L << 36 ? random.nextLong(1, 1 << 30) : 1;
                sub = 0;
            }
            if (writeMains.size() < 64) {
                writeMains.add(main);
            } else {
                writeMains.set(random.nextInt(64), main);
            }
            return Revision.pack(main, sub);
        }

        /** Often around a recent write (revisions jump: a uniform pick would mostly land in a gap), else any. */
        private long someReadRevision() {
            if (random.nextBoolean() && !writeMains.isEmpty()) {
                return Math.max(0, writeMains.get(random.nextInt(writeMains.size())) + random.nextInt(3) - 1);
            }
            return random.nextLong(main + 3);
        }

        long execute(long ops) {
            for (op = 0; op < ops; op++) {
                try {
                    step();
                    if (op % 257 == 0) {
                        btree.checkInvariants();
                    }
                    if (op % 1009 == 0) {
                        assertThat(btree.toString()).as("whole state").isEqualTo(reference.toString());
                    }
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError("index mismatch in '" + config.name() + "', seed " + seed + ", operation #"
                            + op + "; reproduce with -Dtest=IndexDifferentialTest -Dmemstore.fuzz.only="
                            + CONFIGS.indexOf(config) + ":" + seed + ":" + (op + 1)
                            + "\nlast operations, newest last:\n  " + String.join("\n  ",
                            recent.stream().map(Supplier::get).toList()), e);
                }
            }
            btree.checkInvariants();
            assertThat(btree.toString()).isEqualTo(reference.toString());
            return ops;
        }

        /** Remembers a description of the operation, built only if a mismatch is reported. */
        private void log(Supplier<String> what) {
            if (recent.size() == 25) {
                recent.removeFirst();
            }
            long n = op;
            recent.addLast(() -> "#" + n + " " + what.get());
        }

        private void step() {
            int kind = random.nextInt(100);
            if (kind < 28) {
                write(someKey(), false);
            } else if (kind < 37) {
                write(someKey(), true);
            } else if (kind < 39) {
                recreateInOneTransaction();
            } else if (kind < 44) {
                restore();
            } else if (kind < 46) {
                stalePut();
            } else if (kind < 61) {
                byte[] key = someKey();
                long at = someReadRevision();
                if (random.nextInt(4) == 0) {
                    log(() -> "getForUpdate " + hex(key) + " at " + at);
                    same("getForUpdate", btree.getForUpdate(key, at), reference.getForUpdate(key, at));
                } else {
                    log(() -> "get " + hex(key) + " at " + at);
                    same("get", btree.get(key, at), reference.get(key, at));
                }
            } else if (kind < 79) {
                range();
            } else if (kind < 85) {
                byte[] key = someKey();
                long at = someReadRevision();
                log(() -> "since " + hex(key) + " at " + at);
                same("since", btree.since(key, at), reference.since(key, at));
            } else if (kind < 88) {
                long at = someCompactionRevision();
                log(() -> "keep " + at);
                same("keep", btree.keep(at), reference.keep(at));
            } else if (kind < 88 + config.compactPercent()) {
                compact();
            } else {
                if (random.nextInt(3) == 0) {
                    // packs the loose leaves as a store's flush does: every answer must stay the same
                    log(() -> "settle");
                    if (btree.looseLeafCount() > 0) {
                        settlesOfLooseLeaves++;
                    }
                    btree.settle();
                }
                byte[] key = someKey();
                log(() -> "describe " + hex(key));
                checkKey(key);
            }
            same("keyCount", btree.keyCount(), reference.keyCount());
            if (op % 16 == 0) {
                same("revisionCount", btree.revisionCount(), reference.revisionCount()); // O(keys) in the reference
            }
        }

        private void write(byte[] key, boolean tombstone) {
            maybeLookUpForUpdate(key);
            writeOnly(key, tombstone);
        }

        private void writeOnly(byte[] key, boolean tombstone) {
            long rev = nextRevision();
            log(() -> (tombstone ? "tombstone " : "put ") + hex(key) + " at " + Revision.toString(rev));
            both(() -> {
                if (tombstone) {
                    btree.tombstone(key, rev);
                } else {
                    btree.put(key, rev);
                }
            }, () -> {
                if (tombstone) {
                    reference.tombstone(key, rev);
                } else {
                    reference.put(key, rev);
                }
            });
            checkKey(key);
        }

        /** Delete and put again (and maybe delete again) in one transaction, as a txn with DeleteRange + Put does. */
        private void recreateInOneTransaction() {
            byte[] key = keys.get(random.nextInt(keys.size()));
            write(key, false);
            sub++;
            long rev = Revision.pack(main, sub);
            log(() -> "tombstone " + hex(key) + " at " + Revision.toString(rev));
            both(() -> btree.tombstone(key, rev), () -> reference.tombstone(key, rev));
            sub++;
            long again = Revision.pack(main, sub);
            maybeLookUpForUpdate(key);
            log(() -> "put " + hex(key) + " at " + Revision.toString(again));
            both(() -> btree.put(key, again), () -> reference.put(key, again));
            if (random.nextBoolean()) {
                sub++;
                long last = Revision.pack(main, sub);
                log(() -> "tombstone " + hex(key) + " at " + Revision.toString(last));
                both(() -> btree.tombstone(key, last), () -> reference.tombstone(key, last));
            }
            checkKey(key);
        }

        private void restore() {
            byte[] key = someKey();
            long rev = nextRevision();
            long createMain = random.nextLong(main + 1);
            long createSub = switch (random.nextInt(4)) {
                case 0 -> random.nextBoolean() ? 2047 + random.nextLong(3) : Revision.MAX_SUB - random.nextLong(3);
                case 1 -> random.nextLong(5000);
                default -> random.nextLong(3);
            };
            long created = Math.min(Revision.pack(createMain, createSub), rev);
            long version = switch (random.nextInt(5)) {
                case 0 -> 1;
                case 1 -> 1 + random.nextLong(5);
                case 2 -> 2046 + random.nextLong(4);
                case 3 -> random.nextBoolean() ? 1000 + random.nextLong(3000)
                        : BTreeIndex.MAX_VERSION - random.nextLong(3);
                default -> 1 + random.nextLong(1L << 40);
            };
            if (reference.describe(key) != null && random.nextInt(6) == 0) {
                // an inconsistent record on a key both indexes hold: both must refuse it and change nothing
                created = rev + 1;
            }
            long c = created;
            maybeLookUpForUpdate(key);
            log(() -> "restore " + hex(key) + " created " + Revision.toString(c) + " at " + Revision.toString(rev)
                    + " version " + version);
            both(() -> btree.restore(key, c, rev, version), () -> reference.restore(key, c, rev, version));
            checkKey(key);
        }

        /**
         * A put at or below the key's last change: both must refuse it. Only on keys both hold: for a new key the
         * reference leaves an empty entry behind when it refuses (see BTreeIndexTest).
         */
        private void stalePut() {
            byte[] key = keys.get(random.nextInt(keys.size()));
            if (reference.describe(key) == null) {
                return;
            }
            long rev = Revision.pack(Math.max(0, main - random.nextInt(3)), 0);
            maybeLookUpForUpdate(key);
            log(() -> "stale put " + hex(key) + " at " + Revision.toString(rev));
            both(() -> btree.put(key, rev), () -> reference.put(key, rev));
            checkKey(key);
        }

        /**
         * Before a write of {@code key}, usually what the store does (getForUpdate of the very array), else nothing,
         * an equal copy (must not count as the same key's position) or another key (the write must not use it).
         */
        private void maybeLookUpForUpdate(byte[] key) {
            int how = random.nextInt(8);
            if (how >= 5) {
                return;
            }
            byte[] looked = how <= 2 ? key : how == 3 ? key.clone() : someKey();
            long at = random.nextInt(4) == 0 ? someReadRevision() : main;
            log(() -> "getForUpdate " + (looked == key ? "(same array) " : "") + hex(looked) + " at " + at);
            same("getForUpdate", btree.getForUpdate(looked, at), reference.getForUpdate(looked, at));
        }

        private void range() {
            byte[] key = random.nextInt(5) == 0 ? alphabetBytes(random.nextInt(3)) : someKey();
            byte[] end = switch (random.nextInt(6)) {
                case 0 -> key.length == 0 ? new byte[0] : null;
                case 1 -> new byte[0];
                case 2 -> alphabetBytes(1 + random.nextInt(3));
                default -> someKey();
            };
            long at = someReadRevision();
            int limit = random.nextInt(3) == 0 ? 0 : random.nextInt(6) - 1;
            boolean countTotal = random.nextBoolean();
            log(() -> "range [" + hex(key) + ", " + (end == null ? "null" : hex(end)) + ") at " + at + " limit "
                    + limit + (countTotal ? " countTotal" : ""));
            IndexRange got = btree.range(key, end, at, limit, countTotal);
            IndexRange want = reference.range(key, end, at, limit, countTotal);
            same("range keys", got.keys().toArray(new byte[0][]), want.keys().toArray(new byte[0][]));
            same("range revisions", got.revisions(), want.revisions());
            same("range total", got.total(), want.total());
            same("range more", got.more(), want.more());
            same("revisions", btree.revisions(key, end, at, limit), reference.revisions(key, end, at, limit));
            same("count", btree.count(key, end, at), reference.count(key, end, at));
        }

        /** Often the main revision of a recent write (a tombstone there is the interesting case), else any. */
        private long someCompactionRevision() {
            if (random.nextBoolean() && !writeMains.isEmpty()) {
                return writeMains.get(random.nextInt(writeMains.size()));
            }
            // mostly forward, as a store compacts; sometimes at an older revision, which must still agree
            return random.nextInt(4) == 0 ? random.nextLong(main + 1)
                    : compacted + random.nextLong(Math.max(1, main - compacted + 1));
        }

        private void compact() {
            long at = someCompactionRevision();
            compacted = Math.max(compacted, at);
            // sometimes a position looked up before the compaction, which moves keys, and a write of that key after
            byte[] next = random.nextBoolean() ? keys.get(random.nextInt(keys.size())) : null;
            if (next != null) {
                log(() -> "getForUpdate (same array) " + hex(next) + " at " + main);
                same("getForUpdate", btree.getForUpdate(next, main), reference.getForUpdate(next, main));
            }
            log(() -> "compact " + at);
            same("kept revisions", btree.compact(at), reference.compact(at));
            if (next != null) {
                writeOnly(next, reference.get(next, main) != null && random.nextBoolean());
            }
            same("revisionCount", btree.revisionCount(), reference.revisionCount());
            if (btree.storedHeaderWords() > 0) {
                compactionsLeavingHeaders++;
            }
            if (++compactions % 3 == 0) {
                btree.checkInvariants(); // compaction merges leaves and rebuilds the inner levels
            }
        }

        private void checkKey(byte[] key) {
            same("history of " + hex(key), btree.describe(key), reference.describe(key));
        }

        /** Cheap equality on the hot path; AssertJ only to describe a mismatch. */
        private static void same(String what, Object got, Object want) {
            if (!Objects.deepEquals(got, want)) {
                assertThat(got).as(what).isEqualTo(want);
                throw new AssertionError(what + ": " + got + " != " + want);
            }
        }

        /** Runs both sides: both must succeed, or both throw the same exception type. */
        private static void both(Runnable btreeSide, Runnable referenceSide) {
            RuntimeException ea = null;
            RuntimeException eb = null;
            try {
                btreeSide.run();
            } catch (RuntimeException e) {
                ea = e;
            }
            try {
                referenceSide.run();
            } catch (RuntimeException e) {
                eb = e;
            }
            if (ea != null || eb != null) {
                assertThat(ea == null ? null : ea.getClass()).as("exception (btree: %s, reference: %s)", ea, eb)
                        .isEqualTo(eb == null ? null : eb.getClass());
            }
        }

        private static String hex(byte[] key) {
            return HexFormat.of().formatHex(key);
        }
    }
}
