package io.memstore.maven;

import io.memstore.measure.probe.MeasuredStore;
import io.memstore.measure.probe.StoreDescriptor;
import io.memstore.measure.spec.ClasspathClassCheck;
import io.memstore.measure.spec.SystemKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.maven.artifact.Artifact;

/**
 * The probe JVM's classpath, and which memstore-store it holds.
 *
 * <p>When the project under build depends on memstore-store (in any scope but provided: a project that measures its
 * own index keeps the store and the adapter in test scope), the probe measures the project's code: the project's test
 * classpath (its compiled test and main classes, then its dependencies in Maven's order, so its memstore-store and
 * sqlite-jdbc), then the probe's own classes, memstore-measure and what it needs besides the store (memstore-target,
 * SnakeYAML). The plugin's own store stays out, so one store is loaded, the project's. The project's store must
 * declare the probe API this probe drives ({@link StoreDescriptor}); otherwise the goal fails before any row runs,
 * naming both versions.
 *
 * <p>Otherwise the plugin's own store is measured, as its artifacts bring it: memstore-measure and what it depends
 * on. A project that depends on memstore-target (its own {@code KeyValueTarget} classes, in test scope) has its test
 * classpath appended, after the engine, so the probe finds those classes while its own jars come first. The plugin's
 * other dependencies (the reporting and Doxia jars of memstore:report) stay out either way: every jar on a probe's
 * classpath is opened when service files are looked up, and would add to the RSS it measures. So do memstore-systems
 * and the jars only it brings (etcd's client, H2, RocksDB): {@link #systems} lists them apart, and they join the
 * classpath of rows of those systems only.
 *
 * @param entries          the probe's classpath, in order
 * @param store            the store on it, for the record
 * @param projectClasspath the project's test classpath, where the classes named in the spec are looked up
 * @param sourceRoots      the project's Java source directories, where a class not compiled yet is found
 */
record ProbeClasspath(List<Path> entries, MeasuredStore store, List<Path> projectClasspath, List<Path> sourceRoots) {
    static final String ENGINE = "io.memstore:memstore-measure";
    static final String STORE = "io.memstore:memstore-store";
    static final String TARGET = "io.memstore:memstore-target";
    static final String SYSTEMS = "io.memstore:memstore-systems";

    /** Without source directories. */
    static ProbeClasspath of(List<Artifact> pluginArtifacts, Collection<Artifact> projectArtifacts,
                             List<String> projectTest) {
        return of(pluginArtifacts, projectArtifacts, projectTest, List.of());
    }

    /**
     * @param pluginArtifacts  the plugin's resolved artifacts ({@code ${plugin.artifacts}})
     * @param projectArtifacts the project's resolved artifacts, test scope included ({@code MavenProject#getArtifacts})
     * @param projectTest      the project's test classpath elements: its test and main output directories, then its
     *                         jars
     * @param sourceRoots      the project's main and test source directories
     * @throws IllegalArgumentException when the project's store declares a probe API this probe does not drive
     */
    static ProbeClasspath of(List<Artifact> pluginArtifacts, Collection<Artifact> projectArtifacts,
                             List<String> projectTest, List<String> sourceRoots) {
        List<Path> project = projectTest.stream().map(Path::of).toList();
        List<Path> sources = sourceRoots.stream().map(Path::of).toList();
        Optional<Artifact> projectStore = projectArtifacts.stream().filter(ProbeClasspath::isStore)
                .filter(a -> a.getFile() != null && !Artifact.SCOPE_PROVIDED.equals(a.getScope()))
                .findFirst();
        if (projectStore.isEmpty()) {
            Set<Path> entries = new LinkedHashSet<>(pluginEntries(pluginArtifacts));
            if (projectArtifacts.stream().anyMatch(a -> (a.getGroupId() + ":" + a.getArtifactId()).equals(TARGET))) {
                entries.addAll(project);
            }
            Artifact own = pluginArtifacts.stream().filter(ProbeClasspath::isStore).findFirst().orElse(null);
            MeasuredStore store = own == null || own.getFile() == null ? null
                    : measured(own, MeasuredStore.PLUGIN, "the plugin's own " + coordinates(own));
            return new ProbeClasspath(List.copyOf(entries), store, project, sources);
        }
        Artifact a = projectStore.get();
        MeasuredStore store = measured(a, MeasuredStore.PROJECT, "the project's " + coordinates(a));
        Set<Path> entries = new LinkedHashSet<>(project);
        for (Artifact p : runtimeJars(pluginArtifacts)) {
            if (engineOrUnderIt(p) && !isStore(p) && !underStore(p)) {
                entries.add(p.getFile().toPath());
            }
        }
        return new ProbeClasspath(List.copyOf(entries), store, project, sources);
    }

