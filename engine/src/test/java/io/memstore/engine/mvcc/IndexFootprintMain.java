package io.memstore.engine.mvcc;

import java.lang.ref.Reference;
import java.util.Locale;

/**
 * Measures the retained heap of an index (not a unit test; run by hand in a fresh JVM with
 * {@code -XX:+UseSerialGC}):
 * <pre>
 *   java -XX:+UseSerialGC -Xmx3g -cp engine/target/classes:engine/target/test-classes \
 *       io.memstore.engine.mvcc.IndexFootprintMain btree 1000000 5 random [leafCapacity]
 * </pre>
 * Builds N keys x V versions in round-robin passes, each key made on the fly so the harness holds no key arrays;
 * reads the heap after full GCs before and after; then compacts at the last revision and reads it again.
 */
public final class IndexFootprintMain {
    private IndexFootprintMain() {
    }

    public static void main(String[] args) {
        String kind = args[0];
        int n = Integer.parseInt(args[1]);
        int versions = Integer.parseInt(args[2]);
        TestKeys keys = TestKeys.parse(args[3]);
        int leafCapacity = args.length > 4 ? Integer.parseInt(args[4]) : BTreeIndex.DEFAULT_LEAF_CAPACITY;

        long before = LiveHeap.bytes();
        RevisionIndex index = kind.equals("btree") ? new BTreeIndex(leafCapacity) : new ReferenceIndex();
        long main = 0;
        long t0 = System.nanoTime();
        for (int v = 0; v < versions; v++) {
            for (int i = 0; i < n; i++) {
                index.put(keys.key(1, i), Revision.pack(++main, 0));
            }
        }
        long buildNanos = System.nanoTime() - t0;
        long built = LiveHeap.bytes();
        Reference.reachabilityFence(index);
        long t1 = System.nanoTime();
        int kept = index.compact(main).length;
        long compactNanos = System.nanoTime() - t1;
        long compacted = LiveHeap.bytes();
        Reference.reachabilityFence(index);

        double perKey = (double) (built - before) / n;
        double perKeyCompacted = (double) (compacted - before) / n;
        String shape = index instanceof BTreeIndex b ? java.util.Arrays.toString(b.shape()) : "";
        System.out.printf(Locale.ROOT, "%s keys=%d versions=%d pattern=%s leaf=%d: %.1f B/key (%.1f MB) %s;"
                        + " after compact at %d (kept %d): %.1f B/key, freed %.1f MB; build %.2f s, compact %.2f s%n",
                kind, n, versions, keys.name().toLowerCase(Locale.ROOT), leafCapacity, perKey, (built - before) / 1e6,
                shape, main, kept, perKeyCompacted, (built - compacted) / 1e6, buildNanos / 1e9, compactNanos / 1e9);
    }

}
