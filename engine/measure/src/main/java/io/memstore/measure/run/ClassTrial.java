package io.memstore.measure.run;

import io.memstore.measure.probe.FileTrees;
import io.memstore.measure.probe.ParentWatch;
import io.memstore.measure.probe.ProbeExit;
import io.memstore.measure.probe.ProbeJvm;
import io.memstore.measure.probe.TrialMain;
import io.memstore.measure.spec.ProjectClassCheck;
import io.memstore.measure.spec.RowField;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Tries each class a spec names ({@code system:} targets, {@code index:} classes) in a JVM of the probe's classpath
 * before any row runs ({@link TrialMain}): created over an empty directory, a few puts, closed. A class whose
 * constructor or put throws is then a spec error at the value's file, line and field, with the class's own message,
 * found before the first row is measured and before any result is written. Each class is tried once per spec, and
 * only after {@link io.memstore.measure.spec.ClasspathClassCheck} found it well-formed (this check comes second).
 *
 * <p>The trial's JVM runs with the flags of a row's probe sized for the trial's row ({@link ProbeJvm#flags}: a heap
 * limit, an exit on running out of it), within the run's timeout ({@code memstore.timeout}); every problem it reports
 * names the class: an exception, running out of heap, the timeout, and a {@code System.exit} in the class's code,
 * reported as that call with the frame that made it. Threads and processes the class left when its trial ended are
 * ended with the trial's JVM ({@link ProbeExit}) and named in warnings, as a row's are.
 */
public final class ClassTrial implements ProjectClassCheck {
    private final List<Path> classpath;
    private final Path java;
    private final Path workDir;
    private final Duration timeout;
    private final Consumer<String> warnings;
    private final Map<String, Optional<String>> tried = new HashMap<>();

    /**
     * @param classpath the probe's classpath for rows of project classes
     * @param java      the java executable
     * @param workDir   where each trial gets a temporary data directory, removed after it (or, after a build killed
     *                  outright, by the next run: {@link RunDirectories})
     * @param timeout   how long a trial may take before it is stopped and reported: the run's timeout of a row
     * @param warnings  told of the threads and processes a class left behind in its trial
     */
    public ClassTrial(List<Path> classpath, Path java, Path workDir, Duration timeout, Consumer<String> warnings) {
        this.classpath = classpath.stream().map(Path::toAbsolutePath).toList();
        this.java = java;
        this.workDir = workDir.toAbsolutePath();
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.warnings = Objects.requireNonNull(warnings, "warnings");
    }

    @Override
    public Optional<String> problem(RowField field, String className) {
        String kind = field == RowField.SYSTEM ? "system" : "index";
        return tried.computeIfAbsent(kind + " " + className, k -> run(kind, className));
    }

    private Optional<String> run(String kind, String className) {
        Path dir = RunDirectories.create(workDir, RunDirectories.TRIAL_PREFIX);
        String named = "class '" + className + "'";
        String trial = "its trial (created, " + TrialMain.PUTS + " puts, closed)";
        try {
            Path output = dir.resolve("output.txt");
            List<String> flags;
            try {
                flags = ProbeJvm.flags(TrialMain.params(kind.equals("system"), className));
            } catch (IllegalArgumentException e) {
                return Optional.of(named + ": " + e.getMessage());
            }
            List<String> command = new ArrayList<>(List.of(java.toString()));
            command.addAll(flags);
            command.addAll(List.of("-D" + ParentWatch.PARENT_PID + "=" + ProcessHandle.current().pid(),
                    "-cp", classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)),
                    TrialMain.class.getName(), kind, className, dir.resolve("data").toString()));
            // stdout too: the JVM says there that it ran out of heap, and the trial its warnings
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            pb.environment().putAll(ProbeJvm.ENVIRONMENT);
            Process child = pb.start();
            ProcessTree.track(child, null);
            Set<ProcessHandle> seen = new HashSet<>();
            try {
                if (!ProcessTree.await(child, timeout, seen)) {
                    ProcessTree.kill(child.toHandle());
                    return Optional.of(named + " did not finish " + trial + " within the timeout of "
                            + seconds(timeout) + " (memstore.timeout)");
                }
            } finally {
                ProcessTree.forget(child);
                List<String> outlived = ProcessTree.endOutlived(seen);
                if (!outlived.isEmpty()) {
                    warnings.accept(named + ", in " + trial + ": the measured code left " + outlived.size()
                            + " process(es) running after the JVM ended; killed: " + String.join(", ", outlived));
                }
            }
            return problem(named, trial, child.exitValue(), Files.readAllLines(output, StandardCharsets.UTF_8),
                    flags);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the trial of " + named + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("the trial of " + named + " was interrupted");
        } finally {
            FileTrees.delete(dir);
        }
    }

    /** The trial's outcome from its exit code and output; tells the warnings the output holds. */
    private Optional<String> problem(String named, String trial, int exit, List<String> output, List<String> flags) {
        String exitCall = null;
        List<String> said = new ArrayList<>();
        for (String line : output) {
            if (line.startsWith(ProbeExit.WARNING_PREFIX)) {
                warnings.accept(named + ", in " + trial + ": " + line.substring(ProbeExit.WARNING_PREFIX.length()));
            } else if (line.startsWith(ProbeExit.EXIT_CALL_PREFIX)) {
                exitCall = line.substring(ProbeExit.EXIT_CALL_PREFIX.length());
            } else if (!line.isBlank()) {
                said.add(line.strip());
            }
        }
        if (exitCall != null && !exitCall.equals(ProbeExit.BY_SIGNAL)) {
            return Optional.of(named + " ended the JVM of " + trial + " by calling System.exit(" + exit + ") at "
                    + exitCall);
        }
        if (exit == 0) {
            return Optional.empty();
        }
        String last = said.isEmpty() ? null : said.get(said.size() - 1);
        if (said.stream().anyMatch(l -> l.contains("java.lang.OutOfMemoryError"))) {
            String heap = flags.stream().filter(f -> f.startsWith("-Xmx")).findFirst().orElse("its heap limit");
            return Optional.of(named + " ran out of memory in " + trial + " with " + heap + ": "
                    + said.stream().filter(l -> l.contains("java.lang.OutOfMemoryError")).findFirst().orElseThrow());
        }
        if (last == null) {
            return Optional.of(named + ": the JVM of " + trial + " exited with code " + exit + " and said nothing");
        }
        return Optional.of(last.contains(named) ? last : named + ": " + last);
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
