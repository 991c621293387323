package io.memstore.measure.probe;

import java.util.Objects;

/**
 * Which memstore-store the probes ran, for the record: its declared version, whether it came from the project
 * under build or the plugin itself, and its Maven coordinates.
 *
 * @param version  the version the store jar declares ({@link StoreDescriptor})
 * @param source   {@link #PROJECT} (the project's test classpath) or {@link #PLUGIN} (the plugin's own store)
 * @param artifact groupId:artifactId:version as Maven resolved it
 */
public record MeasuredStore(String version, String source, String artifact) {
    public static final String PROJECT = "project";
    public static final String PLUGIN = "plugin";

    public MeasuredStore {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(artifact, "artifact");
        if (!PROJECT.equals(source) && !PLUGIN.equals(source)) {
            throw new IllegalArgumentException("source must be " + PROJECT + " or " + PLUGIN + ", was " + source);
        }
    }

    /** One line for people: {@code memstore-store 0.1.0 from the project's dependencies (io.memstore:...)}. */
    public String describe() {
        return "memstore-store " + version + (PROJECT.equals(source) ? " from the project's test classpath"
                : " of the plugin itself") + " (" + artifact + ")";
    }
}
