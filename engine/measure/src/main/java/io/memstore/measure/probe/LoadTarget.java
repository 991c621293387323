package io.memstore.measure.probe;

import io.memstore.target.KeyValueTarget;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the probe drives: a {@link KeyValueTarget}, the public contract every measured system implements (memstore's
 * index and store, etcd, H2, RocksDB, and a project's own class through {@link ClassTarget}), with the readings the
 * probe takes of it besides the calls of that contract. Revisions are the target's business; the probe only says
 * which key changes.
 *
 * <p>The data of most targets lives in the probe's own JVM, which the probe measures by default
 * ({@link #memory}, {@link #heapInUse}); a target whose data lives in another process (a server the probe
 * loads over the network) measures that process instead.
 */
public interface LoadTarget extends KeyValueTarget {

    /**
     * Compacts at the revision {@code window} writes back from the last written, keeping that window of history
     * ({@code compact: every}); nothing while fewer revisions were written.
     *
     * @throws UnsupportedOperationException for a target that keeps no history (the spec refuses such rows)
     */
    default void compactBack(long window) {
        throw new UnsupportedOperationException(getMethod() + " keeps no history to compact on a period");
    }

    /**
     * Grants {@code count} leases whose time to live is longer than the row, before the load.
     *
     * @throws UnsupportedOperationException for a target without leases (the spec refuses such rows)
     */
    default void grantLeases(long count) {
        throw new UnsupportedOperationException(getMethod() + " has no leases");
    }

    /** Puts a key attached to lease {@code lease} (0-based, of those {@link #grantLeases granted}). */
    default void putWithLease(byte[] key, byte[] value, long lease) {
        throw new UnsupportedOperationException(getMethod() + " has no leases");
    }

    /**
     * Opens one watcher per key range before the load, reading every event from the next write on: range
     * {@code w} runs from {@code starts.get(w)} (included) to {@code starts.get(w + 1)} (excluded), the last one
     * to the end of the key space; the first start is the empty key.
     *
     * @throws UnsupportedOperationException for a target without watches (the spec refuses such rows)
     */
    default void watch(java.util.List<byte[]> starts) {
        throw new UnsupportedOperationException(getMethod() + " has no watches");
    }

    /**
     * Waits until the watchers delivered {@code expected} events in all, and returns the count delivered.
     *
     * @throws IllegalStateException when a watcher was cancelled or failed, or the events stop coming short of
     *                               {@code expected}
     */
    default long awaitWatchEvents(long expected) {
        return 0;
    }

    long keyCount();

    long revisionCount();

    /** What must stay reachable through a heap reading. */
    Object retained();

    /** How a get is made, for the record ("index.get", "store.range single key"). */
    String getMethod();

    /**
     * True when the data lives in this JVM (the default); false for a server loaded over the network, whose
     * client's allocations in this JVM say nothing about the data.
     */
    default boolean inThisJvm() {
        return true;
    }

    /**
     * Brings the process that holds the data to the state in which its memory is read, right before each
     * reading of {@link #heapInUse} and {@link #memory}: nothing by default, since the probe settles its own JVM
     * ({@link SettledState}); a server in another process collects its garbage and returns the freed pages.
     */
    default void settle() {
    }

    /**
     * The memory of the process that holds the data, read now: by default this JVM's ({@link ProcMemory#read}).
     */
    default ProcMemory memory() {
        return ProcMemory.read();
    }

    /**
     * Heap in use by the process that holds the data (B): by default this JVM's after full collections
     * ({@link HeapMeter#liveHeap}); a process whose collections the probe cannot force reports its own figure.
     */
    default long heapInUse() {
        return HeapMeter.liveHeap();
    }

    /** Gets worth timing at most (a target whose every get is a network round trip takes fewer). */
    default int maxGets() {
        return Integer.MAX_VALUE;
    }

    /** The target's own metrics, read after the memory readings and added to the row's; none by default. */
    default Map<String, Number> extraMetrics() {
        return Map.of();
    }

    /**
     * True when the target may have something to reopen: its class implements {@link #reopen} rather than
     * inheriting the interface's default, which reopens nothing. The probe announces the reopen phase only then.
     */
    default boolean reopens() {
        return implementsReopen(this);
    }

    /** Whether {@code target}'s class implements {@link KeyValueTarget#reopen} itself or in a superclass. */
    static boolean implementsReopen(KeyValueTarget target) {
        try {
            return target.getClass().getMethod("reopen").getDeclaringClass() != KeyValueTarget.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError("a KeyValueTarget without reopen()", e);
        }
    }

    /**
     * {@link #reopen}, timed, after every other reading: the metrics of it ({@link Metrics#REOPEN_SECONDS}, and
     * for a target that rebuilds its index from its revisions {@link Metrics#REOPEN_REVISIONS_PER_SECOND}); none
     * when the target has nothing to reopen. By default the whole call is timed; a built-in target that knows what
     * a restart costs (the open only, without the close before it) times that part itself.
     */
    default Map<String, Number> timedReopen() {
        long start = System.nanoTime();
        if (!reopen()) {
            return Map.of();
        }
        Map<String, Number> m = new LinkedHashMap<>();
        m.put(Metrics.REOPEN_SECONDS, (System.nanoTime() - start) / 1e9);
        return m;
    }
}
