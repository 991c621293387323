package io.memstore.measure.run;

import io.memstore.measure.probe.MeasuredStore;
import io.memstore.measure.probe.ProbeArgs;
import io.memstore.measure.probe.ProbeMain;
import io.memstore.measure.probe.SettledState;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How {@link RowRunner} forks its probes.
 *
 * @param classpath the child's classpath: the engine and its dependencies (sqlite-jdbc); relative entries are
 *                  made absolute against this JVM's working directory, as are java and workDir
 * @param java      the java executable of the child
 * @param jvmArgs   user-supplied JVM flags, appended after {@link io.memstore.measure.probe.ProbeJvm#flags}
 *                  (so they win) and recorded with every measurement
 * @param timeout   per run of a row; a child still running then is killed, with its descendants
 * @param workDir   where each run gets its temporary directory (SQLite files, result file)
 * @param keepFiles keep each run's directory instead of deleting it after the run
 * @param progress  told what is happening: each finished row and a long run's progress for everyone, every
 *                  phase of every probe as a detail ({@link RowRunner} says which is which)
 * @param mainClass the child's main class: {@link ProbeMain} unless a test or another probe says otherwise
 * @param gets      timed gets per run
 * @param store     which memstore-store the classpath holds, recorded with the results; null when not known
 * @param settle    how long the child lets the JVM settle before each RSS reading, after its compilers went
 *                  quiet ({@link io.memstore.measure.probe.SettledState}); zero for runs whose RSS is not the point
 * @param systemsClasspath what rows of other systems than memstore add to the classpath: memstore-systems and
 *                  its dependencies (etcd's client, H2, RocksDB), so a memstore row's probe never loads them;
 *                  empty when not available (such rows then fail, saying what is missing)
 */
public record RunnerOptions(List<Path> classpath, Path java, List<String> jvmArgs, Duration timeout, Path workDir,
                            boolean keepFiles, Progress progress, String mainClass, int gets,
                            MeasuredStore store, Duration settle, List<Path> systemsClasspath) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(30);

    public RunnerOptions {
        // the child runs in its own directory: relative paths would resolve against it, not against ours
        classpath = Objects.requireNonNull(classpath, "classpath").stream().map(Path::toAbsolutePath).toList();
        if (classpath.isEmpty()) {
            throw new IllegalArgumentException("the probe's classpath must not be empty");
        }
        Objects.requireNonNull(java, "java");
        if (java.getNameCount() > 1 || java.isAbsolute()) { // a bare "java" is looked up on the PATH
            java = java.toAbsolutePath();
        }
        jvmArgs = List.copyOf(Objects.requireNonNull(jvmArgs, "jvmArgs"));
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        workDir = Objects.requireNonNull(workDir, "workDir").toAbsolutePath();
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(mainClass, "mainClass");
        if (gets < 0) {
            throw new IllegalArgumentException("gets must not be negative, was " + gets);
        }
        Objects.requireNonNull(settle, "settle");
        if (settle.isNegative()) {
            throw new IllegalArgumentException("settle must not be negative, was " + settle);
        }
        systemsClasspath = Objects.requireNonNull(systemsClasspath, "systemsClasspath").stream()
                .map(Path::toAbsolutePath).toList();
    }

    /** A memstore-only runner, without {@code systemsClasspath}. */
    public RunnerOptions(List<Path> classpath, Path java, List<String> jvmArgs, Duration timeout, Path workDir,
                         boolean keepFiles, Consumer<String> progress, String mainClass, int gets,
                         MeasuredStore store, Duration settle) {
        this(classpath, java, jvmArgs, timeout, workDir, keepFiles, Progress.of(progress), mainClass, gets, store,
                settle, List.of());
    }

    /**
     * Defaults: this JVM's java ({@code ${java.home}/bin/java}), no extra flags, a 30-minute timeout, the
     * system temporary directory, files deleted, progress ignored, {@link ProbeMain}, 200,000 gets, the
     * {@link io.memstore.measure.probe.SettledState#DEFAULT_SETTLE_MILLIS default longest settle wait}.
     */
    public static RunnerOptions of(List<Path> classpath) {
        return new RunnerOptions(classpath, defaultJava(), List.of(), DEFAULT_TIMEOUT,
                Path.of(System.getProperty("java.io.tmpdir")), false, Progress.NONE, ProbeMain.class.getName(),
                ProbeArgs.DEFAULT_GETS, null, Duration.ofMillis(SettledState.DEFAULT_SETTLE_MILLIS));
    }

    /** The java executable of the running JVM. */
    public static Path defaultJava() {
        boolean windows = System.getProperty("os.name", "").startsWith("Windows");
        return Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
    }

    public RunnerOptions withJava(Path value) {
        return new RunnerOptions(classpath, value, jvmArgs, timeout, workDir, keepFiles, progress, mainClass, gets,
                store, settle, systemsClasspath);
    }

    public RunnerOptions withJvmArgs(List<String> value) {
        return new RunnerOptions(classpath, java, value, timeout, workDir, keepFiles, progress, mainClass, gets,
                store, settle, systemsClasspath);
    }

    public RunnerOptions withTimeout(Duration value) {
        return new RunnerOptions(classpath, java, jvmArgs, value, workDir, keepFiles, progress, mainClass, gets,
                store, settle, systemsClasspath);
    }

    public RunnerOptions withWorkDir(Path value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, value, keepFiles, progress, mainClass, gets,
                store, settle, systemsClasspath);
    }

    public RunnerOptions withKeepFiles(boolean value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, workDir, value, progress, mainClass, gets,
                store, settle, systemsClasspath);
    }

    /** Lines for everyone to {@code value}; details too when it is a {@link Progress} that keeps them. */
    public RunnerOptions withProgress(Consumer<String> value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, workDir, keepFiles, Progress.of(value),
                mainClass, gets, store, settle, systemsClasspath);
    }

    public RunnerOptions withMainClass(String value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, workDir, keepFiles, progress, value, gets,
                store, settle, systemsClasspath);
    }

    public RunnerOptions withStore(MeasuredStore value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, workDir, keepFiles, progress, mainClass, gets,
                value, settle, systemsClasspath);
    }

    public RunnerOptions withGets(int value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, workDir, keepFiles, progress, mainClass, value,
                store, settle, systemsClasspath);
    }

    public RunnerOptions withSettle(Duration value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, workDir, keepFiles, progress, mainClass, gets,
                store, value, systemsClasspath);
    }

    public RunnerOptions withSystemsClasspath(List<Path> value) {
        return new RunnerOptions(classpath, java, jvmArgs, timeout, workDir, keepFiles, progress, mainClass, gets,
                store, settle, value);
    }
}
