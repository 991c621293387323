package io.memstore.measure.run;

import io.memstore.measure.json.JsonValue;
import io.memstore.measure.probe.FileTrees;
import io.memstore.measure.probe.ParentWatch;
import io.memstore.measure.probe.ProbeExit;
import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.probe.ProbeMain;
import io.memstore.measure.probe.ProbeTurns;
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
    private static final String RESULT_FILE = "result.json";
    /** 10 s: how long a run goes before its progress is told to everyone, and how often then. */
    static final long PROGRESS_INTERVAL_NANOS = 10_000_000_000L;
    /** The system property naming the etcd program, passed on to the probes of etcd rows. */
    static final String ETCD_PROPERTY = "memstore.etcd";
    private static final List<String> FLAG_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    /**
     * The system property of this JVM that, set to {@code false}, has every run start its probe only when its turn
     * comes (no {@link ProbeTurns}): for measuring what the overlap changes.
     */
    public static final String OVERLAP_PROPERTY = "memstore.overlap";

    private final RunnerOptions options;
    /** A probe started early for the run after the current one, waiting for its turn past its baseline; or null. */
    private ProbeProcess upcomingProbe;

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
        return run(row, position, total, null);
    }

    /**
     * As {@link #run(Row, int, int)}, with the row measured next ({@code next}, at {@code position + 1}), whose
     * first run's probe may start while this row's last run settles ({@link ProbeTurns}); null for none. A run that
     * fails ends such a probe; the caller ends it with {@link #discardUpcoming} when it does not measure
     * {@code next} after all for another reason.
     */
    public RowMeasurement run(Row row, int position, int total, Row next) {
        int runs = Math.max(1, row.params().runs());
        List<String> jvmArgs = jvmArgs(row);
        List<Map<String, Double>> results = new ArrayList<>();
        List<RowAccount> accounts = new ArrayList<>();
        long start = System.nanoTime();
        for (int r = 1; r <= runs; r++) {
            String label = label(row, position, total, r, runs);
            UpcomingRun following;
            if (r < runs) {
                following = new UpcomingRun(row, r + 1, label(row, position, total, r + 1, runs), jvmArgs);
            } else if (next != null) {
                int nextRuns = Math.max(1, next.params().runs());
                following = new UpcomingRun(next, 1, label(next, position + 1, total, 1, nextRuns), jvmArgs(next));
            } else {
                following = null;
            }
            Reading reading;
            try {
                reading = runOnce(row, r, jvmArgs, label, following);
            } catch (RuntimeException | Error e) {
                discardUpcoming(); // a probe this run started for the next: nobody will measure it now
                throw e;
            }
            results.add(reading.metrics());
            accounts.add(reading.account());
        }
        RowMeasurement measured = RowMeasurement.of(row, results, accounts, jvmArgs);
        RowMeasurement measurement = measured.withNotes(RowNotes.of(options, measured));
        options.progress().accept(RowLine.of(measurement, position, total, (System.nanoTime() - start) / 1e9));
        return measurement;
    }

    private static String label(Row row, int position, int total, int run, int runs) {
        return "row " + position + "/" + total + " " + row.name() + ": run " + run + "/" + runs;
    }

    /** What one run's result file holds: the metrics, and the account (null in a file without one). */
    private record Reading(Map<String, Double> metrics, RowAccount account) {
    }

    /** The run after the current one: whose probe may be started early, with the label and flags it will have. */
    record UpcomingRun(Row row, int run, String label, List<String> jvmArgs) {
    }

    /**
     * True when the runs of {@code row} take turns with their neighbours ({@link ProbeTurns}): runs of memstore's own
     * store and index, whose probe is {@link ProbeMain}, unless {@value #OVERLAP_PROPERTY} is {@code false} in this
     * JVM. Rows of other systems (servers started by the probe, a project's own classes) run one after the other.
     */
    private boolean takesTurns(Row row) {
        return row.params().system() == SystemKind.MEMSTORE && options.mainClass().equals(ProbeMain.class.getName())
                && !"false".equalsIgnoreCase(System.getProperty(OVERLAP_PROPERTY, "true").strip());
    }

    private Reading runOnce(Row row, int run, List<String> jvmArgs, String label, UpcomingRun following) {
        try {
            ProbeSlot.acquire(label, options.progress());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            discardUpcoming();
            throw new ProbeException(row.name(), "row '" + row.name() + "': interrupted while waiting for another"
                    + " probe to finish", e);
        }
        try {
            ProbeProcess probe = takeUpcoming(row, run);
            if (probe == null) {
                Path dir = RunDirectories.create(options.workDir());
                try {
                    probe = start(row, run, jvmArgs, label, dir, takesTurns(row));
                } catch (RuntimeException e) {
                    removeDir(dir, label);
                    throw e;
                }
            }
            try {
                return finish(probe, following);
            } finally {
                removeDir(probe.dir, label);
            }
        } finally {
            ProbeSlot.release();
        }
    }

    private void removeDir(Path dir, String label) {
        if (options.keepFiles()) {
            RunDirectories.keep(dir);
            options.progress().accept(label + ": files kept in " + dir);
        } else {
            FileTrees.delete(dir);
        }
    }

    /** The probe started early for run {@code run} of {@code row}, or null; a probe started for another is ended. */
    private synchronized ProbeProcess takeUpcoming(Row row, int run) {
        ProbeProcess p = upcomingProbe;
        upcomingProbe = null;
        if (p != null && p.row == row && p.run == run) {
            return p;
        }
        end(p);
        return null;
    }

    /**
     * Ends the probe started early for a run that is not going to be measured (the spec stopped at a failed row, or
     * the caller measures something else next), and removes its directory.
     */
    public synchronized void discardUpcoming() {
        ProbeProcess p = upcomingProbe;
        upcomingProbe = null;
        end(p);
    }

    private void end(ProbeProcess p) {
        if (p == null) {
            return;
        }
        p.closeInput();
        ProcessTree.kill(p.process.toHandle());
        ProcessTree.forget(p.process);
        if (!options.keepFiles()) {
            FileTrees.delete(p.dir);
        }
        options.progress().detail(p.label + ", started early and not needed: ended");
    }

    /** Starts the probe of {@code following} now, beside the settling run, unless one runs already. */
    private synchronized void startEarly(UpcomingRun following) {
        if (upcomingProbe != null || following == null || !takesTurns(following.row())) {
            return;
        }
        Path dir = null;
        try {
            dir = RunDirectories.create(options.workDir());
            upcomingProbe = start(following.row(), following.run(), following.jvmArgs(), following.label(), dir,
                    true);
        } catch (RuntimeException e) {
            // the run starts its probe when its turn comes, as without turns
            if (dir != null && !options.keepFiles()) {
                FileTrees.delete(dir);
            }
            options.progress().detail(following.label() + ": could not start early: " + e.getMessage());
        }
    }

    /** Answers a run's {@link ProbeTurns#READS} once the next run's probe, if one started early, is past its start. */
    private void answerReads(ProbeProcess probe) {
        ProbeProcess next;
        synchronized (this) {
            next = upcomingProbe;
        }
        if (next == null) {
            probe.send(ProbeTurns.READS);
            return;
        }
        Thread t = new Thread(() -> {
            try {
                next.awaitQuiet(ProbeProcess.QUIET_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            probe.send(ProbeTurns.READS);
        }, "memstore-probe-turns");
        t.setDaemon(true);
        t.start();
    }

    private ProbeProcess start(Row row, int run, List<String> jvmArgs, String label, Path dir, boolean turns) {
        Path result = dir.resolve(RESULT_FILE);
        ProbeArgs probeArgs = new ProbeArgs(row, result, dir.resolve("data"), options.gets());
        List<String> command = new ArrayList<>();
        command.add(options.java().toString());
        command.addAll(jvmArgs);
        // not part of the recorded flags: they tell the child how to end with this JVM (see ParentWatch)
        command.add("-D" + ParentWatch.PARENT_PID + "=" + ProcessHandle.current().pid());
        command.add("-D" + SettledState.SETTLE_PROPERTY + "=" + options.settle().toMillis());
        if (turns) {
            command.add("-D" + ProbeTurns.PROPERTY + "=true");
        }
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
        ProbeProcess probe = new ProbeProcess(row, run, label, dir, child, tail, start, turns);
        options.progress().detail(label + ", started (pid " + child.pid() + ")");
        probe.out = reader(child.getInputStream(), line -> onLine(probe, line), "stdout");
        probe.err = reader(child.getErrorStream(), tail::appendLine, "stderr");
        return probe;
    }

    /** A line of a probe's stdout: a warning, an exit call, a turn or a phase; anything else is kept for errors. */
    private void onLine(ProbeProcess probe, String line) {
        if (line.startsWith(ProbeExit.WARNING_PREFIX)) {
            options.progress().warn("row '" + probe.row.name() + "': "
                    + line.substring(ProbeExit.WARNING_PREFIX.length()));
        } else if (line.startsWith(ProbeExit.EXIT_CALL_PREFIX)) {
            probe.exitCall.set(line.substring(ProbeExit.EXIT_CALL_PREFIX.length()));
        } else if (probe.takesTurns && line.startsWith(ProbeTurns.PREFIX)) {
            String what = line.substring(ProbeTurns.PREFIX.length()).strip();
            options.progress().detail(probe.label + ", turn: " + what);
            if (what.equals(ProbeTurns.SETTLING)) {
                startEarly(probe.following);
            } else if (what.equals(ProbeTurns.READS)) {
                answerReads(probe);
            } else {
                probe.said(what);
            }
        } else if (line.startsWith(ProbeMain.PHASE_PREFIX)) {
            String phase = probe.label + ", " + line.substring(ProbeMain.PHASE_PREFIX.length()) + ", "
                    + elapsedSeconds(probe.startNanos) + " s";
            options.progress().detail(phase);
            long now = System.nanoTime();
            if (probe.released() && now - probe.lastTold >= PROGRESS_INTERVAL_NANOS) {
                probe.lastTold = now;
                options.progress().accept(phase);
            }
        } else {
            probe.tail.appendLine(line);
        }
    }

    private Reading finish(ProbeProcess probe, UpcomingRun following) {
        Row row = probe.row;
        Path result = probe.dir.resolve(RESULT_FILE);
        Process child = probe.process;
        OutputTail tail = probe.tail;
        probe.following = following;
        probe.lastTold = System.nanoTime();
        probe.release();
        long start = probe.turnNanos();
        Set<ProcessHandle> seen = new HashSet<>();
        try {
            if (!ProcessTree.await(child, options.timeout(), seen)) {
                int descendants = ProcessTree.kill(child.toHandle());
                join(probe.out, probe.err);
                throw new ProbeTimeoutException(row.name(), options.timeout(), "row '" + row.name()
                        + "': the probe did not finish within the timeout of " + describe(options.timeout())
                        + "; killed it (pid " + child.pid() + ") and " + descendants + " descendant process(es)"
                        + tailSuffix(tail));
            }
            join(probe.out, probe.err);
        } catch (InterruptedException e) {
            ProcessTree.kill(child.toHandle());
            Thread.currentThread().interrupt();
            throw new ProbeException(row.name(), "row '" + row.name() + "': interrupted; the probe was killed", e);
        } finally {
            probe.closeInput();
            ProcessTree.forget(child);
            // processes the probe started and left when it ended without ending them (out of memory, a halt)
            List<String> outlived = ProcessTree.endOutlived(seen);
            if (!outlived.isEmpty()) {
                options.progress().warn("row '" + row.name() + "': the measured code left " + outlived.size()
                        + " process(es) running after the probe ended; killed: " + String.join(", ", outlived));
            }
        }
        int exit = child.exitValue();
        String caller = probe.exitCall.get();
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
            options.progress().detail(probe.label + ", done in " + elapsedSeconds(probe.startNanos) + " s");
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
