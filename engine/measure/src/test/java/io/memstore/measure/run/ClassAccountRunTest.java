package io.memstore.measure.run;

import io.memstore.measure.fixture.MapTarget;
import io.memstore.measure.probe.ClassAccount;
import io.memstore.measure.probe.KeyGenerator;
import io.memstore.measure.probe.Metrics;
import io.memstore.measure.probe.NativeAccount;
import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import io.memstore.store.Revision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jol.info.GraphLayout;

import java.io.File;
import java.io.IOException;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The class account of forked probes, against the figures it must agree with: the row's own index.liveHeap, an
 * exact walk of the same structure's object graph (JOL), and itself when the target class comes from another class
 * path entry, as a project's test classes do.
 */
class ClassAccountRunTest {
    private static final long KEYS = 100_000;
    private static final String FIXTURE = "io.memstore.measure.fixture.";

    @TempDir
    Path work;

    private static List<Path> testClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    private RowRunner runner(List<Path> classpath) {
        return new RowRunner(RunnerOptions.of(classpath).withWorkDir(work.resolve("runs")).withGets(1000)
                .withTimeout(Duration.ofSeconds(120)).withSettle(Duration.ZERO));
    }

    private static Row indexRow() {
        return new Row("index/keys=100K", RowParams.builder("index").keys(KEYS).valueSize(0)
                .store(StoreKind.NONE).index(IndexKind.BTREE).seed(42).build());
    }

    private static Row targetRow() {
        return new Row("own/system=MapTarget", RowParams.builder("own").keys(KEYS).valueSize(32)
                .store(StoreKind.NONE).seed(42).system(SystemKind.of(FIXTURE + "MapTarget")).build());
    }

