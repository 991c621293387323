package io.memstore.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Times {@link MvccStore#open} of a store of N random 64 B keys ({@link TestKeys#RANDOM}) x V versions with 256 B
 * values, as the probe's {@code sqlite} row builds it: V passes over the keys in the same order, each put its own
 * revision, {@link Durability#DEFERRED} (not a unit test; run by hand):
 * <pre>
 *   java -XX:+UseSerialGC -Xms16m -Xmx1g -XX:MaxNewSize=32m \
 *       -cp engine/store/target/classes:engine/store/target/test-classes:SQLITE_JDBC_JAR \
 *       io.memstore.store.ReopenMain /tmp/reopen.db 1000000 5 3
 * </pre>
 * The file is built when it does not exist and kept otherwise, so that later runs time the opens alone. Each open
 * is timed from the call to its return (the store closed again untimed) and printed with the revisions the new
 * index holds per second; the first open of a JVM also compiles the open's code, as the probe's reopen does.
 * Arguments: file, keys, versions, opens.
 */
public final class ReopenMain {
    private ReopenMain() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int keys = Integer.parseInt(args[1]);
        int versions = Integer.parseInt(args[2]);
        int opens = Integer.parseInt(args[3]);
        StoreOptions options = StoreOptions.defaults().durability(Durability.DEFERRED);
        if (!Files.exists(file)) {
            byte[] value = new byte[256];
            long t0 = System.nanoTime();
            try (MvccStore store = MvccStore.open(file, options)) {
                for (int v = 0; v < versions; v++) {
                    for (int i = 0; i < keys; i++) {
                        value[i % value.length]++;
                        store.put(TestKeys.RANDOM.key(1, i), value);
                    }
                }
            }
            System.out.printf(Locale.ROOT, "built %s: %d keys x %d versions in %.2f s%n", file, keys, versions,
                    (System.nanoTime() - t0) / 1e9);
        }
        for (int i = 0; i < opens; i++) {
            long t0 = System.nanoTime();
            MvccStore store = MvccStore.open(file, options);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long revisions = store.index().revisionCount();
            store.close();
            System.out.printf(Locale.ROOT, "open %d: %.3f s, %d revisions, %,.0f revisions/s%n", i + 1, seconds,
                    revisions, revisions / seconds);
        }
    }
}
