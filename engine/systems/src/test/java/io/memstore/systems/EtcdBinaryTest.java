package io.memstore.systems;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EtcdBinaryTest {
    @TempDir
    Path dir;

    @Test
    void missingOnPathSaysWhereItLookedAndHowToInstall() {
        assertThatThrownBy(() -> EtcdBinary.locate(null, dir.toString()))
                .isInstanceOf(SystemUnavailableException.class)
                .hasMessageContaining("no etcd program found on PATH (searched " + dir)
                .hasMessageContaining("apt-get install etcd-server")
                .hasMessageContaining("-Dmemstore.etcd=/path/to/etcd");
    }

    @Test
    void emptyPathIsNamed() {
        assertThatThrownBy(() -> EtcdBinary.locate(null, ""))
                .hasMessageContaining("searched nothing: PATH is empty");
    }

    @Test
    void explicitPathThatIsNoFile() {
        assertThatThrownBy(() -> EtcdBinary.locate(dir.resolve("nope").toString(), "/usr/bin"))
                .isInstanceOf(SystemUnavailableException.class)
                .hasMessageContaining("-Dmemstore.etcd=" + dir.resolve("nope") + " names no file");
    }

    @Test
    void explicitPathThatIsNotExecutable() throws IOException {
        Path f = Files.writeString(dir.resolve("etcd"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> EtcdBinary.locate(f.toString(), null)).hasMessageContaining("is not executable");
    }

    @Test
    void findsTheFirstExecutableOnPath() throws IOException {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));
        Path notExecutable = Files.writeString(a.resolve("etcd"), "x");
        Files.setPosixFilePermissions(notExecutable, PosixFilePermissions.fromString("rw-r--r--"));
        Path good = Files.writeString(b.resolve("etcd"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(good, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(EtcdBinary.locate(null, a + ":" + b)).isEqualTo(good.toAbsolutePath());
        assertThat(EtcdBinary.locate("  " + good + " ", null)).isEqualTo(good.toAbsolutePath());
    }
}
