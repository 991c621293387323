package io.memstore.measure.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probe's readings for a row's {@link RowAccount}, placed so that none of the row's figures moves: nothing of the
 * account runs between the baseline's settling and the last reading of the row's figures but a read of counters.
 * <ol>
 *   <li>{@link #start}, before the baseline's settling: the native memory summary, kept as text in a file beside the
 *       probe's result (not on the heap), the "before" of the native account;</li>
 *   <li>{@link #afterMemory}, right after the RSS reading after the load: the native memory summary again;</li>
 *   <li>{@link #afterClasses}, after the timed gets and the timed reopen: a new, empty target of the same row is
 *       opened beside the loaded one, and the class histogram of both is kept in a file. Before the reopen, the
 *       empty target's opening warmed the reopen's code and sped it up by a third at a million keys; so a store that
 *       reopens is accounted as its reopen left it (memstore's store loads the same index back);</li>
 *   <li>{@link #finish}, after the row's last figure, the loaded target closed and out of reach: the class histogram
 *       with the empty target alone, which is then closed. That is the baseline's state (the JVM, the probe's
 *       generators, an empty target) read at the end instead of the start, and the account is the first histogram
 *       minus it: the loaded target's objects, whatever the JVM made between the two readings cancelling out.</li>
 * </ol>
 * The empty target's histogram stands in for one taken at the baseline because any reading before the load moved
 * the row's figures: a class histogram or a native memory summary read between the baseline's settling and the
 * RSS after the load raised that RSS by 0.6 to 0.9 % at a million keys (the performance page gives the runs), more
 * than the account may move them. What the load created outside the target and still holds after it is closed (the
 * classes it loaded, a static cache) is in both histograms, so the account leaves it out; it stays in
 * index.liveHeap.
 *
 * <p>Each histogram is a full collection and a walk of the heap, the summary a copy of the JVM's counters: a
 * fraction of a second at a million keys. A part the JVM cannot give becomes a note, never a failed row;
 * {@value #PROPERTY}{@code =false} among the probe's JVM flags leaves the account out.
 */
final class Accounting {
    /** The system property that turns the account off ({@code -Dmemstore.probe.account=false}). */
    static final String PROPERTY = "memstore.probe.account";
    private static final String LOADED_FILE = "account-loaded-classes.txt";
    private static final String NATIVE_FILE = "account-baseline-native.txt";

    /** Opens a new, empty target of the row, for the histogram that stands for the baseline's. */
    @FunctionalInterface
    interface EmptyTarget {
        AutoCloseable open() throws Exception;
    }

    private final Path dir;
    private final boolean inThisJvm;
    private final List<String> notes = new ArrayList<>();
    private boolean classes;
    private boolean natives;
    private String nativeAfter;
    private AutoCloseable emptyTarget;
    private long nanos;

    private Accounting(Path dir, boolean inThisJvm) {
        this.dir = dir;
        this.inThisJvm = inThisJvm;
    }

    /** True unless {@value #PROPERTY} is {@code false}. */
    static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getProperty(PROPERTY, "true").strip());
    }

    /**
     * Reads the native memory summary of the baseline, before its settling.
     *
     * @param dir       where the readings are kept (the run's directory)
     * @param inThisJvm false for a target whose data lives in another process: no account of this JVM describes it
     */
    static Accounting start(Path dir, boolean inThisJvm) {
        long start = System.nanoTime();
        Accounting a = new Accounting(dir, inThisJvm);
        try {
            a.baseline();
        } finally {
            a.nanos += System.nanoTime() - start;
        }
        return a;
    }

    private void baseline() {
        if (!enabled()) {
            notes.add(RowAccount.CLASSES_UNAVAILABLE + PROPERTY + "=false among the probe's JVM flags");
            return;
        }
        if (!inThisJvm) {
            notes.add(RowAccount.CLASSES_UNAVAILABLE + "the row's data lives in another process, not in the"
                    + " probe's JVM");
            return;
        }
        classes = true;
        try {
            keep(NATIVE_FILE, NativeMemoryTracking.read());
            natives = true;
        } catch (AccountUnavailableException e) {
            notes.add(RowAccount.NATIVE_UNAVAILABLE + e.getMessage());
        }
    }

    private void keep(String file, String text) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(file), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the account's reading in " + dir.resolve(file) + ": "
                    + e.getMessage(), e);
        }
    }

    /** The native memory summary after the load, read right after the RSS. */
    void afterMemory() {
        long start = System.nanoTime();
        if (natives) {
            try {
                nativeAfter = NativeMemoryTracking.read();
            } catch (AccountUnavailableException e) {
                notes.add(RowAccount.NATIVE_UNAVAILABLE + e.getMessage());
                natives = false;
            }
        }
        nanos += System.nanoTime() - start;
    }

    /**
     * Opens the empty target beside the loaded one and keeps the class histogram of both in a file: after the row's
     * readings and its reopen. An empty target that cannot be opened leaves a note, not a failed row.
     */
    void afterClasses(EmptyTarget empty) {
        long start = System.nanoTime();
        if (classes) {
            try {
                emptyTarget = empty.open();
                keep(LOADED_FILE, ClassHistogram.read());
            } catch (AccountUnavailableException e) {
                notes.add(RowAccount.CLASSES_UNAVAILABLE + e.getMessage());
                classes = false;
            } catch (Exception | LinkageError e) {
                notes.add(RowAccount.CLASSES_UNAVAILABLE + "an empty target of the row, whose histogram stands for"
                        + " the baseline's, could not be opened: " + e);
                classes = false;
            }
        }
        nanos += System.nanoTime() - start;
    }

    /** Closes the empty target if it is still open (the row failed before {@link #finish}); never throws. */
    void closeEmptyTarget() {
        AutoCloseable target = emptyTarget;
        emptyTarget = null;
        if (target != null) {
            try {
                target.close();
            } catch (Exception | LinkageError e) {
                notes.add(RowAccount.CLASSES_UNAVAILABLE + "the empty target of the row could not be closed: " + e);
            }
        }
    }

    /**
     * The account: the histogram of the loaded and the empty target against the empty target's alone, and the native
     * memory before and after the load. Called with the loaded target closed and unreachable; closes the empty one.
     *
     * @param keys      the row's keys
     * @param liveHeap  the row's index.liveHeap (B)
     * @param rssGrowth process.rss minus jvm.baselineRss (B), or null
     */
    RowAccount finish(long keys, long liveHeap, Long rssGrowth) {
        long start = System.nanoTime();
        ClassAccount classAccount = null;
        NativeAccount nativeAccount = null;
        if (classes && emptyTarget != null) {
            try {
                String without = ClassHistogram.read();
                classAccount = ClassAccount.of(ClassHistogram.parse(without), ClassHistogram.parse(read(LOADED_FILE)),
                        keys, liveHeap);
            } catch (AccountUnavailableException e) {
                notes.add(RowAccount.CLASSES_UNAVAILABLE + e.getMessage());
            }
        }
        closeEmptyTarget();
        try {
            if (natives && nativeAfter != null) {
                Map<String, Long> before = NativeMemoryTracking.committed(read(NATIVE_FILE));
                Map<String, Long> after = NativeMemoryTracking.committed(nativeAfter);
                Map<String, NativeAccount.Category> categories = new LinkedHashMap<>();
                after.forEach((name, bytes) -> categories.put(name, new NativeAccount.Category(name,
                        before.getOrDefault(name, 0L), bytes)));
                before.forEach((name, bytes) -> categories.putIfAbsent(name, new NativeAccount.Category(name,
                        bytes, 0)));
                nativeAccount = new NativeAccount(List.copyOf(categories.values()), rssGrowth, liveHeap);
            }
        } catch (AccountUnavailableException e) {
            notes.add(RowAccount.NATIVE_UNAVAILABLE + e.getMessage());
        }
        if (!inThisJvm && notes.isEmpty()) {
            notes.add(RowAccount.CLASSES_UNAVAILABLE + "the row's data lives in another process");
        }
        nanos += System.nanoTime() - start;
        return new RowAccount(classAccount, nativeAccount, notes, enabled() ? nanos / 1e9 : null);
    }

    private String read(String file) {
        try {
            return Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the account's reading back from " + dir.resolve(file)
                    + ": " + e.getMessage(), e);
        }
    }
}
