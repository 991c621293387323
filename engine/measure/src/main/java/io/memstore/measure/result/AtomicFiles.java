package io.memstore.measure.result;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes output files so that a reader sees either the old file or the complete new one, never a half-written
 * file: the text goes to a temporary file in the same directory (a rename is only atomic within one file
 * system), is forced to disk, and is then renamed over the target.
 *
 * <p>The temporary file is created as any other file of the build is, so its mode (and the target's, after the
 * rename) follows the process's umask: {@code Files.createTempFile} would make it readable by its owner only,
 * and collectors running as another user could not read the results.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Replaces {@code target} with {@code text} in UTF-8, creating missing parent directories. */
    public static void write(Path target, String text) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        Path temp = createNew(dir, "." + absolute.getFileName() + ".");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                channel.force(true);
            }
            Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** A new empty file {@code prefix<random>.tmp} in {@code dir}, with the umask's mode. */
    private static Path createNew(Path dir, String prefix) throws IOException {
        while (true) {
            Path candidate = dir.resolve(prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                    + ".tmp");
            try {
                return Files.createFile(candidate);
            } catch (FileAlreadyExistsException taken) {
                // another writer's temporary file: draw another name
            }
        }
    }
}