    /** The plugin's own probe classpath: memstore-measure and what it depends on, its store included. */
    static List<Path> pluginEntries(List<Artifact> pluginArtifacts) {
        List<Artifact> jars = runtimeJars(pluginArtifacts);
        List<Artifact> engine = jars.stream().filter(ProbeClasspath::engineOrUnderIt).toList();
        // Without dependency trails (a Maven that does not fill them in) only the engine would be found: then
        // every jar goes, which measures a little more but still runs.
        List<Artifact> chosen = engine.size() > 1 ? engine : jars;
        return chosen.stream().map(a -> a.getFile().toPath()).toList();
    }

    /** Checks the classes a spec names against the project's test classpath; close it after loading the spec. */
    ClasspathClassCheck classCheck() {
        return new ClasspathClassCheck(projectClasspath, "the project's test classpath (its test and main classes and"
                + " test-scope dependencies)", sourceRoots);
    }

    /** What the goal logs about the store, before the rows run. */
    String describe() {
        return store == null ? "store measured: not known (no memstore-store among the plugin's artifacts)"
                : "store measured: " + store.describe();
    }

    /**
     * What the goal logs, before the rows run, about what they measure: memstore's store when some row measures it
     * ({@link #describe()}), and the other systems and the project's target classes by name, like
     * {@code systems measured: the project's class com.example.MapStore} for a spec that names only its own.
     *
     * @param systems the systems of the rows about to run, in the spec's order
     */
    String describe(Collection<SystemKind> systems) {
        Set<SystemKind> distinct = new LinkedHashSet<>(systems);
        List<String> others = new ArrayList<>();
        distinct.stream().filter(s -> !s.isClass() && s != SystemKind.MEMSTORE).forEach(s -> others.add(s.specName()));
        List<String> classes = distinct.stream().filter(SystemKind::isClass).map(SystemKind::specName).toList();
        if (!classes.isEmpty()) {
            others.add("the project's " + (classes.size() == 1 ? "class " : "classes ") + String.join(", ", classes));
        }
        if (!distinct.contains(SystemKind.MEMSTORE)) {
            return "systems measured: " + (others.isEmpty() ? "none" : String.join(", ", others));
        }
        return describe() + (others.isEmpty() ? "" : "; other systems: " + String.join(", ", others));
    }

    private static MeasuredStore measured(Artifact a, String source, String where) {
        StoreDescriptor d = StoreDescriptor.requireDrivable(StoreDescriptor.read(a.getFile().toPath()), where);
        return new MeasuredStore(d.version(), source, coordinates(a));
    }

    private static List<Artifact> runtimeJars(List<Artifact> artifacts) {
        List<Artifact> out = new ArrayList<>();
        for (Artifact a : artifacts) {
            if ("jar".equals(a.getType()) && a.getFile() != null && !Artifact.SCOPE_TEST.equals(a.getScope())
                    && !Artifact.SCOPE_PROVIDED.equals(a.getScope())) {
                out.add(a);
            }
        }
        return out;
    }

    private static String coordinates(Artifact a) {
        return a.getGroupId() + ":" + a.getArtifactId() + ":" + a.getVersion();
    }

    private static boolean isStore(Artifact a) {
        return (a.getGroupId() + ":" + a.getArtifactId()).equals(STORE);
    }

    /** An artifact the plugin has only because its store depends on it (sqlite-jdbc). */
    private static boolean underStore(Artifact a) {
        List<String> trail = a.getDependencyTrail();
        return trail != null && trail.stream().anyMatch(t -> t.startsWith(STORE + ":"));
    }

    /** The engine itself, or an artifact whose dependency trail passes through it. */
    private static boolean engineOrUnderIt(Artifact a) {
        if ((a.getGroupId() + ":" + a.getArtifactId()).equals(ENGINE)) {
            return true;
        }
        List<String> trail = a.getDependencyTrail();
        return trail != null && trail.stream().anyMatch(t -> t.startsWith(ENGINE + ":"));
    }

    /**
     * What rows of other systems than memstore add to the probe's classpath: memstore-systems and the jars whose
     * dependency trail passes through it; empty when the plugin has no memstore-systems or Maven gave no trails
     * (then {@link #pluginEntries} took every jar already).
     */
    static List<Path> systems(List<Artifact> pluginArtifacts) {
        List<Path> plain = pluginEntries(pluginArtifacts);
        List<Path> out = new ArrayList<>();
        for (Artifact a : runtimeJars(pluginArtifacts)) {
            Path jar = a.getFile().toPath();
            if (under(a, SYSTEMS) && !plain.contains(jar)) {
                out.add(jar);
            }
        }
        return out;
    }

    private static boolean under(Artifact a, String groupAndArtifact) {
        if ((a.getGroupId() + ":" + a.getArtifactId()).equals(groupAndArtifact)) {
            return true;
        }
        List<String> trail = a.getDependencyTrail();
        return trail != null && trail.stream().anyMatch(t -> t.startsWith(groupAndArtifact + ":"));
    }
}
