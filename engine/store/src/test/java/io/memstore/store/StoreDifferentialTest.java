package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random sequences of puts, range deletes, transactions (committed and rolled back), reads at random revisions
 * with limits and counts, compactions, flushes, reopens and crashes, run against the store and against
 * {@link StoreModel} ({@link DifferentialRun}); every answer, error included, must be the same. A mismatch is
 * shrunk ({@link FuzzShrinker}) and printed as a minimal reproduction.
 *
 * <p>By default the five seeds share 100,000 operations; {@code -Dmemstore.fuzz.ops=1000000} is the documented
 * long run (N operations in all, split over the seeds), {@code -Dmemstore.fuzz.seed=S} adds S to every seed.
 */
class StoreDifferentialTest {
    static final int TOTAL_OPS = Integer.getInteger("memstore.fuzz.ops", 100_000);
    static final long SEED_OFFSET = Long.getLong("memstore.fuzz.seed", 0L);
    private static final StoreOptions NO_AUTO_FLUSH = StoreOptions.defaults().durability(Durability.DEFERRED)
            .batchLimit(StoreOptions.MAX_BATCH_LIMIT).batchInterval(Duration.ofHours(1));
    private static final AtomicInteger OPS_RUN = new AtomicInteger();
    private static final long STARTED = System.nanoTime();

    @TempDir
    Path dir;

    static Stream<Arguments> runs() {
        return Stream.of(
                Arguments.of(1L, "DEFERRED batchLimit 7", StoreOptions.defaults().durability(Durability.DEFERRED).batchLimit(7)),
                Arguments.of(2L, "DEFERRED 5 ms interval", StoreOptions.defaults().durability(Durability.DEFERRED)
                        .batchInterval(Duration.ofMillis(5))),
                Arguments.of(3L, "NORMAL", StoreOptions.defaults().durability(Durability.NORMAL)),
                Arguments.of(4L, "DEFERRED batchLimit 100, 1 read connection", StoreOptions.defaults()
                        .durability(Durability.DEFERRED).batchLimit(100).readConnections(1)),
                Arguments.of(5L, "DEFERRED flushed by hand only", NO_AUTO_FLUSH));
    }

    @ParameterizedTest(name = "seed {0}: {1}")
    @MethodSource("runs")
    void storeAnswersLikeTheModel(long seed, String title, StoreOptions options) {
        long s = seed + SEED_OFFSET;
        int ops = TOTAL_OPS / (int) runs().count();
        String mismatch;
        List<FuzzOp> done;
        try (DifferentialRun run = new DifferentialRun(options, dir, "fuzz-" + s)) {
            mismatch = run.generate(s, ops);
            done = List.copyOf(run.done());
        }
        OPS_RUN.addAndGet(done.size());
        if (mismatch != null) {
            fail(report(s, title, options, mismatch, done));
        }
    }

    /** Shrinks the failing sequence and describes it: the seed, how to rerun, and the minimal steps. */
    private String report(long seed, String title, StoreOptions options, String mismatch, List<FuzzOp> failing) {
        AtomicInteger replay = new AtomicInteger();
        FuzzShrinker shrinker = new FuzzShrinker(candidate -> {
            try (DifferentialRun r = new DifferentialRun(options, dir, "shrink-" + replay.incrementAndGet())) {
                return r.replay(candidate) != null;
            }
        }, 120_000);
        List<FuzzOp> minimal = shrinker.shrink(failing);
        String minimalMismatch;
        try (DifferentialRun r = new DifferentialRun(options, dir, "minimal")) {
            minimalMismatch = r.replay(minimal);
        }
        return reproduction(seed, title, options, mismatch, failing.size(), minimal, minimalMismatch, shrinker.replays());
    }

    static String reproduction(long seed, String title, StoreOptions options, String mismatch, int failingOps,
                               List<FuzzOp> minimal, String minimalMismatch, int replays) {
        StringBuilder sb = new StringBuilder();
        sb.append("the store and the model differ, seed ").append(seed).append(" (").append(title).append(", ")
                .append(options).append("), after ").append(failingOps).append(" operations:\n  ").append(mismatch)
                .append("\nminimal reproduction (").append(minimal.size()).append(" operations, shrunk in ")
                .append(replays).append(" replays) on a new store with the same options, then a reopen and a read of"
                        + " every revision:\n");
        for (int i = 0; i < minimal.size(); i++) {
            sb.append(String.format("  %3d  %s%n", i, minimal.get(i)));
        }
        sb.append("which gives:\n  ").append(minimalMismatch);
        return sb.toString();
    }

    @AfterAll
    static void reportTheOperationsRun() {
        System.out.printf("differential fuzz: %,d operations in %.1f s%n", OPS_RUN.get(),
                (System.nanoTime() - STARTED) / 1e9);
    }

    /**
     * The fuzzer finds a planted bug and shrinks it: an index whose limited ranges never say that more keys
     * follow. Three operations show it (two puts and a range with limit 1); the shrunk sequence must be about
     * that small, still fail, and pass against the real index.
     */
    @Test
    void aPlantedBugIsFoundAndShrunkToAFewOperations() {
        StoreOptions buggy = StoreTestSupport.FAST.indexFactory(() -> new PlantedBugIndex());
        List<FuzzOp> failing;
        String mismatch;
        try (DifferentialRun run = new DifferentialRun(buggy, dir, "planted")) {
            mismatch = run.generate(11, 5_000);
            failing = List.copyOf(run.done());
        }
        assertThat(mismatch).as("the planted bug is found").isNotNull().contains("more=false").contains("more=true");
        FuzzShrinker shrinker = new FuzzShrinker(candidate -> {
            try (DifferentialRun r = new DifferentialRun(buggy, dir, "planted-shrink")) {
                return r.replay(candidate) != null;
            }
        }, 60_000);
        List<FuzzOp> minimal = shrinker.shrink(failing);
        System.out.println(reproduction(11, "planted", buggy, mismatch, failing.size(), minimal, "(see below)",
                shrinker.replays()));
        assertThat(minimal).hasSizeLessThanOrEqualTo(4).hasSizeLessThan(failing.size());
        assertThat(minimal).anyMatch(op -> op instanceof FuzzOp.Range r && r.options().limit() > 0);
        String again;
        try (DifferentialRun r = new DifferentialRun(buggy, dir, "planted-again")) {
            again = r.replay(minimal);
        }
        assertThat(again).isNotNull();
        try (DifferentialRun r = new DifferentialRun(StoreTestSupport.FAST, dir, "planted-fixed")) {
            assertThat(r.replay(minimal)).as("the real index passes the reproduction").isNull();
        }
        String text = reproduction(11, "planted", buggy, mismatch, failing.size(), minimal, again, shrinker.replays());
        assertThat(text).contains("minimal reproduction (" + minimal.size() + " operations").contains("range(");
    }
}
