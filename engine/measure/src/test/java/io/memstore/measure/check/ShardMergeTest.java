package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.measure.budget.BudgetOutcome;
import io.memstore.measure.probe.MeasuredStore;
import io.memstore.measure.result.Environment;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunFailure;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.ShardMark;
import io.memstore.measure.result.Verdict;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.Shard;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memstore:merge's engine: shards' results put together as one unsharded run's, and every way shards can fail to be
 * parts of one run refused, naming the directory, with nothing written.
 */
class ShardMergeTest {
    private static final String SPEC = "version: 1\nname: four\nworkloads:\n"
            + "  - {name: index, store: none, keys: [20K, 50K], versions: [1, 3]}\n"
            + "budgets:\n"
            + "  - {metric: index.liveHeap, max: 3MiB, where: {keys: 50K, versions: 1}}\n"
            + "  - {metric: index.bytesPerKey, max: 90B, level: warn}\n"
            + "  - {metric: index.liveHeap, maxIncrease: 0.02}\n";
    private static final MeasuredStore STORE = new MeasuredStore("0.1.0", "plugin", "io.memstore:memstore-store:0.1.0");
    private static final long MEMORY = 8L << 30;

    @TempDir
    Path dir;

    private final WorkloadSpec spec;
    private final List<Row> rows;

    ShardMergeTest() throws Exception {
        spec = SpecLoader.load(SPEC, "four.yaml");
        rows = spec.rows();
    }

    /** 70 B per key and 8 B per version more, as a B-tree index reads. */
    private static RowResult measured(Row row) {
        double keys = row.params().keys();
        double heap = keys * (70 + 8.0 * (row.params().versions() - 1));
        return new RowResult(row.name(), row.params(), Map.of("index.liveHeap", heap, "index.bytesPerKey",
                heap / keys), Map.of(), 1, List.of("settle skipped"));
    }

    private CheckRequest request(Path output) {
        return new CheckRequest(null, output, null, 1.0, RunnerOptions.of(List.of(Path.of("."))));
    }

    private static Environment environment(String java) {
        return new Environment(java, List.of("-XX:+UseSerialGC"), "Linux 6.1 amd64", 2, STORE);
    }

    /** Shard k of n as check writes it, changed by {@code change}, in dir/shards/sk. */
    private Path shard(int k, int n, UnaryOperator<RunResult> change) throws IOException {
        List<Row> part = ShardPartition.rowsOf(rows, new Shard(k, n));
        ShardMark mark = new ShardMark(new Shard(k, n), part.stream().map(Row::name).toList(), rows.size(),
                ShardMark.digest(rows), 1.0, null, "0.1.0", MEMORY, List.of(), 0, 1000);
        RunResult result = new RunResult("four", "four.yaml", environment("17.0.15+6 (Debian)"),
                part.stream().map(ShardMergeTest::measured).toList(), null, List.of()).withShard(mark)
                .withStarted("2026-01-0" + k + "T00:00:00Z");
        Path out = dir.resolve("shards/s" + k + "of" + n);
        Files.createDirectories(out);
        ResultJson.write(change.apply(result), out.resolve(ResultJson.FILE_NAME));
        return out;
    }

    private Path shard(int k, int n) throws IOException {
        return shard(k, n, r -> r);
    }

    private static UnaryOperator<RunResult> mark(UnaryOperator<ShardMark> change) {
        return r -> r.withShard(change.apply(r.shard()));
    }

    private RunResult merge(List<Path> given) throws Exception {
        return ShardMerge.run(spec, given, request(dir.resolve("merged")));
    }

    private void refused(List<Path> given, String... message) {
        var thrown = assertThatThrownBy(() -> merge(given)).isInstanceOf(ShardMergeException.class)
                .hasMessageEndingWith("; nothing was written");
        for (String m : message) {
            thrown.hasMessageContaining(m);
        }
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    @Test
    void twoShardsMergeIntoTheUnshardedRunsResult() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2);
        RunResult merged = merge(List.of(one, two));

        CheckRequest whole = request(dir.resolve("whole"));
        List<RowResult> results = rows.stream().map(ShardMergeTest::measured).toList();
        RunResult unsharded = Check.compare(spec, whole, rows, Check.judge(spec, whole, rows, results,
                merged.environment()), new BaselineFile(null, null));

