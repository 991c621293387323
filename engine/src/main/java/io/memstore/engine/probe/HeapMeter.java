package io.memstore.engine.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;

/**
 * Heap readings of this JVM.
 *
 * <p>{@link #liveHeap()} is the retained-heap method of measuring.md: full collections until the reading
 * stops falling, then the sum over heap pools of {@link MemoryPoolMXBean#getCollectionUsage()}, the usage
 * right after the last collection, so objects allocated after it (by the reading itself) do not count. It
 * is exact about what is reachable, provided the caller keeps the measured structure reachable through the
 * reading ({@link java.lang.ref.Reference#reachabilityFence}); under {@code -XX:+UseSerialGC}
 * {@code System.gc()} is a full, compacting, stop-the-world collection.
 *
 * <p>{@link #threadAllocatedBytes()} is the other method, the seed's (Go's ReadMemStats): bytes the current
 * thread allocated, garbage included. It equals retained size only for garbage-free builds.
 */
final class HeapMeter {
    private static final int MAX_COLLECTIONS = 8;

    private HeapMeter() {
    }

    /** Heap in use after full collections, in bytes: repeated until two readings agree (at most 8). */
    static long liveHeap() {
        long previous = Long.MAX_VALUE;
        long reading = Long.MAX_VALUE;
        for (int n = 0; n < MAX_COLLECTIONS; n++) {
            System.gc();
            reading = usedAfterLastCollection();
            // finalizers and reference processing may free more on the next collection; stop when nothing does
            if (n >= 2 && reading >= previous) {
                break;
            }
            previous = reading;
        }
        return Math.min(previous, reading);
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
