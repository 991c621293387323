package io.memstore.measure.probe;

import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The native memory this JVM itself tracks ({@code -XX:NativeMemoryTracking=summary}, read as {@code jcmd <pid>
 * VM.native_memory summary scale=b} through the DiagnosticCommand MBean): the bytes committed per category (Java
 * Heap, Class, Thread, Code, GC, Compiler, Internal, Other, Symbol, ...). Committed is not resident: a category may
 * commit pages it never touches. What the JVM does not allocate itself (a JNI library's malloc, as RocksDB's or
 * SQLite's) is in no category.
 */
public final class NativeMemoryTracking {
    private static final String DIAGNOSTIC_COMMAND = "com.sun.management:type=DiagnosticCommand";
    /** {@code -                 Java Heap (reserved=6320816128, committed=406847488)}. */
    private static final Pattern CATEGORY = Pattern.compile(
            "^-\\s+(.+?)\\s+\\(reserved=(\\d+)(?:B|KB)?, committed=(\\d+)(?:B|KB)?\\)\\s*$");

    private NativeMemoryTracking() {
    }

    /** The summary's text, read now. */
    static String read() throws AccountUnavailableException {
        try {
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(DIAGNOSTIC_COMMAND),
                    "vmNativeMemory", new Object[] {new String[] {"summary", "scale=b"}},
                    new String[] {String[].class.getName()});
            return String.valueOf(out);
        } catch (JMException | RuntimeException | LinkageError e) {
            throw new AccountUnavailableException("this JVM has no native memory command (HotSpot's"
                    + " VM.native_memory through the DiagnosticCommand MBean): " + e);
        }
    }

    /**
     * Committed bytes per category, in the summary's order.
     *
     * @throws AccountUnavailableException when tracking is off (the summary says so) or the text has no category
     */
    public static Map<String, Long> committed(String summary) throws AccountUnavailableException {
        Map<String, Long> committed = new LinkedHashMap<>();
        for (String line : summary.split("\n")) {
            Matcher m = CATEGORY.matcher(line);
            if (m.matches()) {
                committed.merge(m.group(1).strip(), Long.parseLong(m.group(3)), Long::sum);
            }
        }
        if (committed.isEmpty()) {
            String first = summary.strip().lines().findFirst().orElse("(nothing)");
            throw new AccountUnavailableException("Native Memory Tracking gave no category: "
                    + (first.length() > 120 ? first.substring(0, 120) + "..." : first)
                    + " (the probe starts its JVM with -XX:NativeMemoryTracking=summary; a flag of the user's may"
                    + " have turned it off)");
        }
        return Collections.unmodifiableMap(committed);
    }
}
