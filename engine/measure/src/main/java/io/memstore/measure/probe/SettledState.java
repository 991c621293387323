package io.memstore.measure.probe;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Brings the probe's JVM to the state in which its resident set is read, so that the reading describes the data
 * and not the moment. The probe reads RSS twice, before the build (the JVM's baseline) and after it, and both
 * times in this state:
 * <ol>
 *   <li><b>the JIT has settled</b> ({@link #settle}): the just-in-time compilers allocate arenas of native memory
 *       while they compile (several MB for a large C2 method). Freed arena chunks go to HotSpot's chunk pools,
 *       which a periodic task empties every 5 s; until then they are resident, and how much is there depends on
 *       what the compilers did in the last seconds. The probe waits until the total compilation time has not
 *       moved for {@value #QUIET_POLLS} polls {@value #POLL_MILLIS} ms apart (at most {@value #MAX_WAIT_MILLIS}
 *       ms), then for the pools' next cleaning ({@link ArenaChunkPool#awaitCleaning}), at most
 *       {@link #DEFAULT_SETTLE_MILLIS} ms, a wait that holds one cleaning whatever its phase, so the reading no
 *       longer counts the compilers' leftovers;</li>
 *   <li><b>the heap is collected</b> (the caller's {@link HeapMeter#liveHeap}): full collections until the live
 *       heap stops falling; under the probe's flags ({@link ProbeJvm}) the serial collector then sizes the old
 *       generation from the live data alone, as {@code -XX:MinHeapFreeRatio}/{@code MaxHeapFreeRatio} bound it,
 *       and gives the rest back to the system;</li>
 *   <li><b>freed native memory is returned</b> ({@link #trimNativeHeap}): glibc's malloc keeps memory freed by
 *       SQLite's connections, the compilers and the class loaders in its arenas, resident, and how much depends
 *       on the order of frees. The JVM's {@code System.trim_native_heap} diagnostic command (glibc's
 *       {@code malloc_trim}) releases it, so what stays resident is what is in use.</li>
 * </ol>
 * The store's part (every buffered write in the file, the write-ahead log checkpointed into it) is the target's
 * {@link LoadTarget#flush}. The peak of the process's life (VmHWM) is read at the same time and reported apart:
 * it covers the build, collections and write buffers included, and is not made repeatable by any of this.
 */
public final class SettledState {
    /**
     * The system property of the probe's JVM that sets the wait of {@link #settle} in ms; the parent sets it from
     * {@code RunnerOptions.settle}. 0 skips the settle altogether, the wait for the JIT included: for runs whose RSS
     * nobody reads, such as a quick look at a fraction of the keys, which then read RSS unsettled.
     */
    public static final String SETTLE_PROPERTY = "memstore.probe.settleMillis";
    /** The longest wait for a cleaning of the chunk pools: their cleaning interval (5 s) and a margin. */
    public static final long DEFAULT_SETTLE_MILLIS = 5_500;
    static final int POLL_MILLIS = 50;
    static final int QUIET_POLLS = 4;
    static final int MAX_WAIT_MILLIS = 5_000;
    private static final String DIAGNOSTIC_COMMAND = "com.sun.management:type=DiagnosticCommand";

    private SettledState() {
    }

    /** The wait the parent asked for ({@link #SETTLE_PROPERTY}), else {@link #DEFAULT_SETTLE_MILLIS}. */
    static long settleMillis() {
        return Math.max(0, Long.getLong(SETTLE_PROPERTY, DEFAULT_SETTLE_MILLIS));
    }

    /**
     * Waits for the JIT to go quiet ({@link #awaitCompilerQuiet}), then for the next cleaning of the arena chunk
     * pools, seen in Native Memory Tracking's figures, at most until {@code millis} have passed since
     * ({@link ArenaChunkPool#awaitCleaning}). Returns the milliseconds waited in all; 0 at once when {@code millis}
     * is 0 (the settle skipped).
     */
    static long settle(long millis) {
        return settle(millis, () -> { });
    }

    /** As {@link #settle(long)}, running {@code whenQuiet} once the JIT went quiet (at once when skipped). */
    static long settle(long millis, Runnable whenQuiet) {
        if (millis <= 0) {
            whenQuiet.run();
            return 0;
        }
        long start = System.nanoTime();
        awaitCompilerQuiet();
        whenQuiet.run();
        ArenaChunkPool.awaitCleaning(System.nanoTime() + millis * 1_000_000);
        return (System.nanoTime() - start) / 1_000_000;
    }

    /**
     * Waits until no compilation time accrued over {@value #QUIET_POLLS} consecutive polls, or
     * {@value #MAX_WAIT_MILLIS} ms passed. Returns the milliseconds waited; immediately 0 when the JVM does not
     * report compilation time.
     */
    static long awaitCompilerQuiet() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return 0;
        }
        long start = System.nanoTime();
        long last = jit.getTotalCompilationTime();
        int quiet = 0;
        while (quiet < QUIET_POLLS && (System.nanoTime() - start) / 1_000_000 < MAX_WAIT_MILLIS) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            long now = jit.getTotalCompilationTime();
            quiet = now == last ? quiet + 1 : 0;
            last = now;
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    /**
     * Asks the JVM to return freed C heap memory to the system ({@code jcmd <pid> System.trim_native_heap}, in
     * this process). True when the JVM did; false where the command does not exist (not glibc, or a JVM without
     * it): the reading then includes what malloc kept, and says so by the metric {@link Metrics#SETTLE_TRIMMED}.
     */
    static boolean trimNativeHeap() {
        try {
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(DIAGNOSTIC_COMMAND),
                    "systemTrimNativeHeap", new Object[] {new String[0]}, new String[] {String[].class.getName()});
            return !String.valueOf(out).toLowerCase(Locale.ROOT).contains("not ");
        } catch (JMException | RuntimeException e) {
            return false;
        }
    }
}
