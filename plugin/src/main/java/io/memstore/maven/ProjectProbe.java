package io.memstore.maven;

import io.memstore.measure.check.Check;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.spec.ClasspathIndexCheck;
import io.memstore.measure.spec.SpecException;
import io.memstore.measure.spec.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;

/**
 * What a goal that measures needs from the project under build: the probe's classpath (the project's own when it
 * depends on memstore-store, see {@link ProbeClasspath}) and the spec, loaded with its index classes checked
 * against the project's runtime classpath. The goals that use it declare {@code requiresDependencyResolution =
 * RUNTIME}, so the project's runtime artifacts are resolved.
 */
final class ProjectProbe {
    private ProjectProbe() {
    }

    /**
     * The probe's classpath for this project.
     *
     * @throws MojoExecutionException when the project's store declares a probe API this probe does not drive
     *                                (naming both versions), or its runtime classpath is not resolved
     */
    static ProbeClasspath classpath(MavenProject project, List<Artifact> pluginArtifacts)
            throws MojoExecutionException {
        try {
            return ProbeClasspath.of(pluginArtifacts, project.getArtifacts(), project.getRuntimeClasspathElements());
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("memstore: the project's runtime classpath is not resolved: "
                    + e.getMessage(), e);
        }
    }

    /** The spec (null: the built-in one), every index class it names looked up on the project's classpath. */
    static WorkloadSpec loadSpec(Path spec, ProbeClasspath classpath) throws MojoExecutionException {
        try (ClasspathIndexCheck check = classpath.indexCheck()) {
            return Check.loadSpec(spec, check);
        } catch (SpecException e) {
            throw new MojoExecutionException("memstore: the workload spec is broken: " + e.getMessage(), e);
        }
    }

    /** How the probes of this project are forked: its classpath, with the store recorded in the results. */
    static RunnerOptions runner(ProbeClasspath classpath) {
        return RunnerOptions.of(classpath.entries()).withStore(classpath.store());
    }
}
