package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.spec.SpecException;
import io.memstore.measure.spec.SpecLimits;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hostile and broken specs of {@code src/test/resources/bad-specs} (see its README): each is refused with
 * exactly its expected message, within {@link #TIME_LIMIT} of CPU and {@link #ALLOCATION_LIMIT}, with no stack
 * trace in the message and no class instantiated from a tag; the ones that load but do not fit the machine are
 * refused by the preflight that runs before any probe, with the numbers.
 */
class BadSpecCorpusTest {
    /**
     * CPU time of the refusing thread a spec may take: a loaded machine stretches the wall-clock time of a linear
     * refusal, never its CPU time, while a quadratic one takes several times this on any machine.
     */
    static final Duration TIME_LIMIT = Duration.ofSeconds(5);
    /**
     * Wall-clock time after which a refusal that uses no CPU is stopped as blocked (a loop that never ends is stopped
     * sooner, at {@link #TIME_LIMIT} of CPU): only against a refusal that would never return.
     */
    static final Duration BLOCKED_LIMIT = Duration.ofMinutes(10);
    /**
     * Bytes the loading thread may allocate for one spec, garbage included: the generated list of 139,999 values
     * (just under 1 MiB of YAML) measured 160 MiB, the corpus files at most 19 MiB (the 100,000-character name).
     */
    static final long ALLOCATION_LIMIT = 256L << 20;
    /** The machine the expected messages were written for. */
    static final MachineResources MACHINE = new MachineResources(24L << 30, 100L << 30, Path.of("/machine"));

    @TempDir
    static Path generated;

    static Path corpus() {
        try {
            return Path.of(BadSpecCorpusTest.class.getResource("/bad-specs").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Path> corpusFiles() throws IOException {
        try (Stream<Path> s = Files.list(corpus())) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpusFiles")
    void refusedWithTheExpectedMessage(Path spec) throws IOException {
        String name = spec.getFileName().toString().replaceAll("\\.yaml$", "");
        Path expectedFile = spec.resolveSibling(name + ".expected");
        assertThat(expectedFile).as("every bad spec has its expected message").exists();
        String expected = Files.readString(expectedFile, StandardCharsets.UTF_8).strip()
                .replace("@FILE@", spec.toString()).replace("\n", System.lineSeparator());
        assertThat(refusal(spec)).isEqualTo(expected);
    }

    @Test
    void theCorpusHasAtLeastThirtySpecs() throws IOException {
        List<Path> files = corpusFiles().toList();
        assertThat(files).hasSizeGreaterThanOrEqualTo(30);
        // the kinds the issue names are all there
        assertThat(files.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(" ")))
                .contains("syntax-", "type-", "unknown-field", "negative-", "absurd-", "keys-10e12", "alias-bomb",
                        "deep-nesting", "tag-", "non-utf8", "empty-file", "duplicate-keys", "output-outside-project",
                        "machine-memory", "machine-disk");
    }

    @Test
    void theTripwireTagNamesARealClass() throws ClassNotFoundException {
        // loaded without initialising it, so the tag in tag-tripwire-class.yaml could have instantiated it
        assertThat(Class.forName("io.memstore.measure.spec.Tripwire", false, getClass().getClassLoader())).isNotNull();
    }

    @Test
    void aFileOverOneMebibyteIsRefusedBeforeItIsRead() throws IOException {
        Path huge = generated.resolve("huge-file.yaml");
        StringBuilder sb = new StringBuilder("version: 1\nworkloads:\n  - name: a\n");
        while (sb.length() <= SpecLimits.MAX_SPEC_BYTES) {
            sb.append("# ").append("padding ".repeat(12)).append('\n');
        }
        Files.writeString(huge, sb);
        assertThat(refusal(huge)).isEqualTo(huge + ": the spec is " + Files.size(huge) + " bytes, more than the"
                + " limit of 1048576 bytes (1 MiB); expected a spec of at most 1 MiB");
    }

    @Test
    void aListOfOneHundredThousandValuesIsRefusedInLinearTime() throws IOException {
        // just under 1 MiB: 139,999 seeds, which a duplicate check in quadratic time took 13 s to refuse
        Path list = generated.resolve("huge-list.yaml");
        Files.writeString(list, "version: 1\nworkloads:\n  - name: a\n    seed: ["
                + IntStream.range(1, 140_000).mapToObj(Integer::toString).collect(Collectors.joining(", ")) + "]\n");
        assertThat(Files.size(list)).isLessThan(SpecLimits.MAX_SPEC_BYTES);
        assertThat(refusal(list)).isEqualTo(list + ":4:11: workloads[0].seed: a list of 139999 values, more than"
                + " the 1000 rows a spec may expand to; expected at most 1000 values");
    }

    @AfterAll
    static void nothingWasInstantiated() {
        assertThat(System.getProperty("memstore.tripwire")).as("a tag instantiated a class").isNull();
        assertThat(Path.of("/tmp/memstore-pwned")).doesNotExist();
    }

    /** The message of the refusal: the loader's, or the preflight's for a spec that loads; fails on acceptance. */
    static String refusal(Path spec) {
        List<Long> allocated = new ArrayList<>();
        List<Long> cpuNanos = new ArrayList<>();
        String message = withinCpuTime(spec, () -> {
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = mx.getCurrentThreadAllocatedBytes();
            long cpuBefore = mx.getCurrentThreadCpuTime();
            try {
                String m = refuse(spec);
                return m;
            } finally {
                allocated.add(mx.getCurrentThreadAllocatedBytes() - before);
                cpuNanos.add(mx.getCurrentThreadCpuTime() - cpuBefore);
            }
        });
        assertThat(cpuNanos.get(0)).as("CPU time refusing %s, ns", spec).isLessThan(TIME_LIMIT.toNanos());
        assertThat(allocated.get(0)).as("bytes allocated refusing %s", spec).isLessThan(ALLOCATION_LIMIT);
        assertThat(message).as("no stack trace or exception class in the message").doesNotContain("\tat ")
                .doesNotContain("Exception").doesNotContain("org.yaml").startsWith(message.startsWith("1 row")
                        ? "1 row" : spec.toString());
        return message;
    }

    /**
     * The result of {@code refusal}, run on a thread of its own that is abandoned (as JUnit's preemptive timeout
     * abandons it) once it has used {@link #TIME_LIMIT} of CPU without returning: a loop that never ends is found
     * after that much CPU however busy the machine, where a wall-clock limit would also stop a slow refusal.
     */
    private static String withinCpuTime(Path spec, Callable<String> refusal) {
        FutureTask<String> task = new FutureTask<>(refusal);
        Thread thread = new Thread(task, "refusal of " + spec.getFileName());
        thread.setDaemon(true);
        thread.start();
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long blocked = System.nanoTime() + BLOCKED_LIMIT.toNanos();
        while (true) {
            try {
                return task.get(100, TimeUnit.MILLISECONDS);
            } catch (TimeoutException running) {
                long cpu = mx.getThreadCpuTime(thread.getId());
                if (cpu > TIME_LIMIT.toNanos() || System.nanoTime() > blocked) {
                    thread.interrupt();
                    throw new AssertionError(spec + " was not refused after " + cpu / 1_000_000 + " ms of CPU");
                }
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw new AssertionError(spec + ": " + e.getCause(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for the refusal of " + spec, e);
            }
        }
    }

    private static String refuse(Path spec) {
        WorkloadSpec loaded;
        try {
            loaded = SpecLoader.load(spec);
        } catch (SpecException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage();
        }
        Path out = generated.resolve("out-" + spec.getFileName());
        try {
            Preflight.check(loaded.rows(), out, out.resolve("work"), false, MACHINE);
        } catch (PreflightException e) {
            return e.getMessage();
        }
        throw new AssertionError(spec + " was accepted: " + loaded);
    }
}
