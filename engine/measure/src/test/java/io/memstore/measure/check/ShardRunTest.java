package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.budget.MissingBaseline;
import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.result.ShardMark;
import io.memstore.measure.result.Verdict;
import io.memstore.measure.run.Progress;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.Shard;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard's run, where no probe starts: the runner points at a java that does not exist, so a row that got as far
 * as forking would fail with "cannot start the probe JVM" instead.
 */
class ShardRunTest {
    @TempDir
    Path dir;
    private final List<String> progress = new CopyOnWriteArrayList<>();

    private CheckRequest request(Path out, Shard shard) {
        RunnerOptions runner = RunnerOptions.of(List.of(dir)).withJava(dir.resolve("no-such-java"))
                .withWorkDir(out.resolve("work")).withProgress(Progress.of(progress::add, progress::add));
        return new CheckRequest(null, out, null, 1.0, runner).withShard(shard, "0.1.0");
    }

    @Test
    void aShardWithoutRowsSaysSoWritesItsOutputsAndRunsNothing() throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nname: two\nworkloads:\n"
                + "  - {name: w, keys: [1K, 2K], store: none}\n"
                + "budgets:\n  - {metric: index.liveHeap, max: 1B}\n", "two.yaml");
        Path out = dir.resolve("shard3");
        // a broken baseline is the merge's to read: a shard never opens it
        Path broken = Files.writeString(dir.resolve("baseline.json"), "{ not json");
        RunResult r = Check.run(spec, request(out, new Shard(3, 3)).withBaseline(broken, MissingBaseline.FAIL),
                new MachineResources(1L << 40, 1L << 40, dir));
        assertThat(r.rows()).isEmpty();
        assertThat(r.budgets()).isEmpty();
        assertThat(r.model()).isNull();
        assertThat(r.baseline()).isNull();
        assertThat(r.passed()).isTrue();
        ShardMark mark = r.shard();
        assertThat(mark.shard()).isEqualTo(new Shard(3, 3));
        assertThat(mark.rows()).isEmpty();
        assertThat(mark.selected()).isEqualTo(2);
        assertThat(mark.digest()).isEqualTo(ShardMark.digest(spec.rows()));
        assertThat(mark.memstore()).isEqualTo("0.1.0");
        assertThat(mark.machineMemory()).isEqualTo(1L << 40);
        assertThat(Verdict.of(r).line()).isEqualTo("MEASURED: shard 3/3, 0 of its 0 row(s) measured; memstore:merge"
                + " judges the 2 rows of the 3 shards");
        assertThat(progress).noneMatch(l -> l.contains("started"));
        assertThat(ResultJson.read(out.resolve("memstore.json"))).isEqualTo(r);
        assertThat(Files.readString(out.resolve("memstore.md"))).contains("MEASURED: shard 3/3");
    }

    @Test
    void aShardWhoseRowCannotRunHereFailsAsItsOwn() throws Exception {
        WorkloadSpec spec = SpecLoader.load("version: 1\nname: s\nworkloads:\n"
                + "  - {name: small, keys: 1K, store: none}\n"
                + "  - {name: huge, keys: 100M, keySize: 16KiB, versions: 1000}\n", "s.yaml");
        Path out = dir.resolve("shard1");
        RunResult r = Check.run(spec, request(out, new Shard(1, 2)), new MachineResources(1L << 33, 1L << 40, dir));
        assertThat(r.shard().rows()).containsExactly("huge");
        assertThat(r.failure().row()).isEqualTo("huge");
        assertThat(r.failure().selected()).isEqualTo(1);
        assertThat(r.passed()).isFalse();
        assertThat(Verdict.of(r).line()).startsWith("FAILED: incomplete, shard 1/2, 0 of its 1 row(s) measured, row"
                + " 'huge' failed: ");
        assertThat(ResultJson.read(out.resolve("memstore.json")).shard()).isEqualTo(r.shard());
    }
}
