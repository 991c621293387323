package io.memstore.measure.result;

import io.memstore.measure.probe.MeasuredStore;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Objects;

/**
 * Where a run was measured, so that results from different machines are not compared blindly.
 *
 * @param java    the Java runtime, like {@code 17.0.15+6-Debian-1deb12u1 (Debian)}
 * @param jvmArgs the arguments of the JVMs that measured (the forked probe JVMs, not necessarily this one)
 * @param os      operating system name, version and architecture
 * @param cpus    processors available to the JVM
 * @param store   the memstore-store the probes ran, or null when not recorded (results of older versions)
 */
public record Environment(String java, List<String> jvmArgs, String os, int cpus, MeasuredStore store) {
    public Environment {
        Objects.requireNonNull(java, "java");
        Objects.requireNonNull(os, "os");
        jvmArgs = List.copyOf(jvmArgs);
        if (cpus < 1) {
            throw new IllegalArgumentException("cpus must be at least 1, got " + cpus);
        }
    }

    /** An environment without a record of the store measured. */
    public Environment(String java, List<String> jvmArgs, String os, int cpus) {
        this(java, jvmArgs, os, cpus, null);
    }

    /** The same environment, recording which store the probes ran. */
    public Environment withStore(MeasuredStore measured) {
        return new Environment(java, jvmArgs, os, cpus, measured);
    }

    /** This JVM's environment, with the given arguments of the measuring JVMs. */
    public static Environment current(List<String> jvmArgs) {
        String java = Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ")";
        String os = System.getProperty("os.name", "unknown") + " " + System.getProperty("os.version", "")
                + " " + System.getProperty("os.arch", "");
        return new Environment(java, jvmArgs, os.strip(), Runtime.getRuntime().availableProcessors());
    }

    /** This JVM's environment including its own input arguments (when it is the measuring JVM). */
    public static Environment current() {
        return current(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }
}
