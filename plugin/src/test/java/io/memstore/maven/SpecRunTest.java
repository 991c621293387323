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
import io.memstore.measure.spec.SystemKind;
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
        return SpecRun.of(project(), engine(), spec, dir.resolve("target/memstore").toFile(), new Recording());
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
    void theGetsGoToTheProbesAndANegativeCountNamesTheProperty() throws Exception {
        assertThat(path(null).runner("").gets()).isEqualTo(200_000);
        assertThat(path(null).withGets(1000).runner("").gets()).isEqualTo(1000);
        SpecRun path = path(null).withGets(-1);
        assertThatThrownBy(() -> path.runner("")).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("memstore.gets").hasMessageContaining("was -1");
    }

    @Test
    void belowScaleOneTheProbesSkipTheSettleAndTimeFewerGetsUnlessTheyAreSet() throws Exception {
        var quick = path(null).runner("", path(null).quickLook(0.01));
        assertThat(quick.settle()).isZero();
        assertThat(quick.gets()).isEqualTo(2_000);
        assertThat(path(null).quickLook(0.01).line()).hasValueSatisfying(l -> assertThat(l)
                .startsWith("quick look at scale 0.01: no settle waits"));
        var full = path(null).runner("", path(null).quickLook(1.0));
        assertThat(full.settle()).hasMillis(5_500);
        assertThat(full.gets()).isEqualTo(200_000);
        SpecRun set = path(null).withSettle(5_500L).withGets(200_000);
        assertThat(set.runner("", set.quickLook(0.01)).settle()).hasMillis(5_500);
        assertThat(set.quickLook(0.01).line()).isEmpty();
        SpecRun negative = path(null).withSettle(-1L);
        assertThatThrownBy(() -> negative.quickLook(0.01)).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("memstore.settleMillis").hasMessageContaining("was -1");
    }

    @Test
    void theProbesGetTheSettingsAndWorkUnderTheResults() throws Exception {
        Recording log = new Recording();
        List<String> lines = log.info;
        var runner = SpecRun.of(project(), engine(), null, dir.resolve("out").toFile(), log)
                .withProbe("-Xss2m  -Dx=1", "90s", true).runner("calibration ");
        assertThat(runner.jvmArgs()).containsExactly("-Xss2m", "-Dx=1");
        assertThat(runner.timeout()).hasSeconds(90);
        assertThat(runner.keepFiles()).isTrue();
        assertThat(runner.workDir()).isEqualTo(dir.resolve("out/work").toAbsolutePath());
        assertThat(runner.classpath()).containsExactly(Path.of("/repo/memstore-measure.jar"));
        assertThat(lines).isEmpty(); // the goal says which store is measured when it measures
        assertThat(SpecRun.of(project(), engine(), null, dir.resolve("out").toFile(), log)
                .measuredLine(List.of(SystemKind.MEMSTORE))).startsWith("store measured: ");
        runner.progress().accept("row 1/2");
        runner.progress().detail("row 1/2: run 1/1, loading 10 %");
        assertThat(lines).containsExactly("memstore: calibration row 1/2");
        assertThat(log.debug).containsExactly("memstore: calibration row 1/2: run 1/1, loading 10 %");
    }

    @Test
    void aFilterThatSelectsNothingFailsBeforeAnyProbe() throws Exception {
        SpecRun path = path(null).withProbe(null, "30m", false);
        assertThatThrownBy(() -> path.measure("no-such-row/*", 1.0, null, "warn"))
                .isInstanceOf(MojoExecutionException.class).hasMessageContaining("no-such-row/*");
        assertThat(dir.resolve("target/memstore/work")).doesNotExist();
    }

    @Test
    void aSpecInTheProjectIsNamedRelativeToItAndTheBuiltInSpecSaysSo() throws Exception {
        Path conventional = dir.resolve(SpecLocator.CONVENTIONAL_SPEC);
        Files.createDirectories(conventional.getParent());
        Files.writeString(conventional, "version: 1\nname: mine\nworkloads:\n  - {name: w, store: none, keys: 1K}\n");
        assertThat(path(null).spec().source()).isEqualTo("src/memstore/workload.yaml");
        Path outside = Files.writeString(Files.createTempFile("outside", ".yaml"),
                "version: 1\nname: other\nworkloads:\n  - {name: w, store: none, keys: 1K}\n");
        try {
            assertThat(path(outside.toFile()).spec().source()).isEqualTo(outside.toString());
        } finally {
            Files.delete(outside);
        }
        Files.delete(conventional);
        Recording log = new Recording();
        SpecRun builtIn = SpecRun.of(project(), engine(), null, dir.resolve("target/memstore").toFile(), log);
        builtIn.spec();
        assertThat(log.info).isEmpty(); // loading it runs nothing; plan reads results and says so itself
        assertThatThrownBy(() -> builtIn.withProbe(null, "30m", false).measure("no-such-row/*", 1.0, null, "warn"))
                .isInstanceOf(MojoExecutionException.class);
        assertThat(log.info).hasSize(2);
        assertThat(log.info.get(0)).isEqualTo("memstore: no spec at src/memstore/workload.yaml: running the built-in"
                + " spec, etcd-storage-memory (etcd's benchmark tables)");
        assertThat(log.info.get(1)).contains("mvn memstore:init");
        assertThat(log.info).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(150));
    }

    /** A log that keeps its info and debug lines. */
    private static final class Recording extends org.apache.maven.plugin.logging.SystemStreamLog {
        final List<String> info = new ArrayList<>();
        final List<String> debug = new ArrayList<>();

        @Override
        public void info(CharSequence content) {
            info.add(content.toString());
        }

        @Override
        public void debug(CharSequence content) {
            debug.add(content.toString());
        }
    }
}
