package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** resultDirectory is set by memstore.resultDirectory, its former property still works where the new is not given. */
class ResultDirectoryTest {
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();
    private final SystemStreamLog log = new SystemStreamLog() {
        @Override
        public void warn(CharSequence content) {
            warnings.add(content.toString());
        }
    };

    private MavenProject project() {
        MavenProject project = new MavenProject();
        project.setFile(dir.resolve("pom.xml").toFile());
        project.getBuild().setDirectory(dir.resolve("target").toString());
        return project;
    }

    @SuppressWarnings("deprecation")
    private static MavenSession session(Properties user) {
        DefaultMavenExecutionRequest request = new DefaultMavenExecutionRequest();
        request.setUserProperties(user);
        return new MavenSession(null, request, new DefaultMavenExecutionResult(), List.of());
    }

    private static Properties properties(String... nameValue) {
        Properties p = new Properties();
        for (int i = 0; i < nameValue.length; i += 2) {
            p.setProperty(nameValue[i], nameValue[i + 1]);
        }
        return p;
    }

    private File byDefault() {
        return dir.resolve("target/memstore").toFile();
    }

    @Test
    void theParameterAsMavenInjectedItWithoutTheFormerProperty() {
        assertThat(ResultDirectory.resolve(byDefault(), project(), session(properties()), log))
                .isEqualTo(byDefault().toPath());
        File given = dir.resolve("elsewhere").toFile();
        assertThat(ResultDirectory.resolve(given, project(), session(properties()), log)).isEqualTo(given.toPath());
        assertThat(warnings).isEmpty();
    }

    @Test
    void theFormerPropertyOnTheCommandLineOrInThePomStillSetsItWithAWarning() {
        Path fromCommandLine = ResultDirectory.resolve(byDefault(), project(),
                session(properties("memstore.outputDirectory", "target/adhoc")), log);
        assertThat(fromCommandLine).isEqualTo(dir.resolve("target/adhoc"));
        MavenProject withProperty = project();
        withProperty.getProperties().setProperty("memstore.outputDirectory", dir.resolve("full").toString());
        assertThat(ResultDirectory.resolve(byDefault(), withProperty, session(properties()), log))
                .isEqualTo(dir.resolve("full"));
        assertThat(warnings).filteredOn(w -> w.contains("memstore.outputDirectory is the former name of"
                + " memstore.resultDirectory")).hasSize(2);
        assertThat(warnings).allSatisfy(w -> assertThat(w).hasSizeLessThanOrEqualTo(ConsoleLines.WIDTH));
    }

    @Test
    void theNewPropertyOrThePomsConfigurationWinsOverTheFormerProperty() {
        // -Dmemstore.resultDirectory=target/new: Maven injected it already; the former one beside it is ignored
        File injected = dir.resolve("target/new").toFile();
        assertThat(ResultDirectory.resolve(injected, project(), session(properties("memstore.resultDirectory",
                "target/new", "memstore.outputDirectory", "target/old")), log)).isEqualTo(injected.toPath());
        // set to its default value by the new property: still the new property's
        assertThat(ResultDirectory.resolve(byDefault(), project(), session(properties("memstore.resultDirectory",
                "target/memstore", "memstore.outputDirectory", "target/old")), log)).isEqualTo(byDefault().toPath());
        assertThat(warnings).isEmpty();
    }
}
