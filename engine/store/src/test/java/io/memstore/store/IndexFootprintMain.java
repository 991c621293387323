package io.memstore.store;

import java.lang.ref.Reference;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Measures the retained heap of an index (not a unit test; run by hand in a fresh JVM with
 * {@code -XX:+UseSerialGC}):
 * <pre>
 *   java -XX:+UseSerialGC -Xmx3g -cp engine/target/classes:engine/target/test-classes \
 *       io.memstore.store.IndexFootprintMain btree 1000000 5 random [leafCapacity] [roundrobin|shuffled]
 * </pre>
 * Builds N keys x V versions, each key made on the fly so the harness holds no key arrays; reads the heap after
 * full GCs before and after (loose), settles and reads it again, then compacts at the last revision and reads it
 * once more. It also gives the bytes the thread allocated in the puts and in the settle, less what making the keys
 * alone allocates (measured apart). The versions are written in
 * round-robin passes over the keys (every key's created and last revision the same distance apart), or with
 * {@code shuffled} in one random order of all N x V puts (every key still gets V), which gives compacted keys
 * headers that differ from key to key; the order's int[] is dropped before the heap is read.
 */
public final class IndexFootprintMain {
    private IndexFootprintMain() {
    }

    public static void main(String[] args) {
        String kind = args[0];
        int n = Integer.parseInt(args[1]);
        int versions = Integer.parseInt(args[2]);
        TestKeys keys = TestKeys.parse(args[3]);
        int leafCapacity = BTreeIndex.DEFAULT_LEAF_CAPACITY;
        boolean shuffled = false;
        for (int a = 4; a < args.length; a++) {
            if (args[a].equals("shuffled") || args[a].equals("roundrobin")) {
                shuffled = args[a].equals("shuffled");
            } else {
                leafCapacity = Integer.parseInt(args[a]);
            }
        }

        long keyBytes = allocatedBytes();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += keys.key(1, i)[0];
        }
        keyBytes = (allocatedBytes() - keyBytes) * versions;
        long before = LiveHeap.bytes();
        RevisionIndex index = kind.equals("btree") ? new BTreeIndex(leafCapacity) : new ReferenceIndex();
        long a0 = allocatedBytes();
        long t0 = System.nanoTime();
        long main = shuffled ? buildShuffled(index, keys, n, versions) : buildRoundRobin(index, keys, n, versions);
        long buildNanos = System.nanoTime() - t0;
        long a1 = allocatedBytes();
        long loose = LiveHeap.bytes();
        long a2 = allocatedBytes();
        long ts = System.nanoTime();
        index.settle();
        long settleNanos = System.nanoTime() - ts;
        long a3 = allocatedBytes();
        long built = LiveHeap.bytes();
        Reference.reachabilityFence(index);
        System.out.printf(Locale.ROOT, "%s keys=%d versions=%d: loose %.1f B/key, settled %.1f B/key; allocated"
                        + " besides the keys %.1f B/key in the puts, %.1f in the settle (keys alone %.1f B/key; sum %d);"
                        + " settle %.3f s%n", kind, n, versions, (double) (loose - before) / n,
                (double) (built - before) / n, (double) (a1 - a0 - keyBytes) / n, (double) (a3 - a2) / n,
                (double) keyBytes / n, sum, settleNanos / 1e9);
        long t1 = System.nanoTime();
        int kept = index.compact(main).length;
        long compactNanos = System.nanoTime() - t1;
        long compacted = LiveHeap.bytes();
        Reference.reachabilityFence(index);

        double perKey = (double) (built - before) / n;
        double perKeyCompacted = (double) (compacted - before) / n;
        String shape = index instanceof BTreeIndex b ? java.util.Arrays.toString(b.shape()) : "";
        System.out.printf(Locale.ROOT, "%s keys=%d versions=%d pattern=%s leaf=%d order=%s: %.1f B/key (%.1f MB) %s;"
                        + " after compact at %d (kept %d): %.1f B/key, freed %.1f MB; build %.2f s, compact %.2f s%n",
                kind, n, versions, keys.name().toLowerCase(Locale.ROOT), leafCapacity,
                shuffled ? "shuffled" : "roundrobin", perKey, (built - before) / 1e6, shape, main, kept,
                perKeyCompacted, (built - compacted) / 1e6, buildNanos / 1e9, compactNanos / 1e9);
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    /** Pass after pass over the keys; returns the last main revision. */
    private static long buildRoundRobin(RevisionIndex index, TestKeys keys, int n, int versions) {
        long main = 0;
        for (int v = 0; v < versions; v++) {
            for (int i = 0; i < n; i++) {
                index.put(keys.key(1, i), Revision.pack(++main, 0));
            }
        }
        return main;
    }

    /** All n x versions puts in one random order (Fisher-Yates, fixed seed); returns the last main revision. */
    private static long buildShuffled(RevisionIndex index, TestKeys keys, int n, int versions) {
        int[] order = new int[Math.multiplyExact(n, versions)];
        for (int s = 0; s < order.length; s++) {
            order[s] = s % n;
        }
        SplittableRandom random = new SplittableRandom(7);
        for (int s = order.length - 1; s > 0; s--) {
            int j = random.nextInt(s + 1);
            int t = order[s];
            order[s] = order[j];
            order[j] = t;
        }
        long main = 0;
        for (int key : order) {
            index.put(keys.key(1, key), Revision.pack(++main, 0));
        }
        return main; // order is unreachable once this returns
    }

}
