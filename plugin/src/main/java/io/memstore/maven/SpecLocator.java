package io.memstore.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;

/** Which spec a goal runs: the one given, else the project's conventional file, else the embedded default. */
final class SpecLocator {
    /** The spec memstore looks for when {@code spec} is not given. */
    static final String CONVENTIONAL_SPEC = "src/memstore/workload.yaml";

    private SpecLocator() {
    }

    /** The spec file to load, or null for the embedded default; a spec that is given but missing is an error. */
    static Path resolve(File spec, Path basedir) throws MojoExecutionException {
        if (spec != null) {
            Path given = spec.toPath();
            if (!Files.isRegularFile(given)) {
                throw new MojoExecutionException("memstore: the workload spec " + given + " does not exist"
                        + " (parameter spec / memstore.spec); leave it unset to use " + CONVENTIONAL_SPEC
                        + " or the embedded default spec");
            }
            return given;
        }
        Path conventional = basedir.resolve(CONVENTIONAL_SPEC);
        return Files.isRegularFile(conventional) ? conventional : null;
    }
}
