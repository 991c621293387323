package io.memstore.measure.check;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What this machine offers a check run, read once before anything runs: its physical memory, and the free disk
 * space of the file system where the probes put their store files.
 *
 * @param physicalMemory bytes of physical memory (the container's limit when the JVM sees one); {@link #UNKNOWN}
 *                       when the platform does not tell
 * @param usableDisk     bytes a non-privileged write may still use at {@code diskPath}; {@link #UNKNOWN} likewise
 * @param diskPath       the directory whose file system was asked: the work directory or its nearest existing
 *                       parent
 */
public record MachineResources(long physicalMemory, long usableDisk, Path diskPath) {
    /** A resource the platform did not report: never a reason to refuse a row. */
    public static final long UNKNOWN = Long.MAX_VALUE;

    /** The resources of this machine, with the disk asked at {@code workDir} (which need not exist yet). */
    public static MachineResources current(Path workDir) {
        Path existing = nearestExisting(workDir.toAbsolutePath());
        long disk = UNKNOWN;
        if (existing != null) {
            try {
                disk = Files.getFileStore(existing).getUsableSpace();
            } catch (IOException e) {
                // unknown: the writability check will say what is wrong with the directory
            }
        }
        return new MachineResources(readPhysicalMemory(), disk, existing == null ? workDir : existing);
    }

    private static long readPhysicalMemory() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            long total = sun.getTotalMemorySize(); // container-aware since JDK 14
            if (total > 0) {
                return total;
            }
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: unknown
        }
        return UNKNOWN;
    }

    private static Path nearestExisting(Path p) {
        for (Path q = p; q != null; q = q.getParent()) {
            if (Files.isDirectory(q)) {
                return q;
            }
        }
        return null;
    }
}
