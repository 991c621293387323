package io.memstore.store.internal.index;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * Reads the live heap: the smallest, over five full collections, of the heap pools' usage right after a
 * collection ({@link MemoryPoolMXBean#getCollectionUsage()}, which a thread's fresh allocation buffer does not
 * inflate).
 *
 * <p>Why five: SerialGC's mark-compact leaves up to 5 % of the old generation as uncompacted dead objects
 * ({@code -XX:MarkSweepDeadRatio=5}) and compacts fully only every fourth full collection
 * ({@code MarkSweepAlwaysCompactCount=4}). With three collections, a 1.6 MB array that was provably dead (its weak
 * reference cleared) still counted as used in every other reading.
 */
final class LiveHeap {
    private LiveHeap() {
    }

    static long bytes() {
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
}
