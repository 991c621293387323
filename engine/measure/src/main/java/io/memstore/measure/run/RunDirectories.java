package io.memstore.measure.run;

import io.memstore.measure.probe.FileTrees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The probes' run directories and the class trials' directories under a work directory, and the ones a killed build
 * left behind. Each directory is made with an owner file naming the process that runs the row (its pid and start time, so a pid
 * the system gave to another process later does not count). A build that is killed outright (SIGKILL of the whole
 * process group, as a CI runner's hard stop does) removes nothing: its probes and their etcd members die with it.
 * The next run finds those directories by their owner, a process that no longer exists, and removes them before
 * it starts. A directory kept on purpose ({@code keepFiles}) loses its owner file and is left alone.
 */
final class RunDirectories {
    /** The prefix of every run directory's name. */
    static final String PREFIX = "memstore-probe-";
    /** The prefix of every class trial's directory name ({@link ClassTrial}). */
    static final String TRIAL_PREFIX = "memstore-trial-";
    /** The owner file of a run directory: {@code <pid> <start instant>} of the process that made it. */
    static final String OWNER = ".owner";

    private RunDirectories() {
    }

    /** A new run directory under {@code workDir}, owned by this process. */
    static Path create(Path workDir) {
        return create(workDir, PREFIX);
    }

    /** A new directory under {@code workDir} whose name starts with {@code prefix}, owned by this process. */
    static Path create(Path workDir, String prefix) {
        try {
            Files.createDirectories(workDir);
            Path dir = Files.createTempDirectory(workDir, prefix);
            ProcessHandle self = ProcessHandle.current();
            Files.writeString(dir.resolve(OWNER), self.pid() + " "
                    + self.info().startInstant().map(Instant::toString).orElse("-"), StandardCharsets.UTF_8);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory in " + workDir + ": " + e.getMessage(), e);
        }
    }

    /** Marks a run directory as kept on purpose: no later run removes it. */
    static void keep(Path dir) {
        try {
            Files.deleteIfExists(dir.resolve(OWNER));
        } catch (IOException e) {
            // then a later run may remove it as stale: the files were the user's to look at in this build
        }
    }

    /**
     * Removes the run and trial directories under {@code workDir} whose owner no longer runs.
     *
     * @return the directories removed (none when the work directory does not exist)
     */
    static List<Path> removeStale(Path workDir) {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(workDir)) {
            return removed;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(workDir,
                "{" + PREFIX + "," + TRIAL_PREFIX + "}*")) {
            for (Path dir : dirs) {
                if (Files.isDirectory(dir) && ownerGone(dir) && FileTrees.deleteQuietly(dir) == null) {
                    removed.add(dir);
                }
            }
        } catch (IOException e) {
            // an unreadable work directory: the preflight's write check names it
        }
        return removed;
    }

    /** True when the directory's owner file names a process that is not running any more. */
    static boolean ownerGone(Path dir) {
        String owner;
        try {
            owner = Files.readString(dir.resolve(OWNER), StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return false; // kept on purpose, or being made right now
        } catch (IOException e) {
            return false;
        }
        String[] parts = owner.split(" ");
        long pid;
        try {
            pid = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        // the pid runs, but maybe as another process that got it since
        String started = parts.length > 1 ? parts[1] : "-";
        Optional<Instant> now = process.get().info().startInstant();
        return !started.equals("-") && now.isPresent() && !now.get().toString().equals(started);
    }
}
