package io.memstore.bench;

import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;
import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.index.ReferenceIndex;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.LongFunction;

/**
 * The retained heap of an index in this JVM, for {@code ProcessFigures footprint} (run it in a fresh JVM with
 * {@code -XX:+UseSerialGC}). Builds N keys x V versions, each key made on the fly so that the harness holds no key
 * arrays; reads the heap after full collections before and after (loose), settles and reads it again, then compacts
 * at the last revision and reads it once more. It also gives the bytes the thread allocated in the puts and in the
 * settle, less what making the keys alone allocates (measured apart). The versions are written in round-robin passes
 * over the keys (every key's created and last revision the same distance apart), or {@code shuffled} in one random
 * order of all N x V puts (every key still gets V), which gives compacted keys headers that differ from key to key;
 * the order's int[] is dropped before the heap is read.
 */
public final class IndexFootprint {
    private IndexFootprint() {
    }

    /**
     * @param btree        the B-tree, else the reference index
     * @param keys         key {@code i}, a new array on each call
     * @param leafCapacity the B-tree's leaf capacity
     * @param label        names the keys' pattern in the output
     */
    public static void measure(boolean btree, int n, int versions, LongFunction<byte[]> keys, String label,
                               int leafCapacity, boolean shuffled, PrintStream out) {
        String kind = btree ? "btree" : "reference";
        long keyBytes = allocatedBytes();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += keys.apply(i)[0];
        }
        keyBytes = (allocatedBytes() - keyBytes) * versions;
        long before = liveHeap();
        RevisionIndex index = btree ? new BTreeIndex(leafCapacity) : new ReferenceIndex();
        long a0 = allocatedBytes();
        long t0 = System.nanoTime();
        long main = shuffled ? buildShuffled(index, keys, n, versions) : buildRoundRobin(index, keys, n, versions);
        long buildNanos = System.nanoTime() - t0;
        long a1 = allocatedBytes();
        long loose = liveHeap();
        long a2 = allocatedBytes();
        long ts = System.nanoTime();
        index.settle();
        long settleNanos = System.nanoTime() - ts;
        long a3 = allocatedBytes();
        long built = liveHeap();
        Reference.reachabilityFence(index);
        out.printf(Locale.ROOT, "%s keys=%d versions=%d: loose %.1f B/key, settled %.1f B/key; allocated besides the keys"
                        + " %.1f B/key in the puts, %.1f in the settle (keys alone %.1f B/key; sum %d); settle %.3f s%n",
                kind, n, versions, (double) (loose - before) / n, (double) (built - before) / n,
                (double) (a1 - a0 - keyBytes) / n, (double) (a3 - a2) / n, (double) keyBytes / n, sum, settleNanos / 1e9);
        long t1 = System.nanoTime();
        int kept = index.compact(main).length;
        long compactNanos = System.nanoTime() - t1;
        long compacted = liveHeap();
        Reference.reachabilityFence(index);

        String shape = index instanceof BTreeIndex b ? Arrays.toString(b.shape()) : "";
        out.printf(Locale.ROOT, "%s keys=%d versions=%d pattern=%s leaf=%d order=%s: %.1f B/key (%.1f MB) %s;%n"
                        + "  after compact at %d (kept %d): %.1f B/key, freed %.1f MB; build %.2f s, compact %.2f s%n",
                kind, n, versions, label, leafCapacity, shuffled ? "shuffled" : "roundrobin",
                (double) (built - before) / n, (built - before) / 1e6, shape, main, kept,
                (double) (compacted - before) / n, (built - compacted) / 1e6, buildNanos / 1e9, compactNanos / 1e9);
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /**
     * The live heap: the smallest, over five full collections, of the heap pools' usage right after a collection
     * (which a thread's fresh allocation buffer does not inflate). Five, because the serial collector's mark-compact
     * leaves some dead objects uncompacted and compacts fully only every fourth full collection.
     */
    private static long liveHeap() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            long sum = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                    sum += pool.getCollectionUsage().getUsed();
                }
            }
            used = Math.min(used, sum);
        }
        return used;
    }

    /** Pass after pass over the keys; returns the last main revision. */
    private static long buildRoundRobin(RevisionIndex index, LongFunction<byte[]> keys, int n, int versions) {
        long main = 0;
        for (int v = 0; v < versions; v++) {
            for (int i = 0; i < n; i++) {
                index.put(keys.apply(i), Revision.pack(++main, 0));
            }
        }
        return main;
    }

    /** All n x versions puts in one random order (Fisher-Yates, fixed seed); returns the last main revision. */
    private static long buildShuffled(RevisionIndex index, LongFunction<byte[]> keys, int n, int versions) {
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
            index.put(keys.apply(key), Revision.pack(++main, 0));
        }
        return main; // order is unreachable once this returns
    }
}
