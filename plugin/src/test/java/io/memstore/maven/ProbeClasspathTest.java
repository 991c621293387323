package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.measure.probe.MeasuredStore;
import io.memstore.measure.probe.StoreDescriptor;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import io.memstore.measure.spec.SystemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProbeClasspathTest {
    private static final String PLUGIN = "io.memstore:memstore-maven-plugin:maven-plugin:0.1.0";
    private static final String MEASURE = "io.memstore:memstore-measure:jar:0.1.0";
    private static final String STORE = "io.memstore:memstore-store:jar:0.1.0";

    @TempDir
    Path repo;

    private Artifact jar(String group, String artifact, String version, String scope, String... trail) {
        DefaultArtifact a = new DefaultArtifact(group, artifact, version, scope, "jar", null,
                new DefaultArtifactHandler("jar"));
        a.setFile(new File(repo.toFile(), artifact + "-" + version + ".jar"));
        a.setDependencyTrail(List.of(trail));
        return a;
    }

    /** A store jar declaring itself as a memstore-store of this version and probe API. */
    private Artifact store(String version, int probeApi, String scope, String... trail) throws IOException {
        Artifact a = jar("io.memstore", "memstore-store", version, scope, trail);
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(a.getFile().toPath()))) {
            out.putNextEntry(new ZipEntry(StoreDescriptor.RESOURCE));
            out.write(("version=" + version + "\nprobeApi=" + probeApi + "\n").getBytes(StandardCharsets.ISO_8859_1));
            out.closeEntry();
        }
        return a;
    }

    private List<Artifact> plugin() throws IOException {
        return List.of(
                jar("io.memstore", "memstore-measure", "0.1.0", "compile", PLUGIN, MEASURE),
                store("0.1.0", StoreDescriptor.PROBE_API, "compile", PLUGIN, MEASURE, STORE),
                jar("org.xerial", "sqlite-jdbc", "3.54.1.0", "compile", PLUGIN, MEASURE, STORE,
                        "org.xerial:sqlite-jdbc:jar:3.54.1.0"),
                jar("org.yaml", "snakeyaml", "2.7", "compile", PLUGIN, MEASURE, "org.yaml:snakeyaml:jar:2.7"),
                jar("org.apache.maven.reporting", "maven-reporting-impl", "4.0.0", "compile", PLUGIN,
                        "org.apache.maven.reporting:maven-reporting-impl:jar:4.0.0"),
                jar("org.apache.maven", "maven-core", "3.8.7", "provided", PLUGIN, "org.apache.maven:maven-core:jar:3.8.7"));
    }

    @Test
    void withoutAStoreInTheProjectTheProbeRunsThePluginsOwnEngine() throws IOException {
        ProbeClasspath cp = ProbeClasspath.of(plugin(), Set.of(), List.of("/project/target/classes"));
        assertThat(cp.entries()).extracting(p -> p.getFileName().toString()).containsExactly(
                "memstore-measure-0.1.0.jar", "memstore-store-0.1.0.jar", "sqlite-jdbc-3.54.1.0.jar",
                "snakeyaml-2.7.jar");
        assertThat(cp.store()).isEqualTo(new MeasuredStore("0.1.0", MeasuredStore.PLUGIN,
                "io.memstore:memstore-store:0.1.0"));
        assertThat(cp.projectClasspath()).containsExactly(Path.of("/project/target/classes"));
    }

    @Test
    void aProjectThatDependsOnTheStoreIsMeasuredWithItsOwnClasspathAndStore() throws IOException {
        Artifact pinned = store("0.9.0-pinned", StoreDescriptor.PROBE_API, "compile");
        Artifact sqlite = jar("org.xerial", "sqlite-jdbc", "3.50.0.0", "compile");
        List<String> runtime = List.of("/project/target/classes", pinned.getFile().toString(),
                sqlite.getFile().toString());
        ProbeClasspath cp = ProbeClasspath.of(plugin(), Set.of(pinned, sqlite), runtime);
        // the project's classes and jars first; of the plugin only the probe and SnakeYAML: no second store
        assertThat(cp.entries()).extracting(p -> p.getFileName().toString()).containsExactly("classes",
                "memstore-store-0.9.0-pinned.jar", "sqlite-jdbc-3.50.0.0.jar", "memstore-measure-0.1.0.jar",
                "snakeyaml-2.7.jar");
        assertThat(cp.store()).isEqualTo(new MeasuredStore("0.9.0-pinned", MeasuredStore.PROJECT,
                "io.memstore:memstore-store:0.9.0-pinned"));
        assertThat(cp.describe()).isEqualTo("store measured: memstore-store 0.9.0-pinned from the project's test"
                + " classpath (io.memstore:memstore-store:0.9.0-pinned)");
    }

    @Test
    void theMeasuredLineNamesWhatTheRowsMeasureNotAStoreNoRowRuns() throws IOException {
        ProbeClasspath cp = ProbeClasspath.of(plugin(), Set.of(), List.of("/project/target/test-classes"));
        SystemKind map = SystemKind.of("com.example.MapStore");
        SystemKind copying = SystemKind.of("com.example.CopyingMapStore");
        assertThat(cp.describe(List.of(map))).isEqualTo("systems measured: the project's class com.example.MapStore");
        assertThat(cp.describe(List.of(map, copying, map))).isEqualTo("systems measured: the project's classes"
                + " com.example.MapStore, com.example.CopyingMapStore");
        assertThat(cp.describe(List.of(SystemKind.H2, SystemKind.ROCKSDB))).isEqualTo("systems measured: h2, rocksdb");
        assertThat(cp.describe(List.of(SystemKind.MEMSTORE))).isEqualTo(cp.describe());
        assertThat(cp.describe(List.of(SystemKind.MEMSTORE, SystemKind.ETCD, map))).isEqualTo(cp.describe()
                + "; other systems: etcd, the project's class com.example.MapStore");
    }

    @Test
    void aTestScopedStoreIsTheProjectsStoreWithItsTestClasses() throws IOException {
        Artifact testOnly = store("0.9.0", StoreDescriptor.PROBE_API, "test");
        ProbeClasspath cp = ProbeClasspath.of(plugin(), Set.of(testOnly), List.of("/project/target/test-classes",
                "/project/target/classes", testOnly.getFile().toString()));
        assertThat(cp.store().source()).isEqualTo(MeasuredStore.PROJECT);
        assertThat(cp.entries()).extracting(p -> p.getFileName().toString()).containsExactly("test-classes",
                "classes", "memstore-store-0.9.0.jar", "memstore-measure-0.1.0.jar", "snakeyaml-2.7.jar");
    }

    @Test
    void aProjectWithItsOwnTargetsHasItsTestClasspathAfterThePluginsEngine() throws IOException {
        Artifact target = jar("io.memstore", "memstore-target", "0.1.0", "test");
        Artifact junit = jar("org.junit.jupiter", "junit-jupiter-api", "5.14.3", "test");
        List<String> test = List.of("/project/target/test-classes", "/project/target/classes",
                target.getFile().toString(), junit.getFile().toString());
        ProbeClasspath cp = ProbeClasspath.of(plugin(), Set.of(target, junit), test);
        assertThat(cp.store().source()).isEqualTo(MeasuredStore.PLUGIN);
        assertThat(cp.entries()).extracting(p -> p.getFileName().toString()).containsExactly(
                "memstore-measure-0.1.0.jar", "memstore-store-0.1.0.jar", "sqlite-jdbc-3.54.1.0.jar",
                "snakeyaml-2.7.jar", "test-classes", "classes", "memstore-target-0.1.0.jar",
                "junit-jupiter-api-5.14.3.jar");
        assertThat(cp.projectClasspath()).hasSize(4);
    }

    @Test
    void aProjectWithoutMemstoreArtifactsKeepsItsClassesOffTheProbe() throws IOException {
        Artifact junit = jar("org.junit.jupiter", "junit-jupiter-api", "5.14.3", "test");
        ProbeClasspath cp = ProbeClasspath.of(plugin(), Set.of(junit), List.of("/project/target/test-classes",
                junit.getFile().toString()));
        assertThat(cp.entries()).extracting(p -> p.getFileName().toString()).containsExactly(
                "memstore-measure-0.1.0.jar", "memstore-store-0.1.0.jar", "sqlite-jdbc-3.54.1.0.jar",
                "snakeyaml-2.7.jar");
    }

    @Test
    void aStoreOfAnotherProbeApiIsRefusedNamingBothVersions() throws IOException {
        Artifact future = store("2.0.0", StoreDescriptor.PROBE_API + 1, "compile");
        assertThatThrownBy(() -> ProbeClasspath.of(plugin(), Set.of(future), List.of(future.getFile().toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the project's io.memstore:memstore-store:2.0.0 is memstore-store 2.0.0 with"
                        + " probe API " + (StoreDescriptor.PROBE_API + 1) + ", which memstore-measure ")
                .hasMessageContaining("whose probe drives store probe API " + StoreDescriptor.PROBE_API);
    }

    @Test
    void theSystemsJarsJoinOnlyTheirRows() throws IOException {
        String systems = "io.memstore:memstore-systems:jar:0.1.0";
        List<Artifact> artifacts = new java.util.ArrayList<>(plugin());
        artifacts.add(jar("io.memstore", "memstore-systems", "0.1.0", "compile", PLUGIN, systems));
        artifacts.add(jar("io.etcd", "jetcd-core", "0.8.5", "compile", PLUGIN, systems, "io.etcd:jetcd-core:jar:0.8.5"));
        artifacts.add(jar("org.rocksdb", "rocksdbjni", "10.10.1.1", "compile", PLUGIN, systems,
                "org.rocksdb:rocksdbjni:jar:10.10.1.1"));
        ProbeClasspath plain = ProbeClasspath.of(artifacts, Set.of(), List.of("/project/target/classes"));
        assertThat(plain.entries()).extracting(p -> p.getFileName().toString())
                .containsExactly("memstore-measure-0.1.0.jar", "memstore-store-0.1.0.jar", "sqlite-jdbc-3.54.1.0.jar",
                        "snakeyaml-2.7.jar");
        assertThat(ProbeClasspath.systems(artifacts)).extracting(p -> p.getFileName().toString())
                .containsExactly("memstore-systems-0.1.0.jar", "jetcd-core-0.8.5.jar", "rocksdbjni-10.10.1.1.jar");
    }

    @Test
    void withoutDependencyTrailsEveryRuntimeJarGoes() {
        List<Artifact> artifacts = List.of(jar("io.memstore", "memstore-measure", "1.0", "compile"),
                jar("org.xerial", "sqlite-jdbc", "1.0", "compile"), jar("org.apache.maven", "maven-core", "1.0", "provided"));
        assertThat(ProbeClasspath.pluginEntries(artifacts)).extracting(p -> p.getFileName().toString())
                .containsExactly("memstore-measure-1.0.jar", "sqlite-jdbc-1.0.jar");
    }
}