        assertThat(merged.shard()).isNull();
        assertThat(merged.rows()).isEqualTo(unsharded.rows());
        assertThat(merged.rows()).extracting(RowResult::name).containsExactlyElementsOf(rows.stream().map(Row::name)
                .toList());
        assertThat(merged.budgets()).isEqualTo(unsharded.budgets());
        assertThat(merged.budgets()).extracting(BudgetOutcome::judged).containsOnly(true);
        assertThat(merged.model().c1()).isEqualTo(unsharded.model().c1());
        assertThat(merged.model().c2()).isEqualTo(unsharded.model().c2());
        assertThat(merged.baseline()).isEqualTo(unsharded.baseline());
        assertThat(Verdict.of(merged).line()).isEqualTo(Verdict.of(unsharded).line());
        assertThat(merged.started()).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(merged.environment().jvmArgs()).isEqualTo(Check.commonFlags(rows, whole));
        // the four outputs, as an unsharded run writes them, and the merged memstore.json reads back as it was
        try (Stream<Path> files = Files.list(dir.resolve("merged"))) {
            assertThat(files.map(p -> p.getFileName().toString())).contains("memstore.json", "memstore.csv",
                    "memstore.md", "TEST-memstore.xml");
        }
        assertThat(ResultJson.read(dir.resolve("merged/memstore.json"))).isEqualTo(merged);
        assertThat(Files.readString(dir.resolve("merged/memstore.json"))).doesNotContain("\"shard\"");
        // one directory holding the shards, as downloaded artifacts lie, is the same
        Files.walk(dir.resolve("merged")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        assertThat(merge(List.of(dir.resolve("shards"))).rows()).isEqualTo(merged.rows());
    }

    @Test
    void aShardThatARowStoppedMakesTheMergedRunIncomplete() throws Exception {
        List<Row> second = ShardPartition.rowsOf(rows, new Shard(2, 2));
        Path one = shard(1, 2);
        Path two = shard(2, 2, r -> new RunResult(r.specName(), r.specFile(), r.environment(),
                List.of(measured(second.get(0))), null, List.of()).withShard(r.shard())
                .withFailure(new RunFailure(second.get(1).name(), "the probe failed, exit code 1", second.size())));
        RunResult merged = merge(List.of(one, two));
        assertThat(merged.passed()).isFalse();
        assertThat(merged.failure().row()).isEqualTo(second.get(1).name());
        assertThat(merged.failure().selected()).isEqualTo(4);
        assertThat(merged.rows()).hasSize(3);
        assertThat(Verdict.of(merged).line()).startsWith("FAILED: incomplete, 3 of 4 rows measured, row '"
                + second.get(1).name() + "' failed: the probe failed, exit code 1;");
    }

    @Test
    void moreShardsThanRowsLeaveEmptyShardsThatMergeAccepts() throws Exception {
        List<Path> six = new ArrayList<>();
        for (int k = 1; k <= 6; k++) {
            six.add(shard(k, 6));
        }
        assertThat(ResultJson.read(six.get(5).resolve("memstore.json")).rows()).isEmpty();
        assertThat(merge(six).rows()).hasSize(4);
    }

    @Test
    void noShardsAreRefused() {
        refused(List.of(), "no shard results given: memstore.shards names");
    }

    @Test
    void aDirectoryWithoutAShardsResultIsRefused() throws Exception {
        Path missing = dir.resolve("nope");
        refused(List.of(missing), "the shard directory " + missing + " does not exist");
        Path empty = Files.createDirectories(dir.resolve("empty/sub"));
        refused(List.of(empty.getParent()), empty.getParent() + " holds no shard's result: no memstore.json in it");
        Path file = Files.writeString(dir.resolve("file.txt"), "x");
        refused(List.of(file), file + " is not a directory");
    }

