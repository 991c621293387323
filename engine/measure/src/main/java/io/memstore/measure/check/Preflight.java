package io.memstore.measure.check;

import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.spec.Units;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The checks a run passes before its first probe starts, so that a run that cannot succeed fails in a second
 * with the numbers instead of after an hour, or by exhausting the machine:
 * <ol>
 *   <li>the output directory and the probes' work directory can be created and written (a file is created and
 *       removed in each);</li>
 *   <li>no row needs more memory than the machine has ({@link RowFootprint#memoryBytes} against
 *       {@link MachineResources#physicalMemory});</li>
 *   <li>no row needs more heap than an {@code -Xmx} among the user's probe flags allows: those flags come after the
 *       probe's own and win, so a row whose index, write buffers and values ({@link ProbeJvm#requiredHeap}) do not
 *       fit would run out of heap after minutes of loading;</li>
 *   <li>the store files fit the free disk of the work directory: the largest row's file, since each run's
 *       directory is deleted after it, or all of them when files are kept;</li>
 *   <li>every row's system can run here ({@link #systems}): an etcd program is there for the etcd rows.</li>
 * </ol>
 * Every row that fails is named, not just the first.
 */
public final class Preflight {
    private Preflight() {
    }

    /**
     * @param keepFiles whether run directories are kept (then every run's store file counts towards the disk)
     * @return one line for people describing the largest estimates, for progress output
     * @throws PreflightException when something cannot work
     */
    public static String check(List<Row> rows, Path outputDirectory, Path workDir, boolean keepFiles,
                               MachineResources machine) {
        return check(rows, outputDirectory, workDir, keepFiles, machine, List.of());
    }

    /**
     * As {@link #check(List, Path, Path, boolean, MachineResources)}, with the user's probe flags
     * ({@code memstore.jvmArgs}), whose last {@code -Xmx} every row's heap must fit.
     */
    public static String check(List<Row> rows, Path outputDirectory, Path workDir, boolean keepFiles,
                               MachineResources machine, List<String> jvmArgs) {
        writable(outputDirectory, "output directory");
        if (!workDir.toAbsolutePath().normalize().equals(outputDirectory.toAbsolutePath().normalize())) {
            writable(workDir, "probe work directory");
        }
        List<RowFootprint> footprints = rows.stream().map(RowFootprint::of).toList();
        List<String> problems = new ArrayList<>();
        Long userXmx = lastXmx(jvmArgs);
        Set<Row> refused = new HashSet<>();
        for (RowFootprint f : footprints) {
            if (f.memoryBytes() > machine.physicalMemory()) {
                problems.add(memoryProblem(f, machine));
                refused.add(f.row());
            }
            RowParams p = f.row().params();
            if (userXmx != null && ProbeJvm.requiredHeap(p) > userXmx) {
                problems.add(heapProblem(f, userXmx));
                refused.add(f.row());
            }
        }
        double diskNeeded = 0;
        for (RowFootprint f : footprints) {
            if (f.storeFileBytes() > machine.usableDisk()) {
                problems.add(diskProblem(f, machine));
                refused.add(f.row());
            }
            diskNeeded = keepFiles ? diskNeeded + f.storeFileBytes() * Math.max(1, f.row().params().runs())
                    : Math.max(diskNeeded, f.storeFileBytes());
        }
        long rowProblems = refused.size();
        if (problems.isEmpty() && keepFiles && diskNeeded > machine.usableDisk()) {
            problems.add("with keepFiles every run's store file stays: together they need an estimated "
                    + Units.iec(diskNeeded) + " of disk, but only " + Units.iec((double) machine.usableDisk())
                    + " is free in " + machine.diskPath());
        }
        if (!problems.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            sb.append(rowProblems == 0 ? "the kept store files do" : rowProblems == 1 ? "1 row does"
                    : rowProblems + " rows do").append(" not fit this machine; nothing was run:");
            for (String p : problems) {
                sb.append(System.lineSeparator()).append("  ").append(p);
            }
            sb.append(System.lineSeparator()).append("  Use fewer keys or versions, smaller keySize or valueSize, a"
                    + " smaller memstore.scale, or a machine with more memory or free disk.");
            Row firstRefused = rows.stream().filter(refused::contains).findFirst().orElse(null);
            String prefix = firstRefused == null ? null : "row '" + firstRefused.name() + "' ";
            String reason = firstRefused == null ? null : problems.stream().filter(p -> p.startsWith(prefix))
                    .findFirst().map(p -> "refused before the first row: " + p.substring(prefix.length()))
                    .orElse(null);
            throw new PreflightException(sb.toString(), firstRefused == null ? null : firstRefused.name(), reason);
        }
        RowFootprint biggest = footprints.stream().max(Comparator.comparingDouble(RowFootprint::memoryBytes))
                .orElse(null);
        if (biggest == null) {
            return "preflight: no rows";
        }
        return "preflight: the largest row needs an estimated " + Units.iec(biggest.memoryBytes()) + " of "
                + describe(machine.physicalMemory()) + " physical memory; store files an estimated "
                + Units.iec(diskNeeded) + " of " + describe(machine.usableDisk()) + " free disk in "
                + machine.diskPath();
    }

    /**
     * Refuses the rows whose system cannot run here, each named with the reason, before any row runs.
     *
     * @throws PreflightException naming every such row
     */
    public static void systems(List<Row> rows, SystemAvailability availability) {
        List<String> problems = new ArrayList<>();
        String firstRow = null;
        String firstProblem = null;
        Map<String, String> bySystem = new HashMap<>();
        for (Row row : rows) {
            String system = row.params().system().specName();
            if (row.params().system() == SystemKind.MEMSTORE) {
                continue;
            }
            String problem = bySystem.computeIfAbsent(system, s -> {
                String p = availability.problem(s);
                return p == null ? "" : p;
            });
            if (!problem.isEmpty()) {
                problems.add("row '" + row.name() + "' (system " + system + "): " + problem);
                if (firstRow == null) {
                    firstRow = row.name();
                    firstProblem = problem;
                }
            }
        }
        if (!problems.isEmpty()) {
            StringBuilder sb = new StringBuilder(problems.size() == 1 ? "1 row needs" : problems.size() + " rows need")
                    .append(" a system that cannot run here; nothing was run:");
            problems.forEach(p -> sb.append(System.lineSeparator()).append("  ").append(p));
            throw new PreflightException(sb.toString(), firstRow, "refused before the first row: its system cannot"
                    + " run here: " + firstProblem);
        }
    }

    private static String describe(long bytes) {
        return bytes == MachineResources.UNKNOWN ? "(unknown)" : Units.iec((double) bytes);
    }

    private static String memoryProblem(RowFootprint f, MachineResources machine) {
        RowParams p = f.row().params();
        return "row '" + f.row().name() + "' needs an estimated " + Units.iec(f.memoryBytes()) + " of memory ("
                + Units.iec(ProbeJvm.estimatedLiveHeap(p)) + " for the " + p.index().specName()
                + " index of " + p.keys() + " keys x " + p.versions() + " versions of " + p.keySize()
                + " B keys, + " + (p.store() == StoreKind.SQLITE ? Units.iec(ProbeJvm.writeBufferHeap(p)
                + ProbeJvm.valueHeap(p)) + " for the store's write buffers and values in flight, + " : "")
                + Units.iec(RowFootprint.JVM_BASE)
                + " for the JVM), more than the "
                + Units.iec((double) machine.physicalMemory()) + " of physical memory of this machine";
    }

    private static String heapProblem(RowFootprint f, long userXmx) {
        RowParams p = f.row().params();
        long need = ProbeJvm.requiredHeap(p);
        return "row '" + f.row().name() + "' needs an estimated " + Units.iec(need) + " of heap (2 x "
                + Units.iec(ProbeJvm.estimatedLiveHeap(p)) + " for the index, " + Units.iec(ProbeJvm.writeBufferHeap(p))
                + " for the store's write buffers, " + Units.iec(ProbeJvm.valueHeap(p)) + " for values in flight, "
                + Units.iec(need - 2 * ProbeJvm.estimatedLiveHeap(p) - ProbeJvm.writeBufferHeap(p)
                - ProbeJvm.valueHeap(p)) + " for the JVM's own objects), but the -Xmx in memstore.jvmArgs allows "
                + Units.iec(userXmx) + "; raise that -Xmx to at least -Xmx" + ((need + (1 << 20) - 1) >> 20)
                + "m or remove it (the probe sizes its heap itself)";
    }

    /** The last -Xmx among the flags in bytes (the JVM takes the last), or null when there is none. */
    static Long lastXmx(List<String> jvmArgs) {
        Long xmx = null;
        for (String a : jvmArgs) {
            if (a.startsWith("-Xmx")) {
                xmx = parseSize(a.substring(4), a);
            } else if (a.startsWith("-XX:MaxHeapSize=")) {
                xmx = parseSize(a.substring("-XX:MaxHeapSize=".length()), a);
            }
        }
        return xmx;
    }

    private static long parseSize(String text, String flag) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (!t.isEmpty() && "kmgt".indexOf(t.charAt(t.length() - 1)) >= 0) {
            unit = 1L << (10 * ("kmgt".indexOf(t.charAt(t.length() - 1)) + 1));
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Math.multiplyExact(Long.parseLong(t), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new PreflightException("memstore.jvmArgs has " + flag + ", which is not a heap size the JVM"
                    + " reads (expected a number of bytes with an optional k, m, g or t, as in -Xmx512m)."
                    + " Nothing was run");
        }
    }

    private static String diskProblem(RowFootprint f, MachineResources machine) {
        return "row '" + f.row().name() + "' needs an estimated " + Units.iec(f.storeFileBytes())
                + " of disk for its store file (" + f.storeFormula() + "), but only "
                + Units.iec((double) machine.usableDisk()) + " is free in " + machine.diskPath();
    }

    /** Creates the directory if needed and proves it writable by creating and removing a file in it. */
    static void writable(Path dir, String what) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.isDirectory(p)) {
                throw new PreflightException("cannot write to the " + what + " " + dir.toAbsolutePath() + ": " + p
                        + " is a file, not a directory; remove it, or point memstore.resultDirectory elsewhere."
                        + " Nothing was run");
            }
        }
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".memstore-write-check-", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new PreflightException("cannot write to the " + what + " " + dir.toAbsolutePath() + ": "
                    + reason(e) + "; make it writable, or point memstore.resultDirectory at a writable directory."
                    + " Nothing was run");
        }
    }

    /** An I/O failure in words: the JDK's messages are often just the path. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied (" + e.getMessage() + ")";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason() + " (" + fse.getFile() + ")";
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
