package io.memstore.measure.probe;

import io.memstore.store.MvccStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StoreDescriptorTest {
    @TempDir
    Path dir;

    @Test
    void theStoreOfThisBuildDeclaresItsVersionAndTheApiThisProbeDrives() throws URISyntaxException {
        Path store = Path.of(MvccStore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        StoreDescriptor d = StoreDescriptor.read(store).orElseThrow();
        assertThat(d.probeApi()).isEqualTo(StoreDescriptor.PROBE_API);
        assertThat(d.version()).isEqualTo(StoreDescriptor.probeVersion()).doesNotContain("${");
        assertThat(StoreDescriptor.read(MvccStore.class.getClassLoader())).hasValue(d);
        assertThat(StoreDescriptor.requireDrivable(Optional.of(d), "the store")).isEqualTo(d);
    }

    @Test
    void readsAJar() throws IOException {
        Path jar = dir.resolve("store.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry(StoreDescriptor.RESOURCE));
            out.write("version=0.9.0\nprobeApi=1\n".getBytes(StandardCharsets.ISO_8859_1));
            out.closeEntry();
        }
        assertThat(StoreDescriptor.read(jar)).hasValue(new StoreDescriptor("0.9.0", 1));
    }

    @Test
    void aJarWithoutDescriptorIsEmptyAndRefusedNamingBothSides() throws IOException {
        Path jar = dir.resolve("old.jar");
        try (OutputStream raw = Files.newOutputStream(jar); ZipOutputStream out = new ZipOutputStream(raw)) {
            out.putNextEntry(new ZipEntry("io/memstore/store/MvccStore.class"));
            out.closeEntry();
        }
        Optional<StoreDescriptor> none = StoreDescriptor.read(jar);
        assertThat(none).isEmpty();
        assertThatThrownBy(() -> StoreDescriptor.requireDrivable(none, "the project's io.memstore:memstore-store:0.0.1"))
                .hasMessageStartingWith("the project's io.memstore:memstore-store:0.0.1 declares no probe API")
                .hasMessageContaining("memstore-measure " + StoreDescriptor.probeVersion());
    }

    @Test
    void anotherApiIsRefusedNamingBothVersions() {
        assertThatThrownBy(() -> StoreDescriptor.requireDrivable(Optional.of(new StoreDescriptor("2.0.0", 2)),
                "the project's io.memstore:memstore-store:2.0.0"))
                .hasMessage("the project's io.memstore:memstore-store:2.0.0 is memstore-store 2.0.0 with probe API 2,"
                        + " which memstore-measure " + StoreDescriptor.probeVersion() + ", whose probe drives store"
                        + " probe API 1, cannot drive; use a memstore plugin of version 2.0.0, or depend on"
                        + " memstore-store " + StoreDescriptor.probeVersion());
    }

    @Test
    void aBrokenDescriptorIsAnErrorNamingTheFile() throws IOException {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("META-INF/memstore"));
        Files.writeString(classes.resolve(StoreDescriptor.RESOURCE), "version=1\nprobeApi=one\n");
        assertThatThrownBy(() -> StoreDescriptor.read(classes))
                .hasMessageContaining("store.properties: probeApi must be a whole number, was 'one'");
    }
}
