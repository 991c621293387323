package io.memstore.bench;

import io.memstore.measure.probe.KeyGenerator;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * Times {@link MvccStore#open} of a store of N random 64 B keys x V versions with 256 B values, as the probe's
 * {@code sqlite} row builds it: V passes over the keys in the same order, each put its own revision,
 * {@link Durability#DEFERRED}. For {@code ProcessFigures reopen}, a process-level figure: the first open of a JVM
 * also compiles the open's code, as a restarted service's does, which a benchmark harness's warm-up would hide.
 * The file is built when it does not exist and kept otherwise, so that later runs time the opens alone. Each open
 * is timed from the call to its return (the store closed again untimed) and printed with the revisions the new
 * index holds per second and the index image it found. A close writes the image, so an open after the first loads
 * it; with {@code scan}, the image's rows are deleted before each open (outside its time), so that every open
 * rebuilds the index by scanning every key row, as an open of a file without a whole and current image does.
 */
final class Reopen {
    private Reopen() {
    }

    static void measure(Path file, int keys, int versions, int opens, boolean scan, PrintStream out) {
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
            long parts = imageParts(file, scan);
            long t0 = System.nanoTime();
            MvccStore store = MvccStore.open(file, options);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long revisions = store.index().revisionCount();
            store.close();
            out.printf(Locale.ROOT, "open %d: %.3f s, %d revisions, %,.0f revisions/s, %s%n", i + 1, seconds, revisions,
                    revisions / seconds, parts == 0 ? "no index image: every key row scanned"
                            : "an index image of " + parts + " parts");
        }
    }

    /** The rows of the file's index image, deleted first when {@code drop}; the file is closed. */
    private static long imageParts(Path file, boolean drop) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
             Statement s = c.createStatement()) {
            if (drop) {
                s.executeUpdate("DELETE FROM index_image");
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM index_image")) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading the index image of " + file + ": " + e.getMessage(), e);
        }
    }
}
