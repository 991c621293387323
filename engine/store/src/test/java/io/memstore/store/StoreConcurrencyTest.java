package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers at old and current revisions while one writer commits and compacts. The writer's history is a
 * function of the revision alone ({@link #expected}), so a reader can check every answer without sharing
 * anything with the writer: a read at revision r must return exactly the state after transaction r. A torn read
 * (half a transaction), a read of a revision that is not there yet, or one that mixes revisions fails; so does a
 * deadlock, by the time bound.
 *
 * <p>Transaction r (r = 1, 2, ...) puts {@code clock = r} and, for i = r mod 16, either puts {@code a/i} and
 * {@code b/i} with value r, or, when r is a multiple of 7, deletes both: a reader must never see a/i and b/i
 * differ. Every 50 revisions the writer compacts at r - 25.
 */
class StoreConcurrencyTest {
    private static final int GROUPS = 16;
    private static final int REVISIONS = Integer.getInteger("memstore.concurrency.revisions", 3_000);
    private static final int READERS = 3;
    private static final Duration BOUND = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    static Stream<Arguments> modes() {
        return Stream.of(
                Arguments.of("NORMAL", StoreOptions.defaults().durability(Durability.NORMAL).readConnections(2)),
                Arguments.of("DEFERRED, batches of 8", StoreOptions.defaults().durability(Durability.DEFERRED)
                        .batchLimit(8).batchInterval(Duration.ofMillis(2)).readConnections(2)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void readersNeverSeeTornOrImpossibleStates(String title, StoreOptions options) throws Exception {
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong reads = new AtomicLong();
        AtomicLong compactedReads = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(READERS + 1);
        long start = System.nanoTime();
        try (MvccStore store = MvccStore.open(dir.resolve("concurrent.db"), options)) {
            Future<?> writer = pool.submit(() -> {
                try {
                    write(store);
                } finally {
                    writing.set(false);
                }
                return null;
            });
            List<Future<?>> readers = new ArrayList<>();
            for (int i = 0; i < READERS; i++) {
                long seed = i;
                readers.add(pool.submit(() -> {
                    read(store, new Random(seed), writing, reads, compactedReads);
                    return null;
                }));
            }
            writer.get(BOUND.toSeconds(), TimeUnit.SECONDS);
            for (Future<?> r : readers) {
                r.get(BOUND.toSeconds(), TimeUnit.SECONDS);
            }
            assertThat(store.currentRevision()).isEqualTo(REVISIONS);
            for (long rev = store.compactedRevision(); rev <= REVISIONS; rev++) {
                assertThat(StoreTestSupport.all(store, rev).kvs()).isEqualTo(expected(rev));
            }
        } finally {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).as("no thread is stuck").isTrue();
        }
        System.out.printf("concurrency (%s): %d revisions, %d checked reads (%d refused as compacted meanwhile) in"
                + " %.1f s%n", title, REVISIONS, reads.get(), compactedReads.get(), (System.nanoTime() - start) / 1e9);
        assertThat(reads.get()).as("the readers read while the writer wrote").isGreaterThan(100);
    }

    private static void write(MvccStore store) {
        for (long r = 1; r <= REVISIONS; r++) {
            int i = (int) (r % GROUPS);
            try (WriteTxn txn = store.write()) {
                assertThat(txn.revision()).isEqualTo(r);
                txn.put(b("clock"), value(r));
                if (r % 7 == 0) {
                    txn.deleteRange(key("a", i), null);
                    txn.deleteRange(key("b", i), null);
                } else {
                    txn.put(key("a", i), value(r));
                    txn.put(key("b", i), value(r));
                }
                assertThat(txn.commit()).isEqualTo(r);
            }
            if (r % 50 == 0) {
                store.compact(r - 25);
            }
        }
    }

    private static void read(MvccStore store, Random rnd, AtomicBoolean writing, AtomicLong reads,
                             AtomicLong compactedReads) {
        while (writing.get()) {
            long current = store.currentRevision();
            long compacted = store.compactedRevision();
            int how = rnd.nextInt(4);
            RangeOptions o = switch (how) {
                case 0 -> RangeOptions.latest();
                case 1 -> RangeOptions.atRevision(compacted); // the oldest: races with the next compaction
                default -> RangeOptions.atRevision(compacted + (long) (rnd.nextDouble() * (current - compacted + 1)));
            };
            int limit = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(10) : 0;
            o = limit > 0 ? o.limit(limit).countTotal() : o;
            RangeResult got;
            try {
                got = store.range(new byte[0], new byte[0], o);
            } catch (CompactedRevisionException e) {
                assertThat(store.compactedRevision()).as("refused as compacted only after a compaction passed it")
                        .isGreaterThan(o.revision());
                compactedReads.incrementAndGet();
                continue;
            }
            long rev = o.isLatest() ? got.revision() : o.revision();
            assertThat(got.revision()).as("header revision").isGreaterThanOrEqualTo(Math.max(rev, current));
            List<KeyValue> want = expected(rev);
            List<KeyValue> cut = limit > 0 && want.size() > limit ? want.subList(0, limit) : want;
            assertThat(got.kvs()).as("read at %d (%s)", rev, o).isEqualTo(cut);
            assertThat(got.count()).isEqualTo(want.size());
            assertThat(got.more()).isEqualTo(cut.size() < want.size());
            reads.incrementAndGet();
        }
    }

    /** The whole keyspace after transaction r, computed from the writer's rule alone. */
    static List<KeyValue> expected(long r) {
        List<KeyValue> out = new ArrayList<>();
        for (String prefix : new String[] {"a", "b"}) {
            for (int i = 0; i < GROUPS; i++) {
                long create = 0;
                long mod = 0;
                long version = 0;
                for (long s = i == 0 ? GROUPS : i; s <= r; s += GROUPS) {
                    if (s % 7 == 0) {
                        version = 0; // deleted (or already absent): the next put starts a new generation
                    } else {
                        if (version == 0) {
                            create = s;
                        }
                        version++;
                        mod = s;
                    }
                }
                if (version > 0) {
                    out.add(new KeyValue(key(prefix, i), value(mod), create, mod, version));
                }
            }
        }
        if (r > 0) {
            out.add(new KeyValue(b("clock"), value(r), 1, r, r));
        }
        return out;
    }

    private static byte[] key(String prefix, int i) {
        return b(String.format("%s/%02d", prefix, i));
    }

    private static byte[] value(long r) {
        return b("r" + r);
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
