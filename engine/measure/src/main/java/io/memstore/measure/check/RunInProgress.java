package io.memstore.measure.check;

import io.memstore.measure.result.ResultFiles;
import io.memstore.measure.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A check that has begun and not yet written its results. From its start it holds the output directory's lock
 * ({@link OutputLock}), and the directory's outputs (memstore.json, .csv, .md, TEST-memstore.xml) are its
 * in-progress record ({@link RunResult#inProgress}): each says the run has not completed, so that an earlier run's
 * PASSED never stands for a run that is stopped (Ctrl-C, SIGKILL, a class trial that fails, a crash) before it writes
 * its results. The results replace the record file by file, each atomically ({@link Check#run(
 * io.memstore.measure.spec.WorkloadSpec, CheckRequest, RunInProgress)}); closing releases the lock and leaves the
 * files as they are.
 */
public final class RunInProgress implements AutoCloseable {
    private final Path outputDirectory;
    private final Instant started;
    private final OutputLock lock;

    private RunInProgress(Path outputDirectory, Instant started, OutputLock lock) {
        this.outputDirectory = outputDirectory;
        this.started = started;
        this.lock = lock;
    }

    /**
     * Starts a run in {@code outputDirectory}: takes its lock, then replaces its outputs with the in-progress record.
     *
     * @param specName the spec's name, or {@link RunResult#SPEC_NOT_READ} when it is read later (a class the spec
     *                 names is tried while it is read, and that trial is part of the run)
     * @param specFile the spec file as the results name it
     * @throws PreflightException when the directory cannot be written or another check holds it; nothing was changed
     * @throws IOException        when the record cannot be written (the lock is released)
     */
    public static RunInProgress start(Path outputDirectory, String specName, String specFile) throws IOException {
        Instant started = Instant.now();
        Preflight.writable(outputDirectory, "output directory");
        OutputLock lock = OutputLock.acquire(outputDirectory);
        try {
            ResultFiles.writeAll(RunResult.inProgress(specName, specFile, started, ProcessHandle.current().pid()),
                    outputDirectory);
        } catch (IOException | RuntimeException e) {
            try {
                lock.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return new RunInProgress(outputDirectory, started, lock);
    }

    /** The directory whose outputs this run writes. */
    public Path outputDirectory() {
        return outputDirectory;
    }

    /** When the run started: the start its results record. */
    public Instant started() {
        return started;
    }

    /** Releases the output directory's lock; the outputs stay as they are (results, or the in-progress record). */
    @Override
    public void close() throws IOException {
        lock.close();
    }
}
