package io.memstore.measure.run;

import io.memstore.measure.json.JsonValue;
import io.memstore.measure.probe.FileTrees;
import io.memstore.measure.probe.ParentWatch;
import io.memstore.measure.probe.ProbeExit;
import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.probe.ProbeMain;
import io.memstore.measure.probe.RowAccount;
import io.memstore.measure.probe.SettledState;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.SystemKind;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Measures a row in fresh JVMs, as Gatling forks its simulations: one child per run, running
 * {@link ProbeMain} with the flags of {@link ProbeJvm#flags} and the user's, so no run sees the heap, JIT or
 * page cache state of another, or of Maven.
 *
 * <p>Per run: a temporary directory under the work directory holds the SQLite files and the result file and
 * is deleted afterwards (unless {@link RunnerOptions#keepFiles}); the child's stdout progress lines go to the
 * progress as details, and to everyone only once a run has gone on for {@link #PROGRESS_INTERVAL_NANOS}, at
 * most one line per interval (a row of a few seconds says nothing until it is done); the rest of its output is kept (last 4 KiB) for error messages; a child still running
 * at the timeout is killed with its descendants; a child that ends without a result becomes a
 * {@link ProbeFailedException} naming the row, the exit code and the output tail. The environment variables
 * through which a JVM picks up extra flags ({@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS},
 * {@code _JAVA_OPTIONS}) are removed from the child's environment, so the recorded flags are the flags, and
 * {@link ProbeJvm#ENVIRONMENT} is added. The settle time ({@link RunnerOptions#settle}) goes to the child as a
 * system property that is not part of the recorded flags. The child ends when its work ends ({@link ProbeExit}):
 * the threads and processes the measured code left are named in its warning lines, which go to the progress as
 * warnings of the row; processes it started and did not end (it ran out of memory, or halted) are killed here, from
 * the descendants noted while it ran, and named too; a {@code System.exit} in the measured code is reported as that
 * call, with the frame that made it.
 *
 * <p>No orphans, no leftovers: a Ctrl-C or SIGTERM of this JVM kills the running child and removes its run
 * directory ({@link ProcessTree}'s shutdown hook); a SIGKILL of this JVM is noticed by the child itself, which
 * removes its run directory and halts ({@link ParentWatch}). Runs take turns across the modules of a parallel
 * build ({@link ProbeSlot}).
 */
public final class RowRunner {
    static final int TAIL_CHARS = 4096;
    /** 10 s: how long a run goes before its progress is told to everyone, and how often then. */
    static final long PROGRESS_INTERVAL_NANOS = 10_000_000_000L;
    /** The system property naming the etcd program, passed on to the probes of etcd rows. */
    static final String ETCD_PROPERTY = "memstore.etcd";
    private static final List<String> FLAG_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private final RunnerOptions options;

    public RowRunner(RunnerOptions options) {
        this.options = options;
    }

    public RunnerOptions options() {
        return options;
    }

    /**
     * Removes the run directories a killed build left in the work directory (see {@link RunDirectories}), and
     * says so; call it before a run's first row, so the disk they held counts as free.
     *
     * @return how many were removed
     */
    public int removeLeftovers() {
        List<Path> removed = RunDirectories.removeStale(options.workDir());
        if (!removed.isEmpty()) {
            options.progress().accept("removed " + removed.size() + " probe director" + (removed.size() == 1 ? "y"
                    : "ies") + " left in " + options.workDir().getFileName() + " by a build that no longer runs");
        }
        return removed.size();
    }

    /** The child's JVM flags for a row: the probe's fixed flags, then the user's. */
    public List<String> jvmArgs(Row row) {
        List<String> args = new ArrayList<>(ProbeJvm.flags(row.params()));
        args.addAll(options.jvmArgs());
        return List.copyOf(args);
    }

    /** Measures the row alone ("row 1/1" in progress messages). */
    public RowMeasurement run(Row row) {
        return run(row, 1, 1);
    }

    /**
     * Measures the row {@code runs} times (at least once), each in a new JVM, and summarises the runs.
     *
     * @param position the row's 1-based position among {@code total} rows, for progress messages
     * @throws ProbeTimeoutException when a run exceeds the timeout
     * @throws ProbeFailedException  when a run ends without a result
     */
    public RowMeasurement run(Row row, int position, int total) {
        int runs = Math.max(1, row.params().runs());
        List<String> jvmArgs = jvmArgs(row);
        List<Map<String, Double>> results = new ArrayList<>();
        List<RowAccount> accounts = new ArrayList<>();
        long start = System.nanoTime();
        for (int r = 1; r <= runs; r++) {
            String label = "row " + position + "/" + total + " " + row.name() + ": run " + r + "/" + runs;
            Reading reading = runOnce(row, jvmArgs, label);
            results.add(reading.metrics());
            accounts.add(reading.account());
        }
        RowMeasurement measured = RowMeasurement.of(row, results, accounts, jvmArgs);
        RowMeasurement measurement = measured.withNotes(RowNotes.of(options, measured));
        options.progress().accept(RowLine.of(measurement, position, total, (System.nanoTime() - start) / 1e9));
        return measurement;
    }

    /** What one run's result file holds: the metrics, and the account (null in a file without one). */
    private record Reading(Map<String, Double> metrics, RowAccount account) {
    }

    private Reading runOnce(Row row, List<String> jvmArgs, String label) {
        try {
            ProbeSlot.acquire(label, options.progress());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProbeException(row.name(), "row '" + row.name() + "': interrupted while waiting for another"
                    + " probe to finish", e);
        }
        try {
            Path dir = RunDirectories.create(options.workDir());
            try {
                return fork(row, jvmArgs, label, dir);
            } finally {
                if (options.keepFiles()) {
                    RunDirectories.keep(dir);
                    options.progress().accept(label + ": files kept in " + dir);
                } else {
                    FileTrees.delete(dir);
                }
            }
        } finally {
            ProbeSlot.release();
        }
    }

    private Reading fork(Row row, List<String> jvmArgs, String label, Path dir) {
        Path result = dir.resolve("result.json");
        ProbeArgs probeArgs = new ProbeArgs(row, result, dir.resolve("data"), options.gets());
        List<String> command = new ArrayList<>();
        command.add(options.java().toString());
        command.addAll(jvmArgs);
        // not part of the recorded flags: they tell the child how to end with this JVM (see ParentWatch)
        command.add("-D" + ParentWatch.PARENT_PID + "=" + ProcessHandle.current().pid());
        command.add("-D" + SettledState.SETTLE_PROPERTY + "=" + options.settle().toMillis());
        if (!options.keepFiles()) {
            command.add("-D" + ParentWatch.CLEANUP_DIR + "=" + dir);
        }
        String etcd = System.getProperty(ETCD_PROPERTY);
        if (row.params().system().isEtcd() && etcd != null) {
            // where the etcd program is (not a measured flag), absolute: the child runs in its own directory
            command.add("-D" + ETCD_PROPERTY + "=" + (etcd.isBlank() ? etcd : Path.of(etcd.strip()).toAbsolutePath()));
        }
        command.add("-cp");
        command.add(classpath(row).stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        command.add(options.mainClass());
        command.addAll(probeArgs.toArgs());

        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        FLAG_VARIABLES.forEach(pb.environment()::remove);
        pb.environment().putAll(ProbeJvm.ENVIRONMENT);
        OutputTail tail = new OutputTail(TAIL_CHARS);
        long start = System.nanoTime();
        Process child;
        try {
            child = pb.start();
        } catch (IOException e) {
            throw new ProbeFailedException(row.name(), -1, "", "row '" + row.name() + "': cannot start the probe JVM "
                    + options.java() + ": " + e.getMessage(), e);
        }
        ProcessTree.track(child, options.keepFiles() ? null : dir);
        options.progress().detail(label + ", started (pid " + child.pid() + ")");
        long[] lastTold = {start};
        AtomicReference<String> exitCall = new AtomicReference<>();
        Thread out = reader(child.getInputStream(), line -> {
            if (line.startsWith(ProbeExit.WARNING_PREFIX)) {
                options.progress().warn("row '" + row.name() + "': "
                        + line.substring(ProbeExit.WARNING_PREFIX.length()));
            } else if (line.startsWith(ProbeExit.EXIT_CALL_PREFIX)) {
                exitCall.set(line.substring(ProbeExit.EXIT_CALL_PREFIX.length()));
            } else if (line.startsWith(ProbeMain.PHASE_PREFIX)) {
                String phase = label + ", " + line.substring(ProbeMain.PHASE_PREFIX.length()) + ", "
                        + elapsedSeconds(start) + " s";
                options.progress().detail(phase);
                long now = System.nanoTime();
                if (now - lastTold[0] >= PROGRESS_INTERVAL_NANOS) {
                    lastTold[0] = now;
                    options.progress().accept(phase);
                }
            } else {
                tail.appendLine(line);
            }
        }, "stdout");
        Thread err = reader(child.getErrorStream(), tail::appendLine, "stderr");
        closeQuietly(child);
        Set<ProcessHandle> seen = new HashSet<>();
        try {
            if (!ProcessTree.await(child, options.timeout(), seen)) {
                int descendants = ProcessTree.kill(child.toHandle());
                join(out, err);
                throw new ProbeTimeoutException(row.name(), options.timeout(), "row '" + row.name()
                        + "': the probe did not finish within the timeout of " + describe(options.timeout())
                        + "; killed it (pid " + child.pid() + ") and " + descendants + " descendant process(es)"
                        + tailSuffix(tail));
            }
            join(out, err);
        } catch (InterruptedException e) {
            ProcessTree.kill(child.toHandle());
            Thread.currentThread().interrupt();
            throw new ProbeException(row.name(), "row '" + row.name() + "': interrupted; the probe was killed", e);
        } finally {
            ProcessTree.forget(child);
            // processes the probe started and left when it ended without ending them (out of memory, a halt)
            List<String> outlived = ProcessTree.endOutlived(seen);
            if (!outlived.isEmpty()) {
                options.progress().warn("row '" + row.name() + "': the measured code left " + outlived.size()
                        + " process(es) running after the probe ended; killed: " + String.join(", ", outlived));
            }
        }
        int exit = child.exitValue();
        String caller = exitCall.get();
        if (caller != null && !caller.equals(ProbeExit.BY_SIGNAL)) {
            // the measured code ended the JVM: said as that, whatever the code (3 is not out of memory here)
            throw new ProbeFailedException(row.name(), exit, tail.toString(), "row '" + row.name() + "': the probe's"
                    + " JVM was ended by a call to System.exit(" + exit + ") at " + caller
                    + (exit == 0 ? ", before the probe wrote its result" : "") + tailSuffix(tail), null);
        }
        if (exit != 0) {
            String why = exit == ProbeMain.EXIT_BAD_INPUT ? "the probe rejected the row"
                    : exit == ProbeMain.EXIT_UNAVAILABLE ? "the row's system cannot run here"
                    : exit == ProbeMain.EXIT_CLASS_FAILED ? "the project's class failed"
                    : exit == 3 ? "the probe ran out of memory or failed inside the JVM"
                    : exit == ParentWatch.EXIT_ORPHANED ? "the probe lost track of this process and stopped"
                    : "the probe failed";
            throw new ProbeFailedException(row.name(), exit, tail.toString(), "row '" + row.name() + "': " + why
                    + ", exit code " + exit + tailSuffix(tail), null);
        }
        try {
            Map<String, Double> metrics = new LinkedHashMap<>();
            RowAccount account = null;
            for (Map.Entry<String, JsonValue> e : JsonValue.parse(Files.readString(result, StandardCharsets.UTF_8),
                    result.toString()).members().entrySet()) {
                if (e.getKey().equals(RowAccount.FIELD)) {
                    account = RowAccount.read(e.getValue());
                } else {
                    metrics.put(e.getKey(), e.getValue().nullableNumber());
                }
            }
            metrics.put(Metric.ROW_SECONDS.metricName(), (System.nanoTime() - start) / 1e9);
            options.progress().detail(label + ", done in " + elapsedSeconds(start) + " s");
            return new Reading(metrics, account);
        } catch (NoSuchFileException e) {
            throw new ProbeFailedException(row.name(), 0, tail.toString(), "row '" + row.name()
                    + "': the probe exited normally but wrote no result file " + result + tailSuffix(tail), e);
        } catch (IOException | IllegalArgumentException e) {
            throw new ProbeFailedException(row.name(), 0, tail.toString(), "row '" + row.name()
                    + "': the probe's result " + result + " is unreadable: " + e.getMessage(), e);
        }
    }

    /** The child's classpath: the engine's, and for a row of another system than memstore the systems' jars. */
    public List<Path> classpath(Row row) {
        if (row.params().system() == SystemKind.MEMSTORE) {
            return options.classpath();
        }
        List<Path> all = new ArrayList<>(options.classpath());
        options.systemsClasspath().stream().filter(p -> !all.contains(p)).forEach(all::add);
        return all;
    }

    /** The child reads nothing: its stdin is closed at once, so a read would see end-of-file, not block. */
    private static void closeQuietly(Process child) {
        try {
            child.getOutputStream().close();
        } catch (IOException e) {
            // the child is gone already; the exit code will say why
        }
    }

    private static String tailSuffix(OutputTail tail) {
        String text = tail.toString();
        return text.isEmpty() ? " (the probe printed nothing)" : ". Last output of the probe:\n" + text;
    }

    private static long elapsedSeconds(long startNanos) {
        return Math.round((System.nanoTime() - startNanos) / 1e9);
    }

    private static String describe(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static Thread reader(InputStream in, Consumer<String> lines, String name) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                // the stream closes when the child is killed: nothing more to read
            }
        }, "memstore-probe-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits briefly for the readers: once the child is gone its pipes end, unless a descendant holds them. */
    private static void join(Thread... readers) throws InterruptedException {
        for (Thread t : readers) {
            t.join(5_000);
        }
    }
}
