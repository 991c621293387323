package io.memstore.measure.run;

import io.memstore.measure.probe.Metrics;
import io.memstore.measure.probe.StoreDescriptor;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.StoreSettings;
import io.memstore.store.Durability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Forked probes that build an index class given by name, with store options, and refuse a store they cannot drive. */
class ProjectIndexRunTest {
    private static final String COPYING = "io.memstore.measure.fixture.KeyCopyingIndex";

    @TempDir
    Path work;

    private RunnerOptions options(List<Path> classpath) {
        // heap and file figures only: RSS is read unsettled, without the settle's wait
        return RunnerOptions.of(classpath).withWorkDir(work).withGets(1000).withTimeout(Duration.ofSeconds(60))
                .withSettle(Duration.ZERO);
    }

    private static List<Path> testClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of).toList();
    }

    private static Row row(String name, IndexKind index, StoreKind store, StoreSettings settings) {
        return new Row(name, RowParams.builder("own").keys(20_000).valueSize(16).store(store).index(index).seed(7)
                .settings(settings).build());
    }

    @Test
    void anIndexClassIsBuiltByNameAndItsCopiesOfTheKeysAreMeasured() {
        RowRunner runner = new RowRunner(options(testClasspath()));
        double btree = runner.run(row("btree", IndexKind.BTREE, StoreKind.NONE, StoreSettings.DEFAULTS))
                .median(Metrics.INDEX_LIVE_HEAP);
        RowMeasurement copying = runner.run(row("copying", IndexKind.of(COPYING), StoreKind.NONE,
                StoreSettings.DEFAULTS));
        assertThat(copying.median(Metrics.INDEX_KEYS)).isEqualTo(20_000.0);
        // each copy is a byte[64] (80 B) plus its reference in the list (4 B, and the list's slack up to 1.5x)
        double extraPerKey = (copying.median(Metrics.INDEX_LIVE_HEAP) - btree) / 20_000;
        assertThat(extraPerKey).isBetween(80.0, 96.0);
    }

    @Test
    void storeOptionsReachTheStore() {
        StoreSettings small = new StoreSettings(8, Durability.NORMAL, 64, 1, 100, 1L << 10, 10);
        RowMeasurement m = new RowRunner(options(testClasspath()))
                .run(row("options", IndexKind.BTREE, StoreKind.SQLITE, small));
        assertThat(m.median(Metrics.INDEX_KEYS)).isEqualTo(20_000.0);
        assertThat(m.median(Metrics.STORE_FILE_SIZE)).isPositive();
    }

    @Test
    void aStoreDeclaringAnotherProbeApiIsRefusedNamingBothVersions() throws IOException {
        Path fake = work.resolve("fake-store");
        Files.createDirectories(fake.resolve("META-INF/memstore"));
        Files.writeString(fake.resolve(StoreDescriptor.RESOURCE), "version=9.9.9\nprobeApi=99\n");
        List<Path> classpath = new ArrayList<>(List.of(fake));
        classpath.addAll(testClasspath());
        ProbeFailedException e = catchThrowableOfType(ProbeFailedException.class, () -> new RowRunner(
                options(classpath).withWorkDir(work.resolve("runs")))
                .run(row("old", IndexKind.BTREE, StoreKind.NONE, StoreSettings.DEFAULTS)));
        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e.getMessage()).contains("the probe rejected the row")
                .contains("the store on the probe's class path is memstore-store 9.9.9 with probe API 99")
                .contains("memstore-measure " + StoreDescriptor.probeVersion() + ", whose probe drives store probe"
                        + " API " + StoreDescriptor.PROBE_API);
    }
}
