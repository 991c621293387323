package io.memstore.maven;

import io.memstore.measure.check.Check;
import io.memstore.measure.run.RunnerOptions;
import io.memstore.measure.run.ClassTrial;
import io.memstore.measure.spec.ClasspathClassCheck;
import io.memstore.measure.spec.ProjectClassCheck;
import io.memstore.measure.spec.SpecException;
import io.memstore.measure.spec.WorkloadSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;

/**
 * What a goal that measures needs from the project under build: the probe's classpath (the project's own when it
 * depends on memstore-store, see {@link ProbeClasspath}) and the spec, loaded with the classes it names
 * ({@code system:} targets, {@code index:} classes) checked against the project's test classpath and tried in a probe
 * JVM ({@link ClassTrial}) before any row runs. The goals that use it declare {@code requiresDependencyResolution =
 * TEST}, so the project's test-scope artifacts are resolved: an adapter class and memstore-target (or memstore-store)
 * stay in test scope, out of the project's jar.
 */
final class ProjectProbe {
    private ProjectProbe() {
    }

    /**
     * The probe's classpath for this project.
     *
     * @throws MojoExecutionException when the project's store declares a probe API this probe does not drive
     *                                (naming both versions), or its test classpath is not resolved
     */
    static ProbeClasspath classpath(MavenProject project, List<Artifact> pluginArtifacts)
            throws MojoExecutionException {
        try {
            List<String> sources = new ArrayList<>(project.getCompileSourceRoots());
            sources.addAll(project.getTestCompileSourceRoots());
            return ProbeClasspath.of(pluginArtifacts, project.getArtifacts(), project.getTestClasspathElements(),
                    sources);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("memstore: " + e.getMessage(), e);
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("memstore: the project's test classpath is not resolved: "
                    + e.getMessage(), e);
        }
    }

    /**
     * The spec (null: the built-in one), every class it names looked up on the project's test classpath, then tried in
     * a probe JVM: a class that cannot be measured is a spec error at its file, line and field.
     *
     * @param workDir  where the trials' temporary directories go
     * @param timeout  how long a trial may take ({@code memstore.timeout})
     * @param warnings told of the threads and processes a class left behind in its trial
     */
    static WorkloadSpec loadSpec(Path spec, ProbeClasspath classpath, Path workDir, Duration timeout,
                                 Consumer<String> warnings) throws MojoExecutionException {
        return loadSpec(spec, classpath, workDir, timeout, warnings, List.of(), new ArrayList<>());
    }

    /**
     * As {@link #loadSpec(Path, ProbeClasspath, Path, Duration, Consumer)}, adding to {@code uncompiled} every class
     * the spec names whose source is in one of {@code testSourceRoots} but which is not compiled (the spec is then
     * broken, and the caller may tell why: {@code maven.test.skip}).
     */
    static WorkloadSpec loadSpec(Path spec, ProbeClasspath classpath, Path workDir, Duration timeout,
                                 Consumer<String> warnings, List<Path> testSourceRoots, List<String> uncompiled)
            throws MojoExecutionException {
        try (ClasspathClassCheck check = classpath.classCheck()) {
            ProjectClassCheck recording = (field, className) -> {
                Optional<String> problem = check.problem(field, className);
                if (problem.isPresent() && check.uncompiledSource(className)
                        .filter(source -> testSourceRoots.stream().anyMatch(source::startsWith)).isPresent()) {
                    uncompiled.add(className);
                }
                return problem;
            };
            return Check.loadSpec(spec, recording.andThen(new ClassTrial(classpath.entries(),
                    RunnerOptions.defaultJava(), workDir, timeout, warnings)));
        } catch (SpecException e) {
            throw new MojoExecutionException("memstore: the workload spec is broken: " + e.getMessage(), e);
        }
    }

    /** How the probes of this project are forked: its classpath, with the store recorded in the results. */
    static RunnerOptions runner(ProbeClasspath classpath) {
        return RunnerOptions.of(classpath.entries()).withStore(classpath.store());
    }
}
