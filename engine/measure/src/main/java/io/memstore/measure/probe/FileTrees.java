package io.memstore.measure.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Removes a directory tree that others may still be writing to or removing: a probe's run directory (which the
 * build's shutdown hook and the thread that ran the row may delete at once), the data directory of an etcd member
 * that writes a last file while it stops. Each walk tolerates what another removed; the walk is repeated, briefly,
 * until the tree is gone. The one way memstore deletes a tree outside the store itself.
 */
public final class FileTrees {
    /** Walks at most, 20 ms apart: enough for a stopping process's last write or a concurrent walk to end. */
    static final int ATTEMPTS = 10;

    private FileTrees() {
    }

    /**
     * Deletes {@code dir} and everything under it; nothing when it does not exist. Symbolic links are removed,
     * never followed.
     *
     * @throws UncheckedIOException when the tree is still there after every attempt
     */
    public static void delete(Path dir) {
        IOException last = null;
        for (int attempt = 0; attempt < ATTEMPTS && Files.exists(dir, LinkOption.NOFOLLOW_LINKS); attempt++) {
            try {
                Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        Files.deleteIfExists(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                        if (e instanceof NoSuchFileException) {
                            return FileVisitResult.CONTINUE;
                        }
                        throw e;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                        try {
                            Files.deleteIfExists(d);
                        } catch (DirectoryNotEmptyException notYet) {
                            // a file appeared or another walk is midway: the next attempt takes it
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
                last = null;
            } catch (NoSuchFileException e) {
                return; // already gone
            } catch (IOException e) {
                last = e;
            }
            if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (last != null || Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            String why = last != null ? last.getMessage() : "files keep appearing in it";
            throw new UncheckedIOException("cannot delete " + dir + ": " + why,
                    last != null ? last : new IOException(why));
        }
    }

    /**
     * As {@link #delete}, for a process on its way out (a shutdown hook, an orphaned probe): a failure is
     * returned as a message instead of thrown, since nothing better can be done than say so.
     *
     * @return null when the tree is gone, else why not
     */
    public static String deleteQuietly(Path dir) {
        try {
            delete(dir);
            return null;
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }
}