    @Test
    void theAccountOfAnIndexRowAddsUpToItsLiveHeapWithinTwoPercent() {
        RowMeasurement m = runner(testClasspath()).run(indexRow());
        double live = m.median(Metrics.INDEX_LIVE_HEAP);
        ClassAccount a = m.account().classes();
        System.out.printf(Locale.ROOT, "B-tree, 100K keys: index.liveHeap %.0f B, account %d B (%+.3f %%), %s%n",
                live, a.totalBytes(), 100 * (a.totalBytes() - live) / live, a.lines());
        assertThat(Math.abs(a.totalBytes() - live) / live).isLessThanOrEqualTo(0.02);
        // the lines cover 95 % of the live heap, the rest is one line
        assertThat(a.lines().stream().mapToLong(ClassAccount.Line::bytes).sum()).isGreaterThanOrEqualTo(
                (long) (0.95 * live));
        assertThat(a.lines().size()).isLessThanOrEqualTo(ClassAccount.MAX_LINES);
        // the keys are packed into the leaves' byte arrays: at least 64 B of byte[] per key
        assertThat(a.perKey(a.bytesOf("byte[]"))).isGreaterThanOrEqualTo(64.0);
        // Native Memory Tracking read before and after; the Java heap is one of its categories
        NativeAccount n = m.account().nativeMemory();
        assertThat(n).isNotNull();
        assertThat(n.categories()).extracting(NativeAccount.Category::name).contains("Java Heap", "Class", "Thread");
        assertThat(m.account().notes()).isEmpty();
        // the structure's own cost: the live heap less the 64 key bytes of every key
        assertThat(m.median(Metrics.INDEX_OVERHEAD_PER_KEY)).isCloseTo(live / KEYS - 64,
                org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aProbeWithoutTheAccountKeepsEveryOtherFigureAndSaysWhy() {
        Row row = new Row("index/keys=2K", RowParams.builder("index").keys(2_000).valueSize(0)
                .store(StoreKind.NONE).index(IndexKind.BTREE).seed(42).build());
        RowMeasurement m = new RowRunner(RunnerOptions.of(testClasspath()).withWorkDir(work.resolve("off"))
                .withGets(1000).withTimeout(Duration.ofSeconds(60)).withSettle(Duration.ZERO)
                .withJvmArgs(List.of("-Dmemstore.probe.account=false", "-XX:NativeMemoryTracking=off"))).run(row);
        assertThat(m.median(Metrics.INDEX_LIVE_HEAP)).isPositive();
        assertThat(m.median(Metrics.PROCESS_BYTES_PER_KEY)).isNotNull();
        assertThat(m.median(Metrics.INDEX_OVERHEAD_PER_KEY)).isNull();
        assertThat(m.account().classes()).isNull();
        assertThat(m.account().nativeMemory()).isNull();
        assertThat(m.account().notes()).containsExactly(RowAccount.CLASSES_UNAVAILABLE
                + "memstore.probe.account=false among the probe's JVM flags");
        // Native Memory Tracking alone off: the classes are there, the native part says why it is not
        RowMeasurement noNmt = new RowRunner(RunnerOptions.of(testClasspath()).withWorkDir(work.resolve("nmt"))
                .withGets(1000).withTimeout(Duration.ofSeconds(60)).withSettle(Duration.ZERO)
                .withJvmArgs(List.of("-XX:NativeMemoryTracking=off"))).run(row);
        assertThat(noNmt.account().classes()).isNotNull();
        assertThat(noNmt.account().nativeMemory()).isNull();
        assertThat(noNmt.account().notes()).singleElement().asString().startsWith(RowAccount.NATIVE_UNAVAILABLE
                + "Native Memory Tracking gave no category: Native memory tracking is not enabled");
    }

    @Test
    void theAccountOfATargetClassAgreesWithAWalkOfItsObjectGraphWithinTwoPercent() {
        RowMeasurement m = runner(testClasspath()).run(targetRow());
        ClassAccount a = m.account().classes();
        double live = m.median(Metrics.INDEX_LIVE_HEAP);

        // the same target, given the same keys as the probe gives it, walked object by object
        RowParams p = targetRow().params();
        KeyGenerator keys = KeyGenerator.of(p.keyPattern(), p.keySize(), p.seed(), p.keys());
        MapTarget target = new MapTarget();
        long empty = GraphLayout.parseInstance(target).totalSize();
        for (long i = 0; i < p.keys(); i++) {
            target.put(keys.key(i), new byte[p.valueSize()]); // a value's size, not its bytes, is the count
        }
        long jol = GraphLayout.parseInstance(target).totalSize() - empty;
        Reference.reachabilityFence(target);

        System.out.printf(Locale.ROOT, "MapTarget, 100K keys: JOL %d B, account %d B (%+.3f %%), index.liveHeap"
                + " %.0f B; %s%n", jol, a.totalBytes(), 100.0 * (a.totalBytes() - jol) / jol, live, a.lines());
        assertThat(Math.abs(a.totalBytes() - jol) / (double) jol).isLessThanOrEqualTo(0.02);
        assertThat(Math.abs(a.totalBytes() - live) / live).isLessThanOrEqualTo(0.02);
        // per key: a byte[64] key (80 B) and a byte[32] value copy (48 B), a HashMap$Node, a HeapByteBuffer
        assertThat(a.perKey(a.bytesOf("byte[]"))).isCloseTo(128.0, org.assertj.core.data.Offset.offset(1.0));
        // (and a few dozen more: the probe's own maps of readings)
        assertThat(a.line("java.util.HashMap$Node").orElseThrow().instances()).isBetween(KEYS, KEYS + 100);
        assertThat(a.line("java.nio.HeapByteBuffer").orElseThrow().instances()).isEqualTo(KEYS);
        // the structure's own cost: the rest beyond the 64 + 32 bytes of key and value
        assertThat(m.median(Metrics.INDEX_OVERHEAD_PER_KEY)).isCloseTo(live / KEYS - 96,
                org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void aTargetClassFromAProjectsOwnClassPathEntryHasTheSameAccount() throws IOException {
        // the fixture's class file alone, in a directory of its own as a project's target/test-classes is
        Path testClasses = testClasspath().stream().filter(p -> p.endsWith("test-classes")).findFirst().orElseThrow();
        String file = FIXTURE.replace('.', '/') + "MapTarget.class";
        Path project = work.resolve("project-test-classes");
        Files.createDirectories(project.resolve(file).getParent());
        Files.copy(testClasses.resolve(file), project.resolve(file));
        List<Path> classpath = new ArrayList<>(testClasspath());
        classpath.remove(testClasses);
        classpath.add(project);

        RowAccount own = runner(classpath).run(targetRow()).account();
        RowAccount engine = runner(testClasspath()).run(targetRow()).account();

        assertThat(own.notes()).isEqualTo(engine.notes()).isEmpty();
        assertThat(own.classes().lines()).extracting(ClassAccount.Line::className)
                .isEqualTo(engine.classes().lines().stream().map(ClassAccount.Line::className).toList());
        // the same objects, but for a handful of the probe's own strings that differ between any two runs
        for (int i = 0; i < own.classes().lines().size(); i++) {
            ClassAccount.Line a = own.classes().lines().get(i);
            ClassAccount.Line b = engine.classes().lines().get(i);
            assertThat(a.instances()).as(a.className()).isCloseTo(b.instances(), org.assertj.core.data.Offset.offset(
                    Math.max(10L, b.instances() / 1000)));
            assertThat(a.bytes()).as(a.className()).isCloseTo(b.bytes(), org.assertj.core.data.Offset.offset(
                    Math.max(1024L, b.bytes() / 1000)));
        }
    }
}
