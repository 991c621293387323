package io.memstore.bench;

import io.memstore.measure.probe.KeyGenerator;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Times {@link MvccStore#open} of a store of N random 64 B keys x V versions with 256 B values, as the probe's
 * {@code sqlite} row builds it: V passes over the keys in the same order, each put its own revision,
 * {@link Durability#DEFERRED}. For {@code ProcessFigures reopen}, a process-level figure: the first open of a JVM
 * also compiles the open's code, as a restarted service's does, which a benchmark harness's warm-up would hide.
 * The file is built when it does not exist and kept otherwise, so that later runs time the opens alone. Each open
 * is timed from the call to its return (the store closed again untimed) and printed with the revisions the new
 * index holds per second.
 */
final class Reopen {
    private Reopen() {
    }

    static void measure(Path file, int keys, int versions, int opens, PrintStream out) {
        StoreOptions options = StoreOptions.defaults().durability(Durability.DEFERRED);
        if (!Files.exists(file)) {
            KeyGenerator generator = KeyGenerator.of(KeyPattern.RANDOM, Workload.KEY_SIZE, Workload.SEED, keys);
            byte[] value = new byte[Workload.VALUE_SIZE];
            long t0 = System.nanoTime();
            try (MvccStore store = MvccStore.open(file, options)) {
                for (int v = 0; v < versions; v++) {
                    for (int i = 0; i < keys; i++) {
                        value[i % value.length]++;
                        store.put(generator.key(i), value);
                    }
                }
            }
            out.printf(Locale.ROOT, "built %s: %d keys x %d versions in %.2f s%n", file, keys, versions,
                    (System.nanoTime() - t0) / 1e9);
        }
        for (int i = 0; i < opens; i++) {
            long t0 = System.nanoTime();
            MvccStore store = MvccStore.open(file, options);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long revisions = store.index().revisionCount();
            store.close();
            out.printf(Locale.ROOT, "open %d: %.3f s, %d revisions, %,.0f revisions/s%n", i + 1, seconds, revisions,
                    revisions / seconds);
        }
    }
}
