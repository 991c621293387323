package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.junit.jupiter.api.Test;

class ProbeClasspathTest {
    private static final String PLUGIN = "io.memstore:memstore-maven-plugin:maven-plugin:0.1.0";

    private static Artifact jar(String group, String artifact, String scope, String... trail) {
        DefaultArtifact a = new DefaultArtifact(group, artifact, "1.0", scope, "jar", null,
                new DefaultArtifactHandler("jar"));
        a.setFile(new File("/repo/" + artifact + ".jar"));
        a.setDependencyTrail(List.of(trail));
        return a;
    }

    @Test
    void onlyTheEngineAndWhatItBringsGoToTheProbe() {
        List<Artifact> artifacts = List.of(
                jar("io.memstore", "memstore-measure", "compile", PLUGIN, "io.memstore:memstore-measure:jar:0.1.0"),
                jar("org.xerial", "sqlite-jdbc", "compile", PLUGIN, "io.memstore:memstore-measure:jar:0.1.0",
                        "org.xerial:sqlite-jdbc:jar:3.54.1.0"),
                jar("org.apache.maven.reporting", "maven-reporting-impl", "compile", PLUGIN,
                        "org.apache.maven.reporting:maven-reporting-impl:jar:4.0.0"),
                jar("org.apache.maven.doxia", "doxia-core", "compile", PLUGIN,
                        "org.apache.maven.reporting:maven-reporting-impl:jar:4.0.0",
                        "org.apache.maven.doxia:doxia-core:jar:2.0.0"),
                jar("org.apache.maven", "maven-core", "provided", PLUGIN, "org.apache.maven:maven-core:jar:3.8.7"));
        assertThat(ProbeClasspath.of(artifacts)).containsExactly(Path.of("/repo/memstore-measure.jar"),
                Path.of("/repo/sqlite-jdbc.jar"));
    }

    @Test
    void theSystemsJarsJoinOnlyTheirRows() {
        String systems = "io.memstore:memstore-systems:jar:0.1.0";
        List<Artifact> artifacts = List.of(
                jar("io.memstore", "memstore-measure", "compile", PLUGIN, "io.memstore:memstore-measure:jar:0.1.0"),
                jar("org.xerial", "sqlite-jdbc", "compile", PLUGIN, "io.memstore:memstore-measure:jar:0.1.0",
                        "org.xerial:sqlite-jdbc:jar:3.54.1.0"),
                jar("io.memstore", "memstore-systems", "compile", PLUGIN, systems),
                jar("io.etcd", "jetcd-core", "compile", PLUGIN, systems, "io.etcd:jetcd-core:jar:0.8.5"),
                jar("org.rocksdb", "rocksdbjni", "compile", PLUGIN, systems, "org.rocksdb:rocksdbjni:jar:10.10.1.1"));
        assertThat(ProbeClasspath.of(artifacts)).containsExactly(Path.of("/repo/memstore-measure.jar"),
                Path.of("/repo/sqlite-jdbc.jar"));
        assertThat(ProbeClasspath.systems(artifacts)).containsExactly(Path.of("/repo/memstore-systems.jar"),
                Path.of("/repo/jetcd-core.jar"), Path.of("/repo/rocksdbjni.jar"));
    }

    @Test
    void withoutDependencyTrailsEveryRuntimeJarGoes() {
        List<Artifact> artifacts = List.of(jar("io.memstore", "memstore-measure", "compile"),
                jar("org.xerial", "sqlite-jdbc", "compile"), jar("org.apache.maven", "maven-core", "provided"));
        assertThat(ProbeClasspath.of(artifacts)).containsExactly(Path.of("/repo/memstore-measure.jar"),
                Path.of("/repo/sqlite-jdbc.jar"));
    }
}
