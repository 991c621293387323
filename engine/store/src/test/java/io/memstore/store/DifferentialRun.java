package io.memstore.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Runs {@link FuzzOp}s against a store and against {@link StoreModel} side by side and reports the first answer
 * in which they differ (errors included: both must fail with the same store exception). Operations come either
 * from a seeded generator that looks at the model's state (revisions to read at, compaction targets) or from a
 * given list, for replaying and shrinking. Every operation run is recorded.
 *
 * <p>Crashes are simulated by copying the database and its log while the store is open, which equals a kill
 * only when no other thread writes the files meanwhile: FULL and NORMAL, and DEFERRED without automatic
 * flushes ({@link #copiesAreCrashes}). The copy must hold every commit (FULL, NORMAL) or exactly the commits up
 * to the last flush (DEFERRED); the run goes on with the copy when it holds everything, else with the store.
 */
final class DifferentialRun implements AutoCloseable {
    /** Bytes that stress unsigned ordering: 0x00, 0x7f/0x80 and 0xff around the ASCII letters. */
    private static final byte[] ALPHABET = {0x00, 0x01, 'a', 'b', 'c', 0x7f, (byte) 0x80, (byte) 0xff};

    private final StoreOptions options;
    private final Path dir;
    private final String name;
    private final boolean crashes;
    private final StoreModel model = new StoreModel();
    private final List<FuzzOp> done = new ArrayList<>();
    private Path file;
    private MvccStore store;
    private int files;
    /** The newest revision that is in the file for sure (DEFERRED: flushed). */
    private long durable;

    DifferentialRun(StoreOptions options, Path dir, String name) {
        this.options = options;
        this.dir = dir;
        this.name = name;
        this.crashes = copiesAreCrashes(options);
        this.file = newFile();
        this.store = MvccStore.open(file, options);
    }

    static boolean copiesAreCrashes(StoreOptions o) {
        return o.durability() != Durability.DEFERRED || (o.batchLimit() == StoreOptions.MAX_BATCH_LIMIT
                && o.batchInterval().compareTo(Duration.ofMinutes(10)) >= 0);
    }

    /** The operations run so far, the failing one last when {@link #run} reported a mismatch. */
    List<FuzzOp> done() {
        return done;
    }

    /** Generates and runs {@code ops} operations from {@code seed}; returns the first mismatch, or null. */
    String generate(long seed, int ops) {
        Generator g = new Generator(new Random(seed));
        for (int i = 0; i < ops; i++) {
            String m = run(g.next());
            if (m != null) {
                return m;
            }
        }
        return finish();
    }

    /** Runs the given operations; returns the first mismatch, or null. */
    String replay(List<FuzzOp> ops) {
        for (FuzzOp op : ops) {
            String m = run(op);
            if (m != null) {
                return m;
            }
        }
        return finish();
    }

    /** A final reopen, then every revision from the compacted one to the current one. */
    private String finish() {
        String m = run(new FuzzOp.Reopen());
        if (m != null) {
            return m;
        }
        for (long rev = model.compactedRevision(); rev <= model.currentRevision(); rev++) {
            long r = rev;
            m = same("everything at " + rev + " at the end", () -> StoreTestSupport.all(store, r),
                    () -> model.range(new byte[0], new byte[0], RangeOptions.atRevision(r)));
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    /** Runs one operation on both sides; returns a description of the difference, or null. */
    String run(FuzzOp op) {
        done.add(op);
        String what = "operation " + (done.size() - 1) + ": " + op;
        if (op instanceof FuzzOp.Put p) {
            return same(what, () -> store.put(p.key(), p.value()),
                    () -> model.apply(List.of(StoreModel.Op.put(p.key(), p.value()))).get(0), true);
        } else if (op instanceof FuzzOp.Delete d) {
            return same(what, () -> store.deleteRange(d.key(), d.end()),
                    () -> { model.apply(List.of(StoreModel.Op.delete(d.key(), d.end()))); return model.currentRevision(); }, true);
        } else if (op instanceof FuzzOp.Txn t) {
            return txn(what, t);
        } else if (op instanceof FuzzOp.Range r) {
            return same(what, () -> store.range(r.key(), r.end(), r.options()), () -> model.range(r.key(), r.end(), r.options()));
        } else if (op instanceof FuzzOp.Get g) {
            return same(what, () -> store.get(g.key(), g.rev()),
                    () -> first(model.range(g.key(), null, RangeOptions.atRevision(g.rev()))));
        } else if (op instanceof FuzzOp.Compact c) {
            long before = store.compactedRevision();
            String m = same(what, () -> { store.compact(c.rev()); return store.compactedRevision(); },
                    () -> { model.compact(c.rev()); return model.compactedRevision(); });
            if (before < c.rev() && store.compactedRevision() == c.rev()) {
                durable = Math.max(durable, store.currentRevision()); // a compaction that ran flushed first
            }
            return m;
        } else if (op instanceof FuzzOp.Flush) {
            store.flush();
            durable = store.currentRevision();
            return null;
        } else if (op instanceof FuzzOp.Reopen) {
            return reopen(what);
        } else if (op instanceof FuzzOp.Crash) {
            return crash(what);
        } else {
            return same(what, () -> store.currentRevision(), model::currentRevision);
        }
    }

    private String txn(String what, FuzzOp.Txn t) {
        long before = store.currentRevision();
        List<Object> results = new ArrayList<>();
        try (WriteTxn txn = store.write()) {
            for (StoreModel.Op o : t.ops()) {
                results.add(outcome(() -> o.value() != null ? txn.put(o.key(), o.value()) : txn.deleteRange(o.key(), o.end())));
            }
            if (t.commit()) {
                results.add(outcome(txn::commit));
            }
        }
        if (!t.commit()) {
            return check(what + " (rolled back)", store.currentRevision(), before);
        }
        List<Object> expected = new ArrayList<>(model.apply(t.ops()));
        expected.add(model.currentRevision());
        noteCommit();
        return check(what, results, expected);
    }

    private String reopen(String what) {
        store.close();
        durable = model.currentRevision();
        store = MvccStore.open(file, options);
        String m = same(what + ": revisions after reopen", () -> List.of(store.currentRevision(), store.compactedRevision()),
                () -> List.of(model.currentRevision(), model.compactedRevision()));
        long lo = model.compactedRevision();
        long hi = model.currentRevision();
        for (long rev : new long[] {lo, lo + (hi - lo) / 2, hi}) {
            if (m == null) {
                m = same(what + ": everything at " + rev + " after reopen", () -> StoreTestSupport.all(store, rev),
                        () -> model.range(new byte[0], new byte[0], RangeOptions.atRevision(rev)));
            }
        }
        return m;
    }

    /** Opens a crash copy, checks what survived, and goes on with the copy when it holds every commit. */
    private String crash(String what) {
        if (!crashes) {
            return null; // a copy would race with the background flushes: not a crash
        }
        Path copy = StoreTestSupport.crashCopy(file, dir);
        MvccStore after = MvccStore.open(copy, options);
        long expected = options.durability() == Durability.DEFERRED ? durable : model.currentRevision();
        String m = check(what + ": revision of what the crash left", after.currentRevision(), expected);
        if (m == null) {
            m = check(what + ": compacted revision of what the crash left", after.compactedRevision(),
                    model.compactedRevision());
        }
        for (long rev = Math.max(model.compactedRevision(), expected - 3); m == null && rev <= expected; rev++) {
            long r = rev;
            // the keys only: the header revision of the copy is its own current revision
            m = same(what + ": everything at " + rev + " in what the crash left", () -> StoreTestSupport.all(after, r).kvs(),
                    () -> model.range(new byte[0], new byte[0], RangeOptions.atRevision(r)).kvs());
        }
        if (m == null && expected == model.currentRevision()) {
            store.close();
            delete(file);
            store = after;
            file = copy;
        } else {
            after.close();
            delete(copy);
        }
        return m;
    }

    private void noteCommit() {
        if (options.durability() != Durability.DEFERRED) {
            durable = model.currentRevision();
        }
    }

    private String same(String what, Supplier<?> actual, Supplier<?> expected, boolean commits) {
        String m = same(what, actual, expected);
        if (commits) {
            noteCommit();
        }
        return m;
    }

    private static String same(String what, Supplier<?> actual, Supplier<?> expected) {
        return check(what, outcome(actual), outcome(expected));
    }

    private static String check(String what, Object actual, Object expected) {
        return Objects.equals(actual, expected) ? null : what + "\n    store: " + actual + "\n    model: " + expected;
    }

    private static Object outcome(Supplier<?> s) {
        try {
            return s.get();
        } catch (StoreException e) {
            return e.getClass().getSimpleName();
        }
    }

    private static KeyValue first(RangeResult r) {
        return r.kvs().isEmpty() ? null : r.kvs().get(0);
    }

    private Path newFile() {
        return dir.resolve(name + "-" + files++ + ".db");
    }

    /** Closes the store and removes its files. */
    @Override
    public void close() {
        store.close();
        delete(file);
    }

    private static void delete(Path f) {
        try {
            for (String suffix : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(f.resolveSibling(f.getFileName() + suffix));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Random operations over a small key set, looking at the model's revisions. */
    private final class Generator {
        final Random rnd;
        final List<byte[]> keys = new ArrayList<>();

        Generator(Random rnd) {
            this.rnd = rnd;
            int n = 20 + rnd.nextInt(60);
            for (int i = 0; i < n; i++) {
                keys.add(randomBytes(1 + rnd.nextInt(4)));
            }
        }

        FuzzOp next() {
            int dice = rnd.nextInt(1000);
            if (dice < 300) {
                return new FuzzOp.Put(key(), value());
            } else if (dice < 380) {
                StoreModel.Op d = deletion();
                return new FuzzOp.Delete(d.key(), d.end());
            } else if (dice < 500) {
                List<StoreModel.Op> ops = new ArrayList<>();
                for (int i = 1 + rnd.nextInt(6); i > 0; i--) {
                    ops.add(rnd.nextInt(3) == 0 ? deletion() : StoreModel.Op.put(key(), value()));
                }
                return new FuzzOp.Txn(ops, rnd.nextInt(6) != 0);
            } else if (dice < 870) {
                return range();
            } else if (dice < 900) {
                return new FuzzOp.Get(key(), revision());
            } else if (dice < 906) {
                return new FuzzOp.Compact(compaction());
            } else if (dice < 910) {
                return new FuzzOp.Flush();
            } else if (dice < 911) {
                return new FuzzOp.Reopen();
            } else if (dice < 913) {
                return new FuzzOp.Crash();
            }
            return new FuzzOp.CurrentRevision();
        }

        FuzzOp range() {
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
            return new FuzzOp.Range(k, end, o);
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
    }
}
