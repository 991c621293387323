package io.memstore.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProjectPathsTest {
    private final Path project = Path.of("/builds/acme/service").toAbsolutePath();

    @Test
    void aFileInsideTheProjectIsNamedFromItInLogsAndPages() {
        Path file = project.resolve("target/memstore/memstore.json");
        assertThat(ProjectPaths.relative(project, file)).isEqualTo("target/memstore/memstore.json");
        assertThat(ProjectPaths.published(project, file)).isEqualTo("target/memstore/memstore.json");
    }

    @Test
    void aFileOutsideTheProjectIsAbsoluteInLogsButRelativeOnAPublishedPage() {
        Path file = project.resolve("../../results-store/memstore.json");
        assertThat(ProjectPaths.relative(project, file)).isEqualTo(file.normalize().toString());
        assertThat(ProjectPaths.published(project, file)).isEqualTo("../../results-store/memstore.json")
                .doesNotContain(project.getRoot().resolve("builds").toString());
    }

    @Test
    void theConsoleNamesAFileFromWhereMavenWasStarted() {
        Path started = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        assertThat(ProjectPaths.shown(null, started.resolve("site/target/memstore"))).isEqualTo("site/target/memstore");
        Path elsewhere = started.getRoot().resolve("elsewhere-" + System.nanoTime()).resolve("target/memstore");
        assertThat(ProjectPaths.shown(null, elsewhere)).isEqualTo(elsewhere.toString());
    }
}
