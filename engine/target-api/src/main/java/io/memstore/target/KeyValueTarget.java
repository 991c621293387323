package io.memstore.target;

/**
 * A key-value store that memstore measures: a row whose {@code system} names a class implementing this interface
 * (like {@code system: com.example.MyTarget}) loads that class in a forked probe JVM and measures it as it measures
 * its built-in systems (memstore's own store, a real etcd, H2, RocksDB, which implement this interface too).
 *
 * <h2>Creation</h2>
 * A target class is public and concrete, with a public constructor taking a {@link java.nio.file.Path} (its data
 * directory: created empty by the probe before the call, removed with everything in it after {@link #close}), or a
 * public no-argument constructor for a target without files. When it has both, the probe calls the one taking the
 * directory. One instance is measured per run of a row, in a JVM of its own; the calls come from one thread. After
 * every measured call, the class account of the row creates a second instance, empty, in a subdirectory of the
 * data directory, beside the first (see the last steps below).
 *
 * <h2>What the probe measures around each call</h2>
 * <ol>
 *   <li><b>Constructor</b>: the target is created first; then the JVM settles (collections, the JIT quiet) and the
 *       probe reads the baseline: heap in use and the process's RSS. What the constructor allocates is part of the
 *       baseline, not of the row.</li>
 *   <li><b>{@link #put}</b>: {@code versions} passes over the row's keys, each key put once per pass, timed as a
 *       whole: {@code load.putsPerSecond}. Then {@link #delete} for the row's deleted share of keys, then
 *       {@link #compact} when the row says {@code compact: latest} ({@code compact.seconds}), then {@link #flush}; {@code load.seconds}
 *       covers all of them.</li>
 *   <li><b>Memory</b>, with the target reachable and no call running: the JVM settles again, and the heap in use
 *       minus the baseline is {@code index.liveHeap} ({@code index.bytesPerKey} per key of the row); then the
 *       settled RSS ({@code process.rss}), the peak RSS of the whole run ({@code process.peakRss}) and
 *       {@link #nativeBytes} ({@code store.nativeBytes}).</li>
 *   <li><b>{@link #fileSize}</b>, once, after the memory readings: {@code store.fileSize}.</li>
 *   <li><b>{@link #get}</b>: a sample of keys that were put and not deleted, gets cycled through it, after a warm-up
 *       of the same calls: {@code get.opsPerSecond}. A get that returns false for such a key fails the row.</li>
 *   <li><b>{@link #reopen}</b>, after every other reading, timed as one call: {@code reopen.seconds}.</li>
 *   <li><b>A second instance</b> is created, empty, and the live objects are counted by class with both open; then
 *       {@link #close} of the measured instance, the count again, and {@link #close} of the second. The second
 *       instance's objects stand for the baseline's in the row's class account (what the measured instance retained
 *       by class), so the account takes no reading before the load. A failure of the second instance leaves a note
 *       on the account, not a failed row. Then the data directory is removed.</li>
 * </ol>
 * An exception thrown from any call fails the row, and the run writes no results; its message is printed with the
 * row's spec file, line and field, so a message that says what went wrong is worth writing.
 */
public interface KeyValueTarget extends AutoCloseable {

    /**
     * Puts a value under a key, replacing any value the key had.
     *
     * @param key   a new array for every call: the target may keep it as it is
     * @param value a buffer the probe reuses after the call returns: a target that keeps the value copies it
     */
    void put(byte[] key, byte[] value);

    /**
     * Reads a key.
     *
     * @return true when the key is found (put, and not deleted since)
     */
    boolean get(byte[] key);

    /** Deletes a key that was put; the probe deletes each key at most once. */
    void delete(byte[] key);

    /**
     * Drops what the target keeps of overwritten and deleted values (history, tombstones); timed. The probe calls it
     * once, after the puts and deletes, on a row with {@code compact: latest}; never on a row with {@code compact:
     * none} (the default). {@code compact: every N}, a compaction on a period during the load, is for memstore's and
     * etcd's rows: this interface has no call for it, and a target's row that asks for it fails. Does nothing by
     * default.
     */
    default void compact() {
    }

    /**
     * Makes every write complete (buffers written, logs checkpointed) at the end of the load, before the memory
     * readings, so they measure the state the target settles into. Does nothing by default.
     */
    default void flush() {
    }

    /**
     * Bytes of the target's files now; 0 when it has none (the default). A negative value says they cannot be read,
     * and the row records the size as unavailable.
     */
    default long fileSize() {
        return 0;
    }

    /**
     * Bytes the target holds outside the Java heap now, by its own count: native caches and buffers, memtables, index
     * blocks, direct {@code ByteBuffer}s. The probe reads it once, right after the settled RSS: {@code
     * store.nativeBytes}. A plan extrapolates this count, where it grows with the keys, apart from the rest of the
     * RSS growth, so a native cost too small to stand out of the RSS's noise at calibration sizes is still carried
     * to the planned size. Negative (the default) when the target does not count them; the row then records none.
     */
    default long nativeBytes() {
        return -1;
    }

    /**
     * Closes the target's files and opens them again, as a restarted service would, keeping its data; the probe
     * times the call. Returns false when the target has nothing to reopen (the default), and then records no reopen
     * figures.
     */
    default boolean reopen() {
        return false;
    }

    /** Releases everything the target holds; the probe removes the data directory after. */
    @Override
    void close();
}
