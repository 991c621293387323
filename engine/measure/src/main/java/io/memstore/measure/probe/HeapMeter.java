package io.memstore.measure.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;

/**
 * Heap readings of this JVM.
 *
 * <p>{@link #liveHeap()} is the retained-heap measurement: full collections until the reading
 * stops falling, then the sum over heap pools of {@link MemoryPoolMXBean#getCollectionUsage()}, the usage
 * right after the last collection, so objects allocated after it (by the reading itself) do not count. It
 * is exact about what is reachable, provided the caller keeps the measured structure reachable through the
 * reading ({@link java.lang.ref.Reference#reachabilityFence}); under {@code -XX:+UseSerialGC}
 * {@code System.gc()} is a full, compacting, stop-the-world collection.
 *
 * <p>{@link #threadAllocatedBytes()} is the other method, etcd's benchmark's (Go's ReadMemStats): bytes the current
 * thread allocated, garbage included. It equals retained size only for garbage-free builds.
 */
final class HeapMeter {
    private static final int MAX_COLLECTIONS = 8;
    /**
     * At least this many: HotSpot's serial collector may leave dead objects uncompacted ("dead wood", up to
     * MarkSweepDeadRatio = 5 % of the old generation) except on every MarkSweepAlwaysCompactCount-th (4th)
     * full collection. The probe's JVM sets the ratio to 0; four collections make the reading right without it.
     * Four in a row also let the collector finish shrinking the old generation to {@code MaxHeapFreeRatio}, which
     * it does in steps (none of the excess at the first of consecutive shrinking collections, then 10 %, 40 %, all),
     * so the resident set read after them is that of the free ratios, not of the load's last collections.
     */
    private static final int MIN_COLLECTIONS = 4;

    private HeapMeter() {
    }

    /**
     * Heap in use after full collections, in bytes: collections are repeated (at least four, at most eight)
     * until two consecutive readings agree, and the last reading is returned. Not the smallest: a full
     * collection that finds the old generation too small leaves objects in the young generation and expands
     * the heap, and the pools' usage after that collection misses those objects; the next collection reads
     * right.
     */
    static long liveHeap() {
        long previous = -1;
        long reading = -1;
        for (int n = 0; n < MAX_COLLECTIONS; n++) {
            System.gc();
            previous = reading;
            reading = usedAfterLastCollection();
            if (n + 1 >= MIN_COLLECTIONS && reading == previous) {
                break;
            }
        }
        return reading;
    }

    private static long usedAfterLastCollection() {
        long sum = 0;
        boolean any = false;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() != MemoryType.HEAP || !pool.isValid()) {
                continue;
            }
            MemoryUsage usage = pool.getCollectionUsage(); // null for pools no collector reports on
            if (usage != null) {
                sum += usage.getUsed();
                any = true;
            }
        }
        if (!any) { // a collector without collection usage: fall back to usage now, just after System.gc()
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
        return sum;
    }

    /** The heap limit (-Xmx) in bytes. */
    static long maxHeap() {
        return Runtime.getRuntime().maxMemory();
    }

    /** Bytes allocated so far by the current thread, or null when the JVM cannot tell. */
    static Long threadAllocatedBytes() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean sun && sun.isThreadAllocatedMemorySupported()) {
            if (!sun.isThreadAllocatedMemoryEnabled()) {
                sun.setThreadAllocatedMemoryEnabled(true);
            }
            long bytes = sun.getCurrentThreadAllocatedBytes();
            return bytes < 0 ? null : bytes;
        }
        return null;
    }
}
