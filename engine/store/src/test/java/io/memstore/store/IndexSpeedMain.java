package io.memstore.store;

import java.util.Locale;

/**
 * Compares put and get throughput of {@link BTreeIndex} and {@link ReferenceIndex} on the same keys in one JVM
 * (not a unit test; run by hand):
 * <pre>
 *   java -XX:+UseSerialGC -Xmx4g -cp engine/target/classes:engine/target/test-classes \
 *       io.memstore.store.IndexSpeedMain 1000000 5 random
 * </pre>
 * Each round builds both indexes from scratch (N keys x V versions, round-robin, keys made beforehand), then
 * reads every key once in a shuffled order at the last revision; the order of the two indexes alternates between
 * rounds. Times are process CPU time (so collections count, and other processes on a shared machine do not),
 * the median of the rounds. Optional arguments: rounds (5), leaf capacity of the B-tree (64).
 */
public final class IndexSpeedMain {
    private IndexSpeedMain() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int versions = Integer.parseInt(args[1]);
        TestKeys shape = TestKeys.parse(args[2]);
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        int leafCapacity = args.length > 4 ? Integer.parseInt(args[4]) : BTreeIndex.DEFAULT_LEAF_CAPACITY;
        byte[][] keys = new byte[n][];
        for (int i = 0; i < n; i++) {
            keys[i] = shape.key(1, i);
        }
        int[] order = TestKeys.shuffled(n, 7);
        double[][] put = new double[2][rounds];
        double[][] get = new double[2][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                int which = (r + k) % 2; // 0 = btree, 1 = reference
                RevisionIndex index = which == 0 ? new BTreeIndex(leafCapacity) : new ReferenceIndex();
                System.gc();
                long t0 = cpuNanos();
                long main = 0;
                for (int v = 0; v < versions; v++) {
                    for (int i = 0; i < n; i++) {
                        index.put(keys[i], Revision.pack(++main, 0));
                    }
                }
                long t1 = cpuNanos();
                long sink = 0;
                for (int i = 0; i < n; i++) {
                    sink += index.get(keys[order[i]], main).version();
                }
                long t2 = cpuNanos();
                if (sink != (long) n * versions) {
                    throw new IllegalStateException("wrong versions read: " + sink);
                }
                put[which][r] = (t1 - t0) / (double) ((long) n * versions);
                get[which][r] = (t2 - t1) / (double) n;
            }
        }
        double bp = median(put[0]);
        double rp = median(put[1]);
        double bg = median(get[0]);
        double rg = median(get[1]);
        System.out.printf(Locale.ROOT, "keys=%d versions=%d pattern=%s leaf=%d, CPU time, median of %d rounds:%n"
                        + "  put  btree %.0f ns  reference %.0f ns  (btree throughput x%.2f)%n"
                        + "  get  btree %.0f ns  reference %.0f ns  (btree throughput x%.2f)%n",
                n, versions, shape.name().toLowerCase(Locale.ROOT), leafCapacity, rounds, bp, rp, rp / bp, bg, rg, rg / bg);
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        return v[v.length / 2];
    }
}
