package io.memstore.systems;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The bytes of the regular files under a directory, as a target's file size. */
final class DirectorySize {
    private DirectorySize() {
    }

    /** The sum of the sizes of the regular files under {@code dir} (B), 0 when it does not exist. */
    static long of(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(DirectorySize::sizeOrZero).sum();
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the sizes of the files in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static long sizeOrZero(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0; // removed while walking: a log or table file replaced by the store
        }
    }
}
