package io.memstore.measure.check;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One check at a time per output directory: two checks writing memstore.json into one directory would run their
 * probes side by side (each disturbing the other's timings and RSS) and the last writer's files would win.
 *
 * <p>The lock is an exclusive {@link FileLock} on {@value #FILE_NAME} in the output directory, held from before
 * the preflight until the results are written. The file holds the holder's pid and start time, which a refused
 * check names. The operating system releases the lock when the holding process ends, however it ends, so a killed
 * check never leaves a stale lock. The file itself stays: deleting it would let a check that opened it just before
 * lock a file no longer in the directory while a third check locks a new one. Every access to it goes through the
 * one channel that holds the lock, since closing any other channel on the file would release the lock (POSIX
 * record locks belong to the process, not to the channel); for the same reason a check in the same JVM (a parallel
 * build) is refused from a table of the directories this JVM holds, before it opens the file at all. A second
 * check is refused at once rather than made to
 * wait: it would otherwise sit silently for as long as the first one measures.
 */
public final class OutputLock implements AutoCloseable {
    /** The lock file's name in the output directory. */
    public static final String FILE_NAME = ".memstore.lock";

    /** The lock files this JVM holds. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private OutputLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code outputDirectory}, creating the directory if needed.
     *
     * @throws PreflightException when another check holds it (naming its pid and start), or the lock file cannot
     *                            be created
     */
    public static OutputLock acquire(Path outputDirectory) {
        Path file = outputDirectory.resolve(FILE_NAME).toAbsolutePath().normalize();
        if (!HELD.add(file)) {
            throw refusal(outputDirectory, "pid " + ProcessHandle.current().pid() + ", this build");
        }
        FileChannel channel = null;
        try {
            Files.createDirectories(outputDirectory);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                String holder = readHolder(channel);
                channel.close();
                HELD.remove(file);
                throw refusal(outputDirectory, holder);
            }
            String me = "pid " + ProcessHandle.current().pid() + ", started " + Instant.now();
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(me.getBytes(StandardCharsets.UTF_8)), 0);
            return new OutputLock(file, channel, lock);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            HELD.remove(file);
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new PreflightException("cannot create the lock file " + file.toAbsolutePath() + ": "
                    + Preflight.reason((IOException) e) + "; make the output directory writable, or point"
                    + " memstore.resultDirectory at a writable directory. Nothing was run");
        }
    }

    private static PreflightException refusal(Path outputDirectory, String holder) {
        return new PreflightException("another memstore check is running with the output directory "
                + outputDirectory.toAbsolutePath() + (holder.isEmpty() ? "" : " (" + holder + ")")
                + ": two checks in one directory would disturb each other's measurements and overwrite"
                + " each other's results. Wait for it to finish, or give this run another"
                + " memstore.resultDirectory. Nothing was run");
    }

    private static String readHolder(FileChannel channel) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(200);
        int n = channel.read(buf, 0);
        return n <= 0 ? "" : new String(buf.array(), 0, n, StandardCharsets.UTF_8).strip();
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing releases the lock; nothing else to do
            }
        }
    }

    /** Releases the lock; the file stays, with the last holder's pid in it. */
    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
            HELD.remove(file);
        }
    }
}
