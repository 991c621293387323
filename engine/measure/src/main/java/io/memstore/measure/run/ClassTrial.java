package io.memstore.measure.run;

import io.memstore.measure.probe.FileTrees;
import io.memstore.measure.probe.ParentWatch;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Tries each class a spec names ({@code system:} targets, {@code index:} classes) in a JVM of the probe's classpath
 * before any row runs ({@link TrialMain}): created over an empty directory, a few puts, closed. A class whose
 * constructor or put throws is then a spec error at the value's file, line and field, with the class's own message,
 * found before the first row is measured and before any result is written. Each class is tried once per spec, and
 * only after {@link io.memstore.measure.spec.ClasspathClassCheck} found it well-formed (this check comes second).
 */
public final class ClassTrial implements ProjectClassCheck {
    /** A trial that takes longer than this is stopped and reported. */
    static final long TIMEOUT_SECONDS = 120;

    private final List<Path> classpath;
    private final Path java;
    private final Path workDir;
    private final Map<String, Optional<String>> tried = new HashMap<>();

    /**
     * @param classpath the probe's classpath for rows of project classes
     * @param java      the java executable
     * @param workDir   where each trial gets a temporary data directory, removed after it (or, after a build killed
     *                  outright, by the next run: {@link RunDirectories})
     */
    public ClassTrial(List<Path> classpath, Path java, Path workDir) {
        this.classpath = classpath.stream().map(Path::toAbsolutePath).toList();
        this.java = java;
        this.workDir = workDir.toAbsolutePath();
    }

    @Override
    public Optional<String> problem(RowField field, String className) {
        String kind = field == RowField.SYSTEM ? "system" : "index";
        return tried.computeIfAbsent(kind + " " + className, k -> run(kind, className));
    }

    private Optional<String> run(String kind, String className) {
        Path dir = RunDirectories.create(workDir, RunDirectories.TRIAL_PREFIX);
        try {
            Path err = dir.resolve("stderr.txt");
            List<String> command = List.of(java.toString(), "-Xss512k", "-XX:-UsePerfData",
                    "-D" + ParentWatch.PARENT_PID + "=" + ProcessHandle.current().pid(),
                    "-cp", classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)),
                    TrialMain.class.getName(), kind, className, dir.resolve("data").toString());
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile());
            pb.environment().putAll(ProbeJvm.ENVIRONMENT);
            Process child = pb.start();
            ProcessTree.track(child, null);
            try {
                if (!child.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    ProcessTree.kill(child.toHandle());
                    return Optional.of("class '" + className + "' did not finish its trial (created, " + TrialMain.PUTS
                            + " puts, closed) within " + TIMEOUT_SECONDS + " s");
                }
            } finally {
                ProcessTree.forget(child);
            }
            if (child.exitValue() == 0) {
                return Optional.empty();
            }
            List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
            String why = lines.isEmpty() ? "the trial JVM exited with code " + child.exitValue()
                    : lines.get(lines.size() - 1).strip();
            return Optional.of(why);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the trial of class '" + className + "': " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("the trial of class '" + className + "' was interrupted");
        } finally {
            FileTrees.delete(dir);
        }
    }
}