    @Test
    void anUnreadableOrTruncatedResultIsRefusedWithTheFileAndTheReason() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2);
        Path json = two.resolve("memstore.json");
        String text = Files.readString(json);
        Files.writeString(json, text.substring(0, text.length() / 2));
        refused(List.of(one, two), "the shard's result " + json + " cannot be read: ");
        Files.write(json, new byte[] {(byte) 0xff, (byte) 0xfe});
        refused(List.of(one, two), json + " cannot be read: ", "not valid UTF-8");
    }

    @Test
    void aWholeRunsResultIsNotAShard() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2, r -> r.withShard(null));
        refused(List.of(one, two), two + " is not a shard's result directory: its memstore.json is a whole run's");
    }

    @Test
    void aShardWhoseRunDidNotCompleteIsRefusedAsSuch() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2, r -> RunResult.inProgress(RunResult.SPEC_NOT_READ, "four.yaml",
                java.time.Instant.parse("2026-01-02T00:00:00Z"), 4242));
        refused(List.of(one, two), two + " holds the record of a run that has not written its results (",
                "that shard's run did not complete; run it again");
    }

    @Test
    void aShardThatRecordedNoStoreMergesWithOneThatDid() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2, r -> new RunResult(r.specName(), r.specFile(),
                environment("17.0.15+6 (Debian)").withStore(null), r.rows(), null, List.of()).withShard(r.shard())
                .withStarted("2026-01-02T00:00:00Z"));
        RunResult merged = merge(List.of(one, two));
        assertThat(merged.rows()).hasSize(rows.size());
        assertThat(merged.environment().store()).isEqualTo(STORE);
    }

    @Test
    void aShardGivenTwiceOrMissingIsRefused() throws Exception {
        Path one = shard(1, 3);
        Path two = shard(2, 3);
        Path again = dir.resolve("again");
        Files.createDirectories(again);
        Files.copy(two.resolve("memstore.json"), again.resolve("memstore.json"));
        refused(List.of(one, two, again), "shard 2/3 is given twice: " + two + " and " + again);
        refused(List.of(one, two), "shard 3/3 is missing: the directories given hold 1/3 (" + one + "), 2/3 (" + two
                + ")");
    }

    @Test
    void shardsOfDifferentRunsSpecsVersionsJvmsOrMachinesAreRefused() throws Exception {
        Path one = shard(1, 2);
        Path[] other = {dir.resolve("other")};
        UnaryOperator<RunResult> write = r -> r;
        List<Object[]> cases = List.of(
                new Object[] {mark(m -> new ShardMark(new Shard(2, 3), m.rows(), m.selected(), m.digest(), m.scale(),
                        m.only(), m.memstore(), m.machineMemory(), m.jvmArgs(), m.settleMillis(), m.gets())),
                        "shards of different runs: shard count 2 in " + one + ", 3 in "},
                new Object[] {(UnaryOperator<RunResult>) r -> new RunResult("five", r.specFile(), r.environment(),
                        r.rows(), null, List.of()).withShard(r.shard()), "a mix of specs: spec four in " + one},
                new Object[] {mark(m -> new ShardMark(m.shard(), m.rows(), m.selected(), "0".repeat(64), m.scale(),
                        m.only(), m.memstore(), m.machineMemory(), m.jvmArgs(), m.settleMillis(), m.gets())),
                        "measured different rows of spec 'four'"},
                new Object[] {mark(m -> new ShardMark(m.shard(), m.rows(), m.selected(), m.digest(), m.scale(),
                        m.only(), "0.2.0", m.machineMemory(), m.jvmArgs(), m.settleMillis(), m.gets())),
                        "a mix of plugin versions: memstore version 0.1.0 in " + one + ", 0.2.0 in "},
                new Object[] {(UnaryOperator<RunResult>) r -> new RunResult(r.specName(), r.specFile(),
                        environment("17.0.15+6 (Debian)").withStore(new MeasuredStore("0.0.9", "project", "x:y:0.0.9")),
                        r.rows(), null, List.of()).withShard(r.shard()), "a mix of store versions: store "},
                new Object[] {(UnaryOperator<RunResult>) r -> new RunResult(r.specName(), r.specFile(),
                        environment("21.0.2+13 (Eclipse Adoptium)"), r.rows(), null, List.of()).withShard(r.shard()),
                        "a mix of JVMs: Java 17.0.15+6 (Debian) in " + one + ", 21.0.2+13 (Eclipse Adoptium) in "},
                new Object[] {mark(m -> new ShardMark(m.shard(), m.rows(), m.selected(), m.digest(), m.scale(),
                        m.only(), m.memstore(), 16L << 30, m.jvmArgs(), m.settleMillis(), m.gets())),
                        "machines of different memory: machine memory 8.0 GiB (8589934592 B) in " + one},
                new Object[] {mark(m -> new ShardMark(m.shard(), m.rows(), m.selected(), m.digest(), m.scale(),
                        m.only(), m.memstore(), m.machineMemory(), List.of("-Xss2m"), m.settleMillis(), m.gets())),
                        "rows measured differently: probe settings jvmArgs [], settle 0 ms, 1000 gets in " + one});
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            UnaryOperator<RunResult> change = (UnaryOperator<RunResult>) c[0];
            Path two = shard(2, 2, change);
            refused(List.of(one, two), (String) c[1]);
        }
    }

    @Test
    void aSpecThatChangedSinceTheShardsRanIsRefused() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2);
        // the same name and row names, other rows: another seed
        WorkloadSpec changed = SpecLoader.load(SPEC.replace("store: none,", "store: none, seed: 7,"), "four.yaml");
        assertThat(changed.rows()).extracting(Row::name).containsExactlyElementsOf(rows.stream().map(Row::name)
                .toList());
        assertThatThrownBy(() -> ShardMerge.run(changed, List.of(one, two), request(dir.resolve("merged"))))
                .isInstanceOf(ShardMergeException.class)
                .hasMessageContaining("the spec here (four.yaml) is not the spec the shards in " + one + " measured:"
                        + " at scale 1.0 it selects 4 row(s), other than their 4");
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    @Test
    void aShardHoldingOtherRowsThanThePartitionGivesItIsRefused() throws Exception {
        Path one = shard(1, 2, mark(m -> new ShardMark(m.shard(), List.of(rows.get(0).name()), m.selected(),
                m.digest(), m.scale(), m.only(), m.memstore(), m.machineMemory(), m.jvmArgs(), m.settleMillis(),
                m.gets())));
        Path two = shard(2, 2);
        refused(List.of(one, two), one + " holds the rows [" + rows.get(0).name() + "] as shard 1/2, where the"
                + " partition gives it");
    }

    @Test
    void theMergedResultIsNotWrittenOverAShard() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2);
        assertThatThrownBy(() -> ShardMerge.run(spec, List.of(one, two), request(two)))
                .isInstanceOf(ShardMergeException.class)
                .hasMessageContaining("memstore.outputDirectory " + two + " is the directory of shard 2/2");
        assertThat(ResultJson.read(two.resolve("memstore.json")).shard()).isNotNull();
    }
}
