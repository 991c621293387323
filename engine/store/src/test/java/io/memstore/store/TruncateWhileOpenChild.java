package io.memstore.store;

import io.memstore.store.internal.sqlite.SqliteConnections;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * The process {@link TruncateWhileOpenTest} runs: writes a store file, measures how long opening it takes, then in
 * each trial opens a fresh copy while another thread cuts the copy short at a random length after a random fraction
 * of that time. Prints one line per trial:
 * <pre>
 * trial N cut C of S B after D ms, during|after: opened|refused CLASS: MESSAGE|wrong WHAT|unexpected CLASS: MESSAGE
 * </pre>
 * "during" when the cut came before the open returned. An open that succeeds must hold the file's current revision
 * and read every sampled key's value right (or refuse the read with a {@link StoreException}: the file was cut
 * after the open). A crash of this JVM (a signal in native code) ends the output early with a nonzero exit code.
 *
 * <p>Arguments: directory, trials (at least; more, up to four times as many, until a third of that number cut
 * during the open), seed, keys, value size in B.
 */
public final class TruncateWhileOpenChild {
    private static int valueBytes = 100;
    private static final int SAMPLED_KEYS = 200;

    private TruncateWhileOpenChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int trials = Integer.parseInt(args[1]);
        Random rnd = new Random(Long.parseLong(args[2]));
        int keys = Integer.parseInt(args[3]);
        valueBytes = Integer.parseInt(args[4]);
        Path pristine = dir.resolve("pristine.db");
        long revision;
        try (MvccStore store = MvccStore.open(pristine, StoreTestSupport.FAST)) {
            for (int from = 0; from < keys; from += 1000) {
                try (WriteTxn txn = store.write()) {
                    for (int k = from; k < Math.min(keys, from + 1000); k++) {
                        txn.put(key(k), value(k));
                    }
                    txn.commit();
                }
            }
            revision = store.currentRevision();
        }
        Path file = dir.resolve("trial.db");
        long openNanos = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            fresh(pristine, file);
            long t0 = System.nanoTime();
            MvccStore.open(file, StoreTestSupport.FAST).close();
            openNanos = Math.min(openNanos, System.nanoTime() - t0);
        }
        long size = Files.size(pristine);
        System.out.printf("file %d B, %d keys, open %d ms%n", size, keys, openNanos / 1_000_000);
        // a third of the trials must cut during the open; a loaded machine or a quicker open moves some cuts after
        // it, so trials go on past the asked number, up to four times it, until a third of that number did
        int during = 0;
        for (int t = 0; t < 4 * trials && (t < trials || during < trials / 3); t++) {
            fresh(pristine, file);
            long cut = (long) (rnd.nextDouble() * size);
            // every other trial lands in the last quarter of the open, where it counts the value records
            double at = t % 2 == 0 ? rnd.nextDouble() : 0.75 + 0.3 * rnd.nextDouble();
            long delay = (long) (at * openNanos);
            Trial r = trial(file, cut, delay, revision, rnd.nextLong(), keys);
            if (r.outcome.startsWith("during")) {
                during++;
            }
            if (r.openNanos > 0) {
                openNanos = (openNanos * 3 + r.openNanos) / 4; // the opens get faster as the JIT warms up
            }
            System.out.println("trial " + t + " cut " + cut + " of " + size + " B after " + delay / 1_000_000 + " ms, "
                    + r.outcome);
        }
        System.out.flush();
    }

    /** What a trial printed, and how long its open took when the cut came after it (else 0). */
    private record Trial(String outcome, long openNanos) {
    }

    private static Trial trial(Path file, long cut, long delayNanos, long revision, long seed, int keys)
            throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        long[] cutAt = {Long.MAX_VALUE};
        Thread cutter = new Thread(() -> {
            try {
                start.await();
                LockSupport.parkNanos(delayNanos);
                try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                    cutAt[0] = System.nanoTime();
                    raf.setLength(cut);
                }
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "cutter");
        cutter.start();
        MvccStore store = null;
        long openedAt;
        String outcome;
        long t0 = System.nanoTime();
        start.countDown();
        try {
            store = MvccStore.open(file, StoreTestSupport.FAST);
            openedAt = System.nanoTime();
            cutter.join();
            outcome = check(store, revision, new Random(seed), keys);
        } catch (StoreException e) {
            openedAt = System.nanoTime();
            outcome = "refused " + e.getClass().getSimpleName() + ": " + e.getMessage().lines().findFirst().orElse("");
        } catch (RuntimeException | Error e) {
            openedAt = System.nanoTime();
            outcome = "unexpected " + e;
        } finally {
            cutter.join();
            if (store != null) {
                try {
                    store.close();
                } catch (StoreException e) {
                    // the file was cut under the open store: its close may fail, and cleanly
                }
            }
        }
        boolean during = cutAt[0] < openedAt;
        return new Trial((during ? "during" : "after") + ": " + outcome,
                !during && outcome.startsWith("opened") ? openedAt - t0 : 0);
    }

    /** "opened" when the store is at {@code revision} and every sampled key reads right or is refused cleanly. */
    private static String check(MvccStore store, long revision, Random rnd, int keys) {
        if (store.currentRevision() != revision) {
            return "wrong current revision " + store.currentRevision() + ", expected " + revision;
        }
        for (int i = 0; i < SAMPLED_KEYS; i++) {
            int k = rnd.nextInt(keys);
            try {
                KeyValue kv = store.get(key(k));
                if (kv == null || !Arrays.equals(kv.value(), value(k))) {
                    return "wrong value of key " + k + ": " + kv;
                }
            } catch (StoreException e) {
                return "opened (then a read refused: " + e.getClass().getSimpleName() + ")";
            }
        }
        return "opened";
    }

    private static void fresh(Path pristine, Path file) throws IOException {
        for (String suffix : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(SqliteConnections.sideFile(file, suffix));
        }
        Files.copy(pristine, file);
    }

    static byte[] key(int k) {
        return String.format("/registry/pods/ns-%03d/pod-%08d", k % 100, k).getBytes(StandardCharsets.ISO_8859_1);
    }

    static byte[] value(int k) {
        byte[] v = new byte[valueBytes];
        Arrays.fill(v, (byte) ('a' + k % 26));
        v[0] = (byte) k;
        v[1] = (byte) (k >>> 8);
        v[2] = (byte) (k >>> 16);
        return v;
    }
}
