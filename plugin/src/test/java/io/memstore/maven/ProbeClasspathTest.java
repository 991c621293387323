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
    void withoutDependencyTrailsEveryRuntimeJarGoes() {
        List<Artifact> artifacts = List.of(jar("io.memstore", "memstore-measure", "compile"),
                jar("org.xerial", "sqlite-jdbc", "compile"), jar("org.apache.maven", "maven-core", "provided"));
        assertThat(ProbeClasspath.of(artifacts)).containsExactly(Path.of("/repo/memstore-measure.jar"),
                Path.of("/repo/sqlite-jdbc.jar"));
    }
}
