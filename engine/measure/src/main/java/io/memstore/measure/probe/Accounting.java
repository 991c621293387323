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
 * The probe's readings for a row's {@link RowAccount}, placed so that none of the row's figures moves:
 * <ol>
 *   <li>{@link #start}, before the baseline's heap reading: one histogram and one native memory summary, read and
 *       written, so that what a first reading creates and the classes they need are part of the baseline;</li>
 *   <li>{@link #baselineClasses}, after the baseline's heap reading and before its RSS, and
 *       {@link #baselineNative}, right after its RSS reading: the class histogram and the native memory summary,
 *       kept as text in files beside the probe's result, not on the heap, so that the heap read after the load
 *       holds nothing of them. The histogram comes before the RSS so that what it leaves in the process (the memory
 *       its walk of the heap used, the young generation its output filled) is part of the baseline, not of the
 *       row's growth (read after the baseline's RSS, it moved a row's RSS by more than the account may: see the
 *       performance page), and after the heap reading, whose full collections clear what weak references held,
 *       as the collections after the load will;</li>
 *   <li>{@link #afterMemory}, right after the RSS reading after the load: the native memory summary;</li>
 *   <li>{@link #finish}, after the timed gets and before the reopen: the class histogram of the target as it was
 *       measured (a reopen rebuilds a store's index), and the account.</li>
 * </ol>
 * Each reading is a full collection and a walk of the heap (the histogram) or a copy of the JVM's counters (the
 * summary): a fraction of a second at a million keys. A part the JVM cannot give becomes a note, never a failed
 * row; {@value #PROPERTY}{@code =false} among the probe's JVM flags leaves the account out.
 */
final class Accounting {
    /** The system property that turns the account off ({@code -Dmemstore.probe.account=false}). */
    static final String PROPERTY = "memstore.probe.account";
    private static final String HISTOGRAM_FILE = "account-baseline-classes.txt";
    private static final String NATIVE_FILE = "account-baseline-native.txt";

    private final Path dir;
    private final boolean inThisJvm;
    private final List<String> notes = new ArrayList<>();
    private boolean classes;
    private boolean natives;
    private String nativeAfter;
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
     * Loads what the readings need, before the baseline.
     *
     * @param dir       where the baseline's readings are kept (the run's directory)
     * @param inThisJvm false for a target whose data lives in another process: no account of this JVM describes it
     */
    static Accounting start(Path dir, boolean inThisJvm) {
        long start = System.nanoTime();
        Accounting a = new Accounting(dir, inThisJvm);
        try {
            a.warmUp();
        } finally {
            a.nanos += System.nanoTime() - start;
        }
        return a;
    }

    private void warmUp() {
        if (!enabled()) {
            notes.add(RowAccount.CLASSES_UNAVAILABLE + PROPERTY + "=false among the probe's JVM flags");
            return;
        }
        if (!inThisJvm) {
            notes.add(RowAccount.CLASSES_UNAVAILABLE + "the row's data lives in another process, not in the"
                    + " probe's JVM");
            return;
        }
        try {
            // read and written as the baseline's will be, not parsed (only the account after every reading parses):
            // what the first reading creates (the command's and the MBean server's caches, the classes) exists
            // before the baseline's histogram, so the account does not count it, in or out
            String text = ClassHistogram.read();
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(HISTOGRAM_FILE), text, StandardCharsets.UTF_8);
            classes = true;
        } catch (AccountUnavailableException e) {
            notes.add(RowAccount.CLASSES_UNAVAILABLE + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the account's readings in " + dir + ": " + e.getMessage(), e);
        }
        try {
            // the native memory summary, read after the baseline's RSS, read and written once now for the same reason
            String text = NativeMemoryTracking.read();
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(NATIVE_FILE), text, StandardCharsets.UTF_8);
            natives = true;
        } catch (AccountUnavailableException e) {
            notes.add(RowAccount.NATIVE_UNAVAILABLE + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the account's readings in " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The baseline's class histogram, kept in a file: read after the baseline's heap reading (whose full collections
     * clear what weak references held, as the collections after the load will) and before its RSS.
     */
    void baselineClasses() {
        long start = System.nanoTime();
        if (classes) {
            classes = keep(HISTOGRAM_FILE, RowAccount.CLASSES_UNAVAILABLE, true);
        }
        nanos += System.nanoTime() - start;
    }

    /** The baseline's native memory summary, kept in a file: read right after the baseline's RSS. */
    void baselineNative() {
        long start = System.nanoTime();
        if (natives) {
            natives = keep(NATIVE_FILE, RowAccount.NATIVE_UNAVAILABLE, false);
        }
        nanos += System.nanoTime() - start;
    }

    private boolean keep(String file, String unavailable, boolean histogram) {
        try {
            String text = histogram ? ClassHistogram.read() : NativeMemoryTracking.read();
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(file), text, StandardCharsets.UTF_8);
            return true;
        } catch (AccountUnavailableException e) {
            notes.add(unavailable + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the baseline's reading in " + dir.resolve(file) + ": "
                    + e.getMessage(), e);
        }
        return false;
    }

    /** The native memory summary after the load, read with the RSS. */
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
     * The account: the histogram after the load against the baseline's, and the native memory before and after.
     *
     * @param keys      the row's keys
     * @param liveHeap  the row's index.liveHeap (B)
     * @param rssGrowth process.rss minus jvm.baselineRss (B), or null
     */
    RowAccount finish(long keys, long liveHeap, Long rssGrowth) {
        long start = System.nanoTime();
        ClassAccount classAccount = null;
        NativeAccount nativeAccount = null;
        try {
            if (classes) {
                String after = ClassHistogram.read();
                classAccount = ClassAccount.of(ClassHistogram.parse(read(HISTOGRAM_FILE)),
                        ClassHistogram.parse(after), keys, liveHeap);
            }
        } catch (AccountUnavailableException e) {
            notes.add(RowAccount.CLASSES_UNAVAILABLE + e.getMessage());
        }
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
            throw new UncheckedIOException("cannot read the baseline's reading back from " + dir.resolve(file)
                    + ": " + e.getMessage(), e);
        }
    }
}
