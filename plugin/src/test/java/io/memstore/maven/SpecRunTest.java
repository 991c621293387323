package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared path from parameters to a run: its errors are MojoExecutionExceptions that say what is wrong. */
class SpecRunTest {
    @TempDir
    Path dir;

    private MavenProject project() {
        MavenProject project = new MavenProject();
        project.setFile(dir.resolve("pom.xml").toFile());
        return project;
    }

    private static List<Artifact> engine() {
        DefaultArtifact a = new DefaultArtifact("io.memstore", "memstore-measure", "1.0", "compile", "jar", null,
                new DefaultArtifactHandler("jar"));
        a.setFile(new File("/repo/memstore-measure.jar"));
        return List.of(a);
    }

    private SpecRun path(File spec) throws MojoExecutionException {
        return SpecRun.of(project(), engine(), spec, dir.resolve("target/memstore").toFile(), line -> { });
    }

    @Test
    void aMissingSpecNamesItAndTheProperty() {
        File missing = dir.resolve("nope.yaml").toFile();
        assertThatThrownBy(() -> path(missing)).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("nope.yaml").hasMessageContaining("memstore.spec");
    }

    @Test
    void aBrokenSpecNamesTheFileAndLine() throws Exception {
        Path spec = Files.writeString(dir.resolve("broken.yaml"), "name: broken\nworkloads:\n  - [unclosed\n");
        SpecRun path = path(spec.toFile());
        assertThatThrownBy(path::spec).isInstanceOf(MojoExecutionException.class)
                .hasMessageStartingWith("memstore: the workload spec is broken: ")
                .hasMessageContaining("broken.yaml:4:1: YAML syntax error");
    }

    @Test
    void theConventionalSpecIsFoundAndOtherwiseTheDefault() throws Exception {
        assertThat(path(null).specFile()).isNull();
        Path conventional = dir.resolve(SpecLocator.CONVENTIONAL_SPEC);
        Files.createDirectories(conventional.getParent());
        Files.writeString(conventional, "name: mine\n");
        assertThat(path(null).specFile()).isEqualTo(conventional);
    }

    @Test
    void aBadTimeoutNamesTheProperty() throws Exception {
        SpecRun path = path(null).withProbe(null, "soon", false);
        assertThatThrownBy(() -> path.runner("")).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("memstore.timeout").hasMessageContaining("'soon'");
    }

    @Test
    void theProbesGetTheSettingsAndWorkUnderTheResults() throws Exception {
        List<String> lines = new ArrayList<>();
        var runner = SpecRun.of(project(), engine(), null, dir.resolve("out").toFile(), lines::add)
                .withProbe("-Xss2m  -Dx=1", "90s", true).runner("calibration ");
        assertThat(runner.jvmArgs()).containsExactly("-Xss2m", "-Dx=1");
        assertThat(runner.timeout()).hasSeconds(90);
        assertThat(runner.keepFiles()).isTrue();
        assertThat(runner.workDir()).isEqualTo(dir.resolve("out/work").toAbsolutePath());
        assertThat(runner.classpath()).containsExactly(Path.of("/repo/memstore-measure.jar"));
        assertThat(lines).singleElement().asString().startsWith("memstore: calibration store measured: ");
        runner.progress().accept("row 1/2");
        assertThat(lines).last().isEqualTo("memstore: calibration row 1/2");
    }

    @Test
    void aFilterThatSelectsNothingFailsBeforeAnyProbe() throws Exception {
        SpecRun path = path(null).withProbe(null, "30m", false);
        assertThatThrownBy(() -> path.measure("no-such-row/*", 1.0, null, "warn"))
                .isInstanceOf(MojoExecutionException.class).hasMessageContaining("no-such-row/*");
        assertThat(dir.resolve("target/memstore/work")).doesNotExist();
    }
}
