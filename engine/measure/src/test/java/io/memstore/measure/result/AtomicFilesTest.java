package io.memstore.measure.result;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void createsParentsAndReplacesTheTarget() throws IOException {
        Path target = dir.resolve("a/b/out.txt");
        AtomicFiles.write(target, "first");
        AtomicFiles.write(target, "second, ünïcode");

        assertThat(Files.readString(target)).isEqualTo("second, ünïcode");
        assertThat(names(target.getParent())).containsExactly("out.txt");
    }

    @Test
    void aFailedMoveLeavesTheOldTargetAndNoTemporaryFile() throws IOException {
        // A non-empty directory cannot be replaced by a file: the rename fails after the temp file is written.
        Path target = dir.resolve("occupied");
        Files.createDirectories(target);
        Files.writeString(target.resolve("inside.txt"), "untouched");

        assertThatThrownBy(() -> AtomicFiles.write(target, "new")).isInstanceOf(IOException.class);

        assertThat(Files.readString(target.resolve("inside.txt"))).isEqualTo("untouched");
        assertThat(names(dir)).containsExactly("occupied");
    }

    @Test
    void relativeTargetsWorkToo() throws IOException {
        Path target = Path.of(dir.toString(), "rel.txt");
        AtomicFiles.write(Path.of("").toAbsolutePath().relativize(target), "x");
        assertThat(Files.readString(target)).isEqualTo("x");
    }

    @Test
    void theTargetHasTheModeOfAnyOtherNewFile() throws IOException {
        Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path plain = Files.createFile(dir.resolve("plain.txt"));
        Path target = dir.resolve("out.txt");
        AtomicFiles.write(target, "x");
        AtomicFiles.write(target, "y");

        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    private static List<String> names(Path directory) throws IOException {
        try (var files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
