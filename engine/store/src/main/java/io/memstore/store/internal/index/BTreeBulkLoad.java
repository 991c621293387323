package io.memstore.store.internal.index;

import java.util.ArrayList;
import java.util.List;

/**
 * The leaves of {@link BTreeIndex#load}: a file's records grouped by key ({@link RestoreRecords}), packed in key order,
 * every key's whole run written once, into leaves of {@code leafCapacity} keys packed exactly (settled, as an
 * ascending load leaves them). No descent, no split, no loose leaf: the index then builds its inner levels over
 * them ({@link BTreeRebuild}).
 *
 * <p>With more than one core and enough keys, the first half of the keys is packed on a second thread with a
 * builder of its own while the caller's thread packs the second half; the leaf where the halves meet may be less
 * full, and the rebuild merges it with its neighbour when small.
 */
final class BTreeBulkLoad {
    /** Keys from which the load packs on two threads. */
    private static final int PARALLEL_LOAD_KEYS = 1 << 16;

    /** The packed leaves, in key order, and the revisions they hold. */
    record Packed(List<BTreeLeaf> leaves, long revisions) {
    }

    private BTreeBulkLoad() {
    }

    /**
     * Packs every key of {@code records} in {@code order} (the keys' numbers in key order) with its run; {@code
     * builder} serves the caller's thread. The records must be consistent, as the store's loader checks while it
     * collects them.
     */
    static Packed pack(RestoreRecords records, int[] order, int leafCapacity, LeafBuilder builder) {
        int half = Runtime.getRuntime().availableProcessors() > 1 && order.length >= PARALLEL_LOAD_KEYS
                ? order.length / 2 : 0;
        List<BTreeLeaf> leaves = new ArrayList<>(order.length / leafCapacity + 2);
        List<BTreeLeaf> second = new ArrayList<>(order.length / leafCapacity + 2);
        long[] firstRevisions = new long[1];
        Throwable[] failure = new Throwable[1];
        Thread helper = null;
        if (half > 0) {
            helper = new Thread(() -> {
                try {
                    firstRevisions[0] = pack(records, order, 0, half, leafCapacity, new LeafBuilder(), leaves);
                } catch (RuntimeException | Error e) {
                    failure[0] = e;
                }
            }, "memstore-load");
            helper.setDaemon(true);
            helper.start();
        }
        long secondRevisions = pack(records, order, half, order.length, leafCapacity, builder, second);
        if (helper != null) {
            joinUninterruptibly(helper);
            if (failure[0] instanceof RuntimeException re) {
                throw re;
            }
            if (failure[0] != null) {
                throw (Error) failure[0];
            }
        }
        leaves.addAll(second);
        return new Packed(leaves, firstRevisions[0] + secondRevisions);
    }

    /**
     * Packs the keys {@code order[from, to)} with their runs into full leaves appended to {@code out}, using
     * {@code b}; returns the number of revisions written.
     */
    private static long pack(RestoreRecords records, int[] order, int from, int to, int leafCapacity, LeafBuilder b,
                             List<BTreeLeaf> out) {
        long revisions = 0;
        long bytes = 0;
        for (int i = from; i < to; i++) {
            int k = order[i];
            int length = records.keyLength(k);
            if (b.count() == leafCapacity || (b.count() > 0 && bytes + length > BTreeIndex.MAX_LEAF_BYTES)) {
                out.add(builtLeaf(b));
                bytes = 0;
            }
            b.addKey(BTreeLeaf.NO_BYTES, 0, records.keyBytes(k), records.keyFrom(k), length); // copied by the build
            bytes += length;
            int first = records.firstIndex(k);
            long previous = -1;
            for (int j = first, end = records.endIndex(k); j < end; j++) {
                long word = records.word(j);
                long[] words = b.reserveWords(RevisionRun.MAX_HEADER_WORDS + 1);
                int n = 0;
                if (previous >= 0 && RevisionRun.isTombstone(previous)) {
                    n = RevisionRun.writeHeader(words, b.wordCount(), records.created(j), records.version(j),
                            RevisionRun.revision(word));
                }
                words[b.wordCount() + n] = word;
                b.commitRun(n + 1);
                previous = word;
                revisions++;
            }
            b.setHeader(records.created(first), records.version(first));
        }
        if (b.count() > 0) {
            out.add(builtLeaf(b));
        }
        return revisions;
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static BTreeLeaf builtLeaf(LeafBuilder b) {
        BTreeLeaf leaf = new BTreeLeaf();
        b.build(leaf);
        return leaf;
    }
}
