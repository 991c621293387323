package io.memstore.systems;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class DirectorySizeTest {
    @TempDir
    Path dir;

    @Test
    void sumsTheRegularFilesAtEveryDepth() throws IOException {
        Files.write(dir.resolve("a.sst"), new byte[1000]);
        Files.createDirectories(dir.resolve("wal/archive"));
        Files.write(dir.resolve("wal/b.log"), new byte[24]);
        Files.write(dir.resolve("wal/archive/c.log"), new byte[3]);
        assertThat(DirectorySize.of(dir)).isEqualTo(1027);
    }

    @Test
    void aDirectoryNotYetCreatedHoldsNothing() {
        assertThat(DirectorySize.of(dir.resolve("absent"))).isZero();
    }
}
