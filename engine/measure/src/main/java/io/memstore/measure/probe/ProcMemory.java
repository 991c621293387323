package io.memstore.measure.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The process's memory as Linux reports it: {@code /proc/self/status} (VmRSS, VmHWM, RssAnon, RssFile, ...)
 * and {@code /proc/self/smaps_rollup} (Pss, ...). Both files hold lines like {@code VmRSS:   123456 kB};
 * "kB" there means KiB, so values are converted to bytes with a factor of 1024.
 *
 * <p>A field that the file does not have (older kernels lack RssAnon and smaps_rollup; other systems have no
 * /proc at all) is unavailable: {@link #bytes} returns null, never a guess.
 */
public final class ProcMemory {
    static final Path STATUS = Path.of("/proc/self/status");
    static final Path SMAPS_ROLLUP = Path.of("/proc/self/smaps_rollup");

    private final Map<String, Long> status;
    private final Map<String, Long> rollup;

    ProcMemory(Map<String, Long> status, Map<String, Long> rollup) {
        this.status = status;
        this.rollup = rollup;
    }

    /** Reads both files now; a file that cannot be read contributes no fields. */
    public static ProcMemory read() {
        return new ProcMemory(parse(readOrEmpty(STATUS)), parse(readOrEmpty(SMAPS_ROLLUP)));
    }

    /** From file texts (for tests and other processes' files). */
    public static ProcMemory of(String statusText, String smapsRollupText) {
        return new ProcMemory(parse(statusText), parse(smapsRollupText));
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return "";
        }
    }

    /**
     * The fields of the form {@code Name: <number> kB}, in bytes. Lines of other forms (names, counts, lists,
     * the address header of smaps_rollup) are skipped, as are fields whose number does not parse.
     */
    static Map<String, Long> parse(String text) {
        Map<String, Long> out = new HashMap<>();
        if (text == null) {
            return out;
        }
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String[] parts = line.substring(colon + 1).trim().split("\\s+");
            if (parts.length != 2 || !parts[1].equals("kB")) {
                continue;
            }
            try {
                long kib = Long.parseLong(parts[0]);
                if (kib >= 0 && kib <= Long.MAX_VALUE / 1024) {
                    out.put(line.substring(0, colon).trim(), kib * 1024);
                }
            } catch (NumberFormatException e) {
                // not a number: the field is unavailable
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** A field of /proc/self/status in bytes, or null when unavailable. */
    public Long bytes(String statusField) {
        return status.get(statusField);
    }

    /** A field of /proc/self/smaps_rollup in bytes, or null when unavailable. */
    public Long rollupBytes(String field) {
        return rollup.get(field);
    }

    /** Resident set size now (VmRSS). */
    public Long rss() {
        return bytes("VmRSS");
    }

    /** The highest resident set size so far (VmHWM, the high-water mark). */
    public Long peakRss() {
        return bytes("VmHWM");
    }

    /** Anonymous resident memory (RssAnon): Java heap, thread stacks, malloc, SQLite's page cache. */
    public Long rssAnon() {
        return bytes("RssAnon");
    }

    /** File-backed resident memory (RssFile): mapped jars, libraries, the CDS archive, mmap'ed files. */
    public Long rssFile() {
        return bytes("RssFile");
    }

    /** Proportional set size (Pss of smaps_rollup): shared pages divided among the processes sharing them. */
    public Long pss() {
        return rollupBytes("Pss");
    }
}
