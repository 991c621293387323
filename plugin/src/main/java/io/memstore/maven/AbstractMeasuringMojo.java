package io.memstore.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The parameters of the goals that measure a spec in forked probe JVMs, {@code check} and {@code plan} (its
 * calibration rows): which spec, and how the probes run.
 */
abstract class AbstractMeasuringMojo extends AbstractMemstoreMojo {

    /**
     * The YAML workload spec. When not given, {@code src/memstore/workload.yaml} of the project if it exists, else
     * the embedded default spec (etcd's storage memory benchmark). A spec that is given but missing is an error.
     */
    @Parameter(property = "memstore.spec")
    private File spec;

    /**
     * Milliseconds each probe waits at most, after the compilers went quiet, for HotSpot to empty the compilers'
     * memory pools before it reads RSS: they are emptied every 5 s from the JVM's start, and a reading before that
     * counts them; the probe waits until the next emptying is due (half of that on average), never longer than this.
     * 0 skips the settle: quicker, for runs whose RSS nobody looks at, but RSS then varies by several MB from run to
     * run. When not set: 5500, and 0 at a {@code memstore.scale} below 1 (a quick look).
     */
    @Parameter(property = "memstore.settleMillis")
    private Long settleMillis;

    /**
     * Gets each probe times after its memory readings, for the gets/s figure (over a sample of the live keys, after
     * a warm-up of half as many; a row of another system may cap them). Fewer are quicker, for runs whose speed
     * nobody looks at, and noisier; 0 times none, and the rows then have no gets/s. When not set: 200000, times the
     * {@code memstore.scale} below 1 (at least 1000).
     */
    @Parameter(property = "memstore.gets")
    private Integer gets;

    /** Extra flags for every probe JVM, separated by spaces; they come after memstore's own and win. */
    @Parameter(property = "memstore.jvmArgs")
    private String jvmArgs;

    /**
     * Per run of a row, and per trial of a class the spec names, e.g. {@code 30m}, {@code 90s} or a number of
     * seconds; a probe or trial still running is killed.
     */
    @Parameter(property = "memstore.timeout", defaultValue = "30m")
    private String timeout;

    /** The plugin's own artifacts: the engine and its dependencies are the probe JVM's classpath. */
    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    private List<Artifact> pluginArtifacts;

    /**
     * The shared path from these parameters to the spec and the probes (see {@link SpecRun}).
     *
     * @param keepFiles keep each run's temporary directory under the results directory
     */
    protected SpecRun specRun(boolean keepFiles) throws MojoExecutionException {
        return SpecRun.of(project(), pluginArtifacts, spec, resultDirectory().toFile(), getLog())
                .withSettle(settleMillis).withGets(gets).withProbe(jvmArgs, timeout, keepFiles);
    }
}
