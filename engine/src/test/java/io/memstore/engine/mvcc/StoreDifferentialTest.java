package io.memstore.engine.mvcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random sequences of puts, range deletes, transactions (committed and rolled back), reads at random
 * revisions, compactions, flushes and reopens, run against the store and against {@link StoreModel}; every
 * answer, error included, must be the same. Fixed seeds total 100,000 operations; {@code -Dmemstore.fuzz.ops=N}
 * runs N operations per seed. A mismatch names the seed and the operation number.
 */
class StoreDifferentialTest {
    private static final int OPS_PER_SEED = Integer.getInteger("memstore.fuzz.ops", 25_000);
    /** Bytes that stress unsigned ordering: 0x00, 0x7f/0x80 and 0xff around the ASCII letters. */
    private static final byte[] ALPHABET = {0x00, 0x01, 'a', 'b', 'c', 0x7f, (byte) 0x80, (byte) 0xff};

    @TempDir
    Path dir;

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of(1L, StoreOptions.defaults().durability(Durability.DEFERRED).batchLimit(7)),
                Arguments.of(2L, StoreOptions.defaults().durability(Durability.DEFERRED)
                        .batchInterval(Duration.ofMillis(5))),
                Arguments.of(3L, StoreOptions.defaults().durability(Durability.NORMAL)),
                Arguments.of(4L, StoreOptions.defaults().durability(Durability.DEFERRED).batchLimit(100)
                        .readConnections(1)));
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("runs")
    void storeAnswersLikeTheModel(long seed, StoreOptions options) {
        new Run(seed, options, dir.resolve("fuzz-" + seed + ".db")).run(OPS_PER_SEED);
    }

    private static final class Run {
        final long seed;
        final Random rnd;
        final StoreOptions options;
        final Path file;
        final List<byte[]> keys = new ArrayList<>();
        final StoreModel model = new StoreModel();
        MvccStore store;
        int op;

        Run(long seed, StoreOptions options, Path file) {
            this.seed = seed;
            this.rnd = new Random(seed);
            this.options = options;
            this.file = file;
            int n = 20 + rnd.nextInt(60);
            for (int i = 0; i < n; i++) {
                keys.add(randomBytes(1 + rnd.nextInt(4)));
            }
        }

        void run(int ops) {
            store = MvccStore.open(file, options);
            try {
                for (op = 0; op < ops; op++) {
                    step();
                }
                reopen();
                checkAllRevisions();
            } finally {
                store.close();
            }
        }

        void step() {
            int dice = rnd.nextInt(1000);
            if (dice < 300) {
                byte[] k = key();
                byte[] v = value();
                same("put " + KeyValue.printable(k), () -> store.put(k, v), () -> model.apply(List.of(StoreModel.Op.put(k, v))).get(0));
            } else if (dice < 380) {
                StoreModel.Op d = deletion();
                same(d.toString(), () -> store.deleteRange(d.key(), d.end()),
                        () -> { model.apply(List.of(d)); return model.currentRevision(); });
            } else if (dice < 500) {
                txn();
            } else if (dice < 870) {
                read();
            } else if (dice < 900) {
                byte[] k = key();
                long rev = revision();
                same("get " + KeyValue.printable(k) + " at " + rev, () -> store.get(k, rev), () -> first(model.range(k, null, RangeOptions.atRevision(rev))));
            } else if (dice < 906) {
                long rev = compaction();
                same("compact " + rev, () -> { store.compact(rev); return store.compactedRevision(); },
                        () -> { model.compact(rev); return model.compactedRevision(); });
            } else if (dice < 910) {
                store.flush();
            } else if (dice < 911) {
                reopen();
            } else {
                same("current revision", () -> store.currentRevision(), () -> model.currentRevision());
            }
        }

        void txn() {
            List<StoreModel.Op> ops = new ArrayList<>();
            for (int i = 1 + rnd.nextInt(6); i > 0; i--) {
                ops.add(rnd.nextInt(3) == 0 ? deletion() : StoreModel.Op.put(key(), value()));
            }
            boolean commit = rnd.nextInt(6) != 0;
            long before = store.currentRevision();
            List<Long> results = new ArrayList<>();
            try (WriteTxn txn = store.write()) {
                for (StoreModel.Op o : ops) {
                    results.add(o.value() != null ? txn.put(o.key(), o.value()) : txn.deleteRange(o.key(), o.end()));
                }
                if (commit) {
                    results.add(txn.commit());
                }
            }
            if (commit) {
                List<Long> expected = new ArrayList<>(model.apply(ops));
                expected.add(model.currentRevision());
                check("txn " + ops, results, expected);
            } else {
                check("rolled back txn " + ops, store.currentRevision(), before);
            }
        }

        void read() {
            byte[] k;
            byte[] end;
            switch (rnd.nextInt(4)) {
                case 0 -> { k = key(); end = null; }
                case 1 -> { k = key(); end = new byte[0]; }
                case 2 -> { k = new byte[0]; end = new byte[0]; }
                default -> { k = key(); end = key(); }
            }
            RangeOptions o = rnd.nextInt(4) == 0 ? RangeOptions.latest() : RangeOptions.atRevision(revision());
            if (rnd.nextBoolean()) {
                o = o.limit(rnd.nextInt(6));
            }
            if (rnd.nextBoolean()) {
                o = o.countTotal();
            }
            RangeOptions opts = o;
            same("range " + KeyValue.printable(k) + ".." + (end == null ? "null" : KeyValue.printable(end)) + " " + opts,
                    () -> store.range(k, end, opts), () -> model.range(k, end, opts));
        }

        void reopen() {
            store.close();
            store = MvccStore.open(file, options);
            same("revisions after reopen", () -> List.of(store.currentRevision(), store.compactedRevision()),
                    () -> List.of(model.currentRevision(), model.compactedRevision()));
            for (int i = 0; i < 20; i++) {
                long rev = model.compactedRevision()
                        + (long) (rnd.nextDouble() * (model.currentRevision() - model.compactedRevision() + 1));
                same("everything at " + rev + " after reopen", () -> StoreTestSupport.all(store, rev),
                        () -> model.range(new byte[0], new byte[0], RangeOptions.atRevision(rev)));
            }
        }

        void checkAllRevisions() {
            for (long rev = model.compactedRevision(); rev <= model.currentRevision(); rev++) {
                long r = rev;
                same("everything at " + rev + " at the end", () -> StoreTestSupport.all(store, r),
                        () -> model.range(new byte[0], new byte[0], RangeOptions.atRevision(r)));
            }
        }

        /** A revision to read at: mostly readable ones, sometimes just compacted or in the future. */
        long revision() {
            long lo = model.compactedRevision();
            long hi = model.currentRevision();
            int d = rnd.nextInt(20);
            if (d == 0 && lo > 0) {
                return lo - 1 - rnd.nextInt((int) Math.min(lo, 5));
            }
            if (d == 1) {
                return hi + 1 + rnd.nextInt(3);
            }
            if (d < 8) {
                return Math.max(lo, hi - rnd.nextInt(5)); // recent revisions: often still buffered
            }
            return lo + (long) (rnd.nextDouble() * (hi - lo + 1));
        }

        /** A compaction target: mostly valid and small steps, sometimes invalid. */
        long compaction() {
            long lo = model.compactedRevision();
            long hi = model.currentRevision();
            int d = rnd.nextInt(10);
            if (d == 0) {
                return lo - rnd.nextInt(2);
            }
            if (d == 1) {
                return hi + 1;
            }
            return hi <= lo ? hi + 1 : lo + 1 + (long) (rnd.nextDouble() * Math.min(hi - lo, 200));
        }

        StoreModel.Op deletion() {
            return switch (rnd.nextInt(8)) {
                case 0 -> StoreModel.Op.delete(key(), new byte[0]);
                case 1, 2 -> StoreModel.Op.delete(key(), key());
                default -> StoreModel.Op.delete(key(), null);
            };
        }

        byte[] key() {
            return rnd.nextInt(30) == 0 ? randomBytes(1 + rnd.nextInt(5)) : keys.get(rnd.nextInt(keys.size()));
        }

        byte[] value() {
            if (rnd.nextInt(200) == 0) {
                return randomBytes(2000 + rnd.nextInt(3000));
            }
            return randomBytes(rnd.nextInt(12));
        }

        byte[] randomBytes(int n) {
            byte[] b = new byte[n];
            for (int i = 0; i < n; i++) {
                b[i] = ALPHABET[rnd.nextInt(ALPHABET.length)];
            }
            return b;
        }

        static KeyValue first(RangeResult r) {
            return r.kvs().isEmpty() ? null : r.kvs().get(0);
        }

        /** Both sides give the same answer, or both fail with the same store exception. */
        void same(String what, Supplier<?> actual, Supplier<?> expected) {
            check(what, outcome(actual), outcome(expected));
        }

        void check(String what, Object actual, Object expected) {
            if (!Objects.equals(actual, expected)) {
                assertThat(actual).as("seed %d, operation %d: %s (rerun: -Dtest=StoreDifferentialTest"
                        + " -Dmemstore.fuzz.ops=%d)", seed, op, what, op + 1).isEqualTo(expected);
            }
        }

        static Object outcome(Supplier<?> s) {
            try {
                return s.get();
            } catch (StoreException e) {
                return e.getClass().getSimpleName();
            }
        }
    }
}
