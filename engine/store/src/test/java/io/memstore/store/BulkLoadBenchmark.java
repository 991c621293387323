package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load rate of single puts in {@link Durability#DEFERRED} mode: random keys, each put its own revision,
 * timed from open to close (which flushes the last batch). Not part of the normal suite: run with
 * {@code mvn -pl engine test -Dtest=BulkLoadBenchmark -Dmemstore.bench=true}, optionally
 * {@code -Dmemstore.bench.puts=1000000 -Dmemstore.bench.keySize=64 -Dmemstore.bench.valueSize=256}.
 */
@EnabledIfSystemProperty(named = "memstore.bench", matches = "true")
class BulkLoadBenchmark {
    @TempDir
    Path dir;

    @Test
    void deferredSinglePuts() {
        int puts = Integer.getInteger("memstore.bench.puts", 1_000_000);
        int keySize = Integer.getInteger("memstore.bench.keySize", 64);
        int valueSize = Integer.getInteger("memstore.bench.valueSize", 256);
        Random rnd = new Random(42);
        byte[][] keys = new byte[puts][];
        for (int i = 0; i < puts; i++) {
            keys[i] = new byte[keySize];
            rnd.nextBytes(keys[i]);
        }
        byte[] value = new byte[valueSize];
        rnd.nextBytes(value);
        Path file = dir.resolve("bulk.db");
        StoreOptions options = StoreOptions.defaults().durability(Durability.DEFERRED);

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long processCpuStart = os.getProcessCpuTime();
        long writerCpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long size;
        try (MvccStore store = MvccStore.open(file, options)) {
            for (int i = 0; i < puts; i++) {
                store.put(keys[i], value);
            }
            store.flush();
            size = store.fileSize();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double writerCpuUs = (threads.getCurrentThreadCpuTime() - writerCpuStart) / 1e3 / puts;
        double processCpuUs = (os.getProcessCpuTime() - processCpuStart) / 1e3 / puts;
        double load = os.getSystemLoadAverage();

        long reopenStart = System.nanoTime();
        try (MvccStore store = MvccStore.open(file, options)) {
            assertThat(store.currentRevision()).isEqualTo(puts);
            assertThat(store.get(keys[puts / 2]).modRevision()).isEqualTo(puts / 2 + 1);
        }
        double reopenSeconds = (System.nanoTime() - reopenStart) / 1e9;
        System.out.printf("bulk load (%s): %,d puts of %d B keys + %d B values in %.2f s = %,.0f puts/s;"
                        + " CPU per put: writer thread %.2f us, whole process %.2f us; load average %.1f on %d cores;"
                        + " file %,d B; reopen (index rebuild) %.2f s%n",
                options.indexFactory().get().getClass().getSimpleName(), puts, keySize, valueSize, seconds,
                puts / seconds, writerCpuUs, processCpuUs, load, os.getAvailableProcessors(), size, reopenSeconds);
    }
}
