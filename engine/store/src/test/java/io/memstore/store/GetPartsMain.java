package io.memstore.store;

import java.util.Arrays;
import java.util.Locale;

/**
 * Times the parts of {@link BTreeIndex#get} on N random 64 B keys ({@link TestKeys#RANDOM}), one version each, settled (not a unit test;
 * run by hand):
 * <pre>
 *   java -XX:+UseSerialGC -Xms2g -Xmx2g -XX:+AlwaysPreTouch \
 *       -cp engine/store/target/classes:engine/store/target/test-classes io.memstore.store.GetPartsMain 1000000
 * </pre>
 * The parts, each a pass over every key once in a shuffled order, the lookup keys copies of the stored ones (as
 * {@code IndexBenchmark.get}'s): {@code descend}, the inner nodes down to the leaf; {@code find}, that and the
 * leaf's search; {@code get}, the whole get (lock, search and the run's state). The passes alternate, so that
 * drifting machine speed reaches every part alike; each part's figure is the median of the passes after the
 * first four, in nanoseconds of wall time per key. Optional argument: passes per part (16).
 */
public final class GetPartsMain {
    private GetPartsMain() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int passes = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        byte[][] keys = new byte[n][];
        for (int i = 0; i < n; i++) {
            keys[i] = TestKeys.RANDOM.key(1, i);
        }
        BTreeIndex index = new BTreeIndex();
        long rev = 0;
        for (byte[] k : keys) {
            index.put(k, Revision.pack(++rev, 0));
        }
        index.settle();
        int[] order = TestKeys.shuffled(n, 7);
        byte[][] lookups = new byte[n][];
        for (int i = 0; i < n; i++) {
            lookups[i] = Arrays.copyOf(keys[order[i]], keys[order[i]].length);
        }
        String[] parts = {"descend", "find", "get"};
        double[][] nanos = new double[parts.length][passes];
        long sink = 0;
        for (int pass = 0; pass < passes; pass++) {
            for (int part = 0; part < parts.length; part++) {
                long t0 = System.nanoTime();
                for (byte[] k : lookups) {
                    sink += switch (part) {
                        case 0 -> index.descend(k).size();
                        case 1 -> index.descend(k).find(k);
                        default -> index.get(k, rev).version();
                    };
                }
                nanos[part][pass] = (System.nanoTime() - t0) / (double) n;
            }
        }
        System.out.printf(Locale.ROOT, "keys=%d, %d passes per part, median of the last %d (checksum %d):%n", n,
                passes, passes - 4, sink);
        for (int part = 0; part < parts.length; part++) {
            double[] v = Arrays.copyOfRange(nanos[part], 4, passes);
            Arrays.sort(v);
            System.out.printf(Locale.ROOT, "  %-8s %6.1f ns per key%n", parts[part], v[v.length / 2]);
        }
    }
}
