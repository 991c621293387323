package io.memstore.maven;

import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.Artifact;

/**
 * The probe JVM's classpath: memstore-measure and what it depends on, taken from the plugin's own artifacts. The
 * plugin's other dependencies (the reporting and Doxia jars of memstore:report) stay out: every jar on a probe's
 * classpath is opened when service files are looked up, and would add to the RSS it measures. So do
 * memstore-systems and the jars only it brings (etcd's client, H2, RocksDB): {@link #systems} lists them apart,
 * and they join the classpath of rows of those systems only.
 */
final class ProbeClasspath {
    static final String ENGINE = "io.memstore:memstore-measure";
    static final String SYSTEMS = "io.memstore:memstore-systems";

    private ProbeClasspath() {
    }

    static List<Path> of(List<Artifact> pluginArtifacts) {
        List<Artifact> jars = pluginArtifacts.stream().filter(a -> "jar".equals(a.getType()) && a.getFile() != null)
                .filter(a -> !Artifact.SCOPE_TEST.equals(a.getScope()) && !Artifact.SCOPE_PROVIDED.equals(a.getScope()))
                .toList();
        List<Artifact> engine = jars.stream().filter(a -> under(a, ENGINE) && !under(a, SYSTEMS)).toList();
        // Without dependency trails (a Maven that does not fill them in) only the engine would be found: then
        // every jar goes, which measures a little more but still runs.
        List<Artifact> chosen = engine.size() > 1 ? engine : jars;
        return chosen.stream().map(a -> a.getFile().toPath()).toList();
    }

    /**
     * What rows of other systems than memstore add to {@link #of}: memstore-systems and the jars whose dependency
     * trail passes through it; empty when the plugin has no memstore-systems or Maven gave no trails.
     */
    static List<Path> systems(List<Artifact> pluginArtifacts) {
        List<Path> plain = of(pluginArtifacts);
        return pluginArtifacts.stream().filter(a -> "jar".equals(a.getType()) && a.getFile() != null)
                .filter(a -> !Artifact.SCOPE_TEST.equals(a.getScope()) && !Artifact.SCOPE_PROVIDED.equals(a.getScope()))
                .filter(a -> under(a, SYSTEMS)).map(a -> a.getFile().toPath()).filter(p -> !plain.contains(p)).toList();
    }

    /** The artifact {@code ga} itself, or an artifact whose dependency trail passes through it. */
    private static boolean under(Artifact a, String ga) {
        if ((a.getGroupId() + ":" + a.getArtifactId()).equals(ga)) {
            return true;
        }
        List<String> trail = a.getDependencyTrail();
        return trail != null && trail.stream().anyMatch(t -> t.startsWith(ga + ":"));
    }
}
