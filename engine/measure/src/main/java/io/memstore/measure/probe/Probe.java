package io.memstore.measure.probe;

import io.memstore.store.Revision;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;

import java.lang.ref.Reference;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Measures one row, once, in this JVM, which must be fresh (nothing else built before) and should run with
 * {@link ProbeJvm#flags}. The steps, in order:
 * <ol>
 *   <li>create the empty target (index, store over a new SQLite file, or another system's store), then the
 *       baseline in the {@link SettledState settled state}: JIT quiet and the chunk pools' cleaning, the target's own
 *       settling ({@link LoadTarget#settle}: a server's collections), full collections, heap in use, freed native
 *       memory returned, RSS (of the process that holds the data: {@link LoadTarget#memory}); then, when the parent
 *       takes turns ({@link ProbeTurns}), the wait for its go (the previous run ended);</li>
 *   <li>the leases granted and the watchers opened, if the row has them (after the baseline, so their cost
 *       counts in the row's readings);</li>
 *   <li>build: {@code versions} round-robin passes of puts over keys 0..N-1 (the leased share of keys with
 *       their lease, {@link LeasePlan}), then the deleted share of keys ({@link DeletionPlan}), compacting every
 *       N writes at the revision N back for {@code compact: every N}, then a compaction at the last revision if
 *       asked, then a flush (for a store, with its write-ahead log checkpointed), then the wait until the
 *       watchers delivered an event for every write;</li>
 *   <li>the loading thread's allocated bytes over the build (garbage included);</li>
 *   <li>settled again: JIT quiet and the chunk pools' cleaning, the target's settling, full collections (live heap
 *       minus baseline, with the target kept reachable), freed native memory returned;</li>
 *   <li>RSS from /proc (after the collections, so freed young-generation garbage is not mistaken for
 *       data; the peak, VmHWM, covers the build and is reported apart);</li>
 *   <li>timed gets over a sample of live keys, made after every memory reading so the sample is not
 *       counted (when the parent takes turns, after the next run's probe has started);</li>
 *   <li>a store's reopen: closed, then opened again from its file with the same options, timed
 *       ({@link LoadTarget#timedReopen});</li>
 *   <li>a new, empty target of the row opened beside the loaded one, and the class histogram of both
 *       ({@link Accounting}), after every figure above so none moves (of a store that reopens, the reopened
 *       one);</li>
 *   <li>with the loaded target closed, the row's account ({@link Accounting}): that histogram against the empty
 *       target's alone, which stands for the baseline's, and the native memory the JVM tracks, read before the
 *       baseline's settling and beside the RSS after the load; then the empty target is closed.</li>
 * </ol>
 * Keys and values are generated per put from (seed, i) ({@link KeyGenerator}, {@link ValueGenerator}), so
 * the probe itself holds O(1) state next to the target.
 */
public final class Probe {
    /** Keys in the get sample at most: 64 Ki arrays, a few MB, allocated after the heap reading. */
    static final int GET_SAMPLE = 1 << 16;
    private static final long SAMPLE_STREAM = 0x47455453L; // "GETS"
    /** The directory, inside the row's, of the empty target whose histogram stands for the baseline's. */
    static final String EMPTY_TARGET_DIR = "account-empty";

    private final ProbeArgs args;
    private final Consumer<String> phase;
    private final ProbeTurns turns;
    private RowAccount account;
    private Accounting accounting;

    /**
     * @param phase told of each step, for progress messages
     */
    public Probe(ProbeArgs args, Consumer<String> phase) {
        this(args, phase, ProbeTurns.none());
    }

    /**
     * @param phase told of each step, for progress messages
     * @param turns the turns this run takes with the next run's probe ({@link ProbeTurns})
     */
    public Probe(ProbeArgs args, Consumer<String> phase, ProbeTurns turns) {
        this.args = args;
        this.phase = phase;
        this.turns = turns;
    }

    /**
     * Runs the measurement and returns the metrics in a stable order ({@link Metrics} names; null = unavailable).
     *
     * @throws IllegalArgumentException when the row cannot be built (bad sizes or counts), naming the field
     */
    public Map<String, Number> run() {
        RowParams p = args.row().params();
        checkRanges(p);
        KeyGenerator keys = KeyGenerator.of(p.keyPattern(), p.keySize(), p.seed(), p.keys());
        ValueGenerator values = p.storesValues() ? new ValueGenerator(p.seed(), p.valueSize(), p.valueSizeMax())
                : new ValueGenerator(p.seed(), 0);
        LeasePlan leases = new LeasePlan(p.leasedKeys(), p.leases());
        DeletionPlan deletions = new DeletionPlan(p.keys(), p.deletes());
        Map<String, Number> m = new LinkedHashMap<>();
        try {
            measure(p, keys, values, leases, deletions, m);
            // the loaded target is closed and its frame gone: what the empty one holds stands for the baseline
            phase.accept("class account");
            Number rssGrowth = m.get(Metrics.PROCESS_RSS_GROWTH);
            account = accounting.finish(p.keys(), m.get(Metrics.INDEX_LIVE_HEAP).longValue(),
                    rssGrowth == null ? null : rssGrowth.longValue());
        } finally {
            if (accounting != null) {
                accounting.closeEmptyTarget();
            }
            FileTrees.deleteQuietly(args.dataDir().resolve(EMPTY_TARGET_DIR));
        }
        m.put(Metrics.INDEX_OVERHEAD_PER_KEY, overheadPerKey(p, account.classes(),
                m.get(Metrics.INDEX_LIVE_HEAP).longValue(), deletions.count()));
        // the generators the baseline already held stay reachable through every reading, the account's included
        Reference.reachabilityFence(keys);
        Reference.reachabilityFence(values);
        return m;
    }

    /** Every reading of the row but the account's last, which {@link #accounting} keeps. */
    private void measure(RowParams p, KeyGenerator keys, ValueGenerator values, LeasePlan leases,
                         DeletionPlan deletions, Map<String, Number> m) {
        try (LoadTarget target = Targets.open(p, args.dataDir())) {
            phase.accept("baseline");
            // once before the heap reading: what it loads belongs to the baseline
            SettledState.trimNativeHeap();
            target.memory();
            accounting = Accounting.start(args.output().toAbsolutePath().getParent(), target.inThisJvm());
            SettledState.settle(SettledState.settleMillis(), turns::quiet);
            target.settle();
            long baselineHeap = target.heapInUse();
            m.put(Metrics.JVM_BASELINE_HEAP, baselineHeap);
            m.put(Metrics.JVM_MAX_HEAP, HeapMeter.maxHeap());
            m.put(Metrics.JVM_VERSION, Runtime.version().feature());
            boolean trimmed = SettledState.trimNativeHeap();
            ProcMemory baseline = target.memory();
            m.put(Metrics.JVM_BASELINE_RSS, baseline.rss());
            turns.ready();

            if (p.leases() > 0) {
                phase.accept("granting " + p.leases() + " leases");
                target.grantLeases(p.leases());
            }
            if (p.watchers() > 0) {
                phase.accept("opening " + p.watchers() + " watchers");
                target.watch(WatchRanges.starts(keys, p.keys(), p.watchers()));
            }

            phase.accept("loading");
            Long allocatedBefore = HeapMeter.threadAllocatedBytes();
            long start = System.nanoTime();
            Writes writes = new Writes(target, p.compactEvery());
            long puts = load(p, keys, values, leases, writes);
            long putsDone = System.nanoTime();
            long deleted = 0;
            for (long i = 0; i < p.keys() && deletions.count() > 0; i++) {
                if (deletions.isDeleted(i)) {
                    target.delete(keys.key(i));
                    writes.wrote();
                    deleted++;
                }
            }
            Double compactSeconds = null;
            if (p.compact()) {
                phase.accept("compacting");
                long c = System.nanoTime();
                target.compact();
                compactSeconds = seconds(System.nanoTime() - c);
            }
            target.flush();
            if (p.watchers() > 0) {
                phase.accept("waiting for the watchers' events");
                m.put(Metrics.WATCH_EVENTS, target.awaitWatchEvents(puts + deleted));
            }
            long end = System.nanoTime();
            Long allocatedAfter = HeapMeter.threadAllocatedBytes();

            m.put(Metrics.LOAD_PUTS, puts);
            m.put(Metrics.LOAD_DELETES, deleted);
            m.put(Metrics.LOAD_SECONDS, seconds(end - start));
            m.put(Metrics.LOAD_PUTS_PER_SECOND, puts / Math.max(1e-9, seconds(putsDone - start)));
            m.put(Metrics.COMPACT_SECONDS, compactSeconds);
            m.put(Metrics.LOAD_COMPACTIONS, p.compactEvery() > 0 ? writes.compactions() : null);

            phase.accept("settling");
            turns.settling();
            long settleMillis = SettledState.settle(SettledState.settleMillis());
            target.settle();
            phase.accept("measuring heap");
            long live = target.heapInUse() - baselineHeap;
            trimmed &= SettledState.trimNativeHeap();
            ProcMemory after = target.memory();
            // before anything reads the data (counting the keys fills a native store's block cache)
            long nativeBytes = target.nativeBytes();
            accounting.afterMemory();
            m.put(Metrics.SETTLE_MILLIS, settleMillis);
            m.put(Metrics.SETTLE_TRIMMED, trimmed ? 1 : 0);
            boolean allocated = allocatedBefore != null && allocatedAfter != null && target.inThisJvm();
            m.put(Metrics.INDEX_ALLOCATED, allocated ? allocatedAfter - allocatedBefore : null);
            m.put(Metrics.INDEX_LIVE_HEAP, live);
            m.put(Metrics.INDEX_BYTES_PER_KEY, (double) live / p.keys());
            m.put(Metrics.INDEX_KEYS, target.keyCount());
            m.put(Metrics.INDEX_REVISIONS, target.revisionCount());
            m.put(Metrics.PROCESS_RSS, after.rss());
            m.put(Metrics.PROCESS_RSS_GROWTH, after.rss() == null || baseline.rss() == null ? null
                    : after.rss() - baseline.rss());
            m.put(Metrics.PROCESS_PEAK_RSS, after.peakRss());
            m.put(Metrics.PROCESS_RSS_ANON, after.rssAnon());
            m.put(Metrics.PROCESS_RSS_FILE, after.rssFile());
            m.put(Metrics.PROCESS_PSS, after.pss());
            m.put(Metrics.STORE_NATIVE_BYTES, nativeBytes < 0 ? null : nativeBytes); // negative: not counted
            long fileSize = target.fileSize();
            m.put(Metrics.STORE_FILE_SIZE, fileSize < 0 ? null : fileSize); // negative: cannot be read

            m.putAll(target.extraMetrics());
            Long rssGrowth = after.rss() == null || baseline.rss() == null ? null : after.rss() - baseline.rss();
            m.put(Metrics.PROCESS_BYTES_PER_KEY, rssGrowth == null ? null : (double) rssGrowth / p.keys());
            turns.beforeTimedReads();
            timeGets(p, keys, deletions, target, m);
            m.put(Metrics.INDEX_OVERHEAD_PER_KEY, null); // from the account, at the end: its place in the order
            if (target.reopens()) {
                phase.accept("reopening");
            }
            m.putAll(target.timedReopen());
            // after every timed call: opening an empty target first would warm the reopen's code, a full collection
            // change its heap
            Path empty = args.dataDir().resolve(EMPTY_TARGET_DIR);
            accounting.afterClasses(() -> Targets.open(p, empty));
            // the target, and the generators the baseline already held, stay reachable through every reading
            Reference.reachabilityFence(target.retained());
            Reference.reachabilityFence(target);
            Reference.reachabilityFence(keys);
            Reference.reachabilityFence(values);
        }
    }

    /**
     * The row's account ({@link Accounting}) after {@link #run}: by class on the heap, by category off it; a part the
     * JVM could not give is null, with a note.
     */
    public RowAccount account() {
        return account;
    }

    /**
     * What the structure costs per key beyond the key and value bytes it keeps on the heap: index.liveHeap less the
     * payload, per key. The payload is a key's bytes for every live key, and a value's (the mean size) for a row of
     * another system than memstore's (memstore's index keeps no values; its store keeps them in SQLite), at most
     * the bytes of the account's {@code byte[]} line: a target that keeps its keys or values off the heap is not
     * credited with them. Null without a class account.
     */
    static Double overheadPerKey(RowParams p, ClassAccount classes, long liveHeap, long deleted) {
        if (classes == null) {
            return null;
        }
        long liveKeys = p.keys() - deleted;
        double perKey = p.keySize() + (p.system() == SystemKind.MEMSTORE ? 0 : p.meanValueSize());
        double payload = Math.min(Math.max(classes.bytesOf("byte[]"), 0), liveKeys * perKey);
        return (liveHeap - payload) / p.keys();
    }

    private long load(RowParams p, KeyGenerator keys, ValueGenerator values, LeasePlan leases, Writes writes) {
        LoadTarget target = writes.target;
        long total = p.keys() * p.versions();
        long tick = Math.max(1, total / 10);
        long puts = 0;
        for (int v = 0; v < p.versions(); v++) {
            for (long i = 0; i < p.keys(); i++) {
                // a new array per put: the index may keep it as the stored key (the contract forbids reuse)
                if (leases.isLeased(i)) {
                    target.putWithLease(keys.key(i), values.value(i, v), leases.leaseOf(i));
                } else {
                    target.put(keys.key(i), values.value(i, v));
                }
                writes.wrote();
                if (++puts % tick == 0 && puts < total) {
                    phase.accept("loading " + (100 * puts / total) + " %");
                }
            }
        }
        return puts;
    }

    /**
     * Counts the writes of the load and compacts on the period of {@code compact: every N}: after each N-th write
     * from the 2N-th on, at the revision N writes back, so the history kept is one to two windows long.
     */
    private static final class Writes {
        final LoadTarget target;
        private final long every;
        private long count;
        private long compactions;

        Writes(LoadTarget target, long every) {
            this.target = target;
            this.every = every;
        }

        void wrote() {
            count++;
            if (every > 0 && count % every == 0 && count >= 2 * every) {
                target.compactBack(every);
                compactions++;
            }
        }

        long compactions() {
            return compactions;
        }
    }

    /** Gets of live keys: a sample of up to 64 Ki keys picked by hash, cycled through, after a warm-up. */
    private void timeGets(RowParams p, KeyGenerator keys, DeletionPlan deletions, LoadTarget target,
                          Map<String, Number> m) {
        long liveKeys = p.keys() - deletions.count();
        int gets = Math.min(args.gets(), target.maxGets());
        if (gets == 0 || liveKeys == 0) {
            m.put(Metrics.GET_COUNT, 0L);
            m.put(Metrics.GET_OPS_PER_SECOND, null);
            return;
        }
        phase.accept("timing gets (" + target.getMethod() + ")");
        byte[][] sample = new byte[(int) Math.min(GET_SAMPLE, liveKeys)][];
        long draw = 0;
        for (int s = 0; s < sample.length; ) {
            long i = Long.remainderUnsigned(Mix.hash(p.seed(), SAMPLE_STREAM, draw++), p.keys());
            if (!deletions.isDeleted(i)) {
                sample[s++] = keys.key(i);
            }
        }
        getAll(target, sample, Math.max(gets / 2, 1)); // warm-up: lets the JIT compile the read path
        long start = System.nanoTime();
        getAll(target, sample, gets);
        long elapsed = System.nanoTime() - start;
        m.put(Metrics.GET_COUNT, (long) gets);
        m.put(Metrics.GET_OPS_PER_SECOND, gets / Math.max(1e-9, seconds(elapsed)));
    }

    private static void getAll(LoadTarget target, byte[][] sample, int gets) {
        for (int g = 0, s = 0; g < gets; g++) {
            if (!target.get(sample[s])) {
                throw new IllegalStateException("get of a key that was put and not deleted found nothing: the "
                        + "target lost a key (" + target.getMethod() + ")");
            }
            if (++s == sample.length) {
                s = 0;
            }
        }
    }

    /**
     * Checks that the row can be built: counts and sizes in range, and keys of the pattern that fit the key
     * size. {@link #run} checks the same first; the probe's main calls it apart to tell a rejected row from a
     * failed measurement.
     *
     * @throws IllegalArgumentException naming the field and what it needs
     */
    public static void validate(RowParams p) {
        checkRanges(p);
        if (p.system() == SystemKind.MEMSTORE) {
            Indexes.factory(p.index(), p.settings().leafCapacity());
        }
        KeyGenerator.of(p.keyPattern(), p.keySize(), p.seed(), p.keys());
        new DeletionPlan(p.keys(), p.deletes());
        new LeasePlan(p.leasedKeys(), p.leases());
    }

    private static void checkRanges(RowParams p) {
        if (p.keys() < 1 || p.keys() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("keys must be in 1.." + Integer.MAX_VALUE + ", was " + p.keys());
        }
        if (p.versions() < 1) {
            throw new IllegalArgumentException("versions must be at least 1, was " + p.versions());
        }
        if (p.keys() * p.versions() + p.keys() > Revision.MAX_MAIN) {
            throw new IllegalArgumentException("keys x versions must stay below " + Revision.MAX_MAIN
                    + " revisions, was " + p.keys() + " x " + p.versions());
        }
        if (p.valueSize() < 0) {
            throw new IllegalArgumentException("valueSize must not be negative, was " + p.valueSize() + " B");
        }
        if (p.keyPattern() == null || p.store() == null || p.index() == null) {
            throw new IllegalArgumentException("keyPattern, store and index are required");
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
