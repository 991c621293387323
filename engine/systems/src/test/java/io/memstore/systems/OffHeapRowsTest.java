package io.memstore.systems;

import io.memstore.measure.probe.Metrics;
import io.memstore.measure.probe.NativeAccount;
import io.memstore.measure.run.Progress;
import io.memstore.measure.run.RowMeasurement;
import io.memstore.measure.run.RowRunner;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stores that keep their data outside the Java heap, measured by forked probes: their figure is the process's growth
 * per key (process.bytesPerKey), their console line leads with it, and their account says where it went.
 */
class OffHeapRowsTest {
    private static final long KEYS = 50_000;
    private static final int VALUE = 1024;

    @TempDir
    Path work;

    private final List<String> lines = new CopyOnWriteArrayList<>();

    private RowMeasurement run(SystemKind system) {
        List<Path> classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of).toList();
        RunnerOptions options = RunnerOptions.of(classpath).withSystemsClasspath(classpath).withWorkDir(work)
                .withGets(1000).withTimeout(Duration.ofMinutes(3)).withProgress(Progress.of(lines::add, l -> { }));
        Row row = new Row("offheap/system=" + system.specName(), RowParams.builder("offheap").keys(KEYS).valueSize(VALUE)
                .store(StoreKind.NONE).seed(3).system(system).build());
        return new RowRunner(options).run(row);
    }

    private static double growthPerKey(RowMeasurement m) {
        return (m.median(Metrics.PROCESS_RSS) - m.median(Metrics.JVM_BASELINE_RSS)) / KEYS;
    }

    @Test
    void directBuffersAreTheProcesssGrowthAndTheJvmTracksThemAsOther() {
        RowMeasurement m = run(SystemKind.of("io.memstore.systems.fixture.DirectBufferTarget"));
        double process = m.median(Metrics.PROCESS_BYTES_PER_KEY);
        double heap = m.median(Metrics.INDEX_LIVE_HEAP) / KEYS;
        NativeAccount n = m.account().nativeMemory();
        long other = n.categories().stream().filter(c -> c.name().equals("Other")).mapToLong(
                NativeAccount.Category::growth).sum();
        System.out.printf(Locale.ROOT, "direct buffers, %d keys x %d B: process %.1f B/key, RSS growth %.1f B/key,"
                + " heap %.1f B/key, NMT Other %.1f B/key, untracked %.1f B/key; %s%n", KEYS, VALUE, process,
                growthPerKey(m), heap, other / (double) KEYS, n.untracked() / (double) KEYS, lines.get(lines.size() - 1));
        assertThat(process).isCloseTo(growthPerKey(m), org.assertj.core.data.Offset.offset(0.01));
        assertThat(m.median(Metrics.STORE_NATIVE_BYTES)).isNull(); // the fixture counts nothing of its own
        // the heap holds the map and the buffers' objects; the values are malloc'd: the process grew by both
        assertThat(process).isCloseTo(heap + VALUE, org.assertj.core.data.Percentage.withPercentage(15));
        assertThat(other / (double) KEYS).isGreaterThanOrEqualTo(VALUE);
        assertThat(lines.get(lines.size() - 1)).contains("offheap/system=").contains(": process +");
        assertThat(lines.get(lines.size() - 1).indexOf("process +")).isLessThan(
                lines.get(lines.size() - 1).indexOf("index "));
    }

    @Test
    void rocksDbsFigureIsItsProcesssGrowthAndItsLineLeadsWithIt() {
        RowMeasurement m = run(SystemKind.ROCKSDB);
        double process = m.median(Metrics.PROCESS_BYTES_PER_KEY);
        NativeAccount n = m.account().nativeMemory();
        double untracked = n.untracked() / (double) KEYS;
        double heap = m.median(Metrics.INDEX_LIVE_HEAP) / KEYS;
        System.out.printf(Locale.ROOT, "rocksdb, %d keys x %d B: process %.1f B/key, RSS growth %.1f B/key, heap %.1f"
                + " B/key, JVM native %.1f B/key, untracked %.1f B/key; %s%n", KEYS, VALUE, process, growthPerKey(m),
                heap, (n.trackedGrowth() / (double) KEYS), untracked, lines.get(lines.size() - 1));
        assertThat(process).isCloseTo(growthPerKey(m), org.assertj.core.data.Offset.offset(0.01));
        assertThat(heap).isLessThan(process / 4);
        // RocksDB's own count of its native memory, read with the RSS: the flushed table's index blocks
        assertThat(m.median(Metrics.STORE_NATIVE_BYTES)).isPositive().isLessThan(KEYS * 64.0);
        // flushed, RocksDB keeps its data in its files, and how much of its own allocations stay resident varies
        // from run to run (the untracked part was seen below the JVM's native growth): the parts add up to the growth
        assertThat(n.heapGrowth() + n.jvmNativeGrowth() + n.untracked()).isEqualTo(n.rssGrowth());
        assertThat(n.rssGrowth() / (double) KEYS).isCloseTo(process, org.assertj.core.data.Offset.offset(0.01));
        assertThat(lines.get(lines.size() - 1)).contains(": process +");
    }
}
