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
 * The live objects of this JVM by class, as HotSpot's class histogram gives them ({@code jcmd <pid>
 * GC.class_histogram}, here through the DiagnosticCommand MBean of this process): a full collection, then the
 * count and the shallow bytes of the objects of every class. It needs no agent and no dependency, sees every object
 * on the heap (JOL or an instrumentation agent would walk from a root and miss what the root does not reach), and
 * its bytes are the ones the collector counts, so the sum of a histogram agrees with the heap in use after a
 * collection.
 *
 * <p>Class names are written as Java writes types: {@code byte[]}, {@code java.lang.Object[][]},
 * {@code java.util.HashMap$Node}; the module HotSpot appends and the address of a hidden class
 * ({@code Foo$$Lambda$14/0x0000000800c0b000}) are left out, so two runs name the same classes alike. Classes of the
 * same name from different loaders are added together.
 */
public final class ClassHistogram {
    private static final String DIAGNOSTIC_COMMAND = "com.sun.management:type=DiagnosticCommand";
    /** {@code    1:          4847         234144  [B (java.base@17.0.15)}: rank, instances, bytes, name, module. */
    private static final Pattern LINE = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)(?:\\s+\\(.*\\))?\\s*$");
    private static final Pattern HIDDEN_ADDRESS = Pattern.compile("/0x[0-9a-fA-F]+$");

    /** Instances and bytes of one class. */
    public record Entry(long instances, long bytes) {
    }

    private final Map<String, Entry> classes;

    private ClassHistogram(Map<String, Entry> classes) {
        this.classes = Collections.unmodifiableMap(classes);
    }

    /** Class name -> its live instances and bytes, in the histogram's order (largest first). */
    public Map<String, Entry> classes() {
        return classes;
    }

    /** The histogram's text, read now (after a full collection that the command makes). */
    static String read() throws AccountUnavailableException {
        try {
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(DIAGNOSTIC_COMMAND),
                    "gcClassHistogram", new Object[] {new String[0]}, new String[] {String[].class.getName()});
            return String.valueOf(out);
        } catch (JMException | RuntimeException | LinkageError e) {
            throw new AccountUnavailableException("this JVM has no class histogram command (HotSpot's"
                    + " GC.class_histogram through the DiagnosticCommand MBean): " + e);
        }
    }

    /**
     * Parses a histogram's text.
     *
     * @throws AccountUnavailableException when the text holds no class line (a JVM that answered otherwise)
     */
    public static ClassHistogram parse(String text) throws AccountUnavailableException {
        Map<String, Entry> classes = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long instances = Long.parseLong(m.group(1));
            long bytes = Long.parseLong(m.group(2));
            classes.merge(javaName(m.group(3)), new Entry(instances, bytes),
                    (a, b) -> new Entry(a.instances() + b.instances(), a.bytes() + b.bytes()));
        }
        if (classes.isEmpty()) {
            String first = text.strip().lines().findFirst().orElse("(nothing)");
            throw new AccountUnavailableException("the class histogram command answered without a class line: "
                    + (first.length() > 120 ? first.substring(0, 120) + "..." : first));
        }
        return new ClassHistogram(classes);
    }

    /** A JVM type name ({@code [B}, {@code [[Ljava.lang.String;}, {@code Foo$$Lambda$1/0x...}) as Java writes it. */
    static String javaName(String jvmName) {
        int dims = 0;
        while (dims < jvmName.length() && jvmName.charAt(dims) == '[') {
            dims++;
        }
        String element = jvmName.substring(dims);
        if (dims > 0) {
            element = switch (element) {
                case "Z" -> "boolean";
                case "B" -> "byte";
                case "C" -> "char";
                case "S" -> "short";
                case "I" -> "int";
                case "J" -> "long";
                case "F" -> "float";
                case "D" -> "double";
                default -> element.startsWith("L") && element.endsWith(";")
                        ? element.substring(1, element.length() - 1) : element;
            };
        }
        element = HIDDEN_ADDRESS.matcher(element).replaceFirst("");
        return element + "[]".repeat(dims);
    }
}
