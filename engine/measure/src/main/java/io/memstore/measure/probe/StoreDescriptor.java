package io.memstore.measure.probe;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What a memstore-store jar says about itself in {@value #RESOURCE}: its version, and the probe API it offers,
 * a number that counts incompatible changes of the store classes and methods the probe calls. This probe drives
 * {@value #PROBE_API}; a store declaring another number, or none (a store older than the descriptor), is refused
 * before any row runs, by the parent ({@link #read(Path)} on the jar the project resolved) and again by the probe
 * child ({@link #read(ClassLoader)} on the store it actually loaded).
 *
 * @param version  the store's version, like {@code 0.1.0}
 * @param probeApi the probe API the store offers
 */
public record StoreDescriptor(String version, int probeApi) {
    /** Where a store jar (or classes directory) declares itself. */
    public static final String RESOURCE = "META-INF/memstore/store.properties";
    /** The probe API this probe drives. */
    public static final int PROBE_API = 1;
    private static final String MEASURE_RESOURCE = "META-INF/memstore/measure.properties";

    /** The descriptor of a store jar or classes directory, or empty when it has none. */
    public static Optional<StoreDescriptor> read(Path jarOrDirectory) {
        try {
            if (Files.isDirectory(jarOrDirectory)) {
                Path file = jarOrDirectory.resolve(RESOURCE);
                if (!Files.isRegularFile(file)) {
                    return Optional.empty();
                }
                try (InputStream in = Files.newInputStream(file)) {
                    return Optional.of(parse(in, file.toString()));
                }
            }
            try (ZipFile zip = new ZipFile(jarOrDirectory.toFile())) {
                ZipEntry entry = zip.getEntry(RESOURCE);
                if (entry == null) {
                    return Optional.empty();
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    return Optional.of(parse(in, jarOrDirectory + "!/" + RESOURCE));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " of " + jarOrDirectory + ": "
                    + e.getMessage(), e);
        }
    }

    /** The descriptor of the store a class loader loads, or empty when it declares none. */
    public static Optional<StoreDescriptor> read(ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
            return in == null ? Optional.empty() : Optional.of(parse(in, RESOURCE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** This memstore-measure's version, as its jar declares it ({@code unknown} when it does not). */
    public static String probeVersion() {
        try (InputStream in = StoreDescriptor.class.getClassLoader().getResourceAsStream(MEASURE_RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown").strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Refuses a store this probe cannot drive.
     *
     * @param found what the store declares, or empty for a store without a descriptor
     * @param where how the message names the store, like "the project's io.memstore:memstore-store:0.0.9"
     * @throws IllegalArgumentException naming the store's version and this probe's
     */
    public static StoreDescriptor requireDrivable(Optional<StoreDescriptor> found, String where) {
        String probe = "memstore-measure " + probeVersion() + ", whose probe drives store probe API " + PROBE_API;
        if (found.isEmpty()) {
            throw new IllegalArgumentException(where + " declares no probe API (no " + RESOURCE + "; a store older"
                    + " than memstore 0.1.0?) and cannot be measured by " + probe + "; depend on a memstore-store"
                    + " of the plugin's version");
        }
        StoreDescriptor d = found.get();
        if (d.probeApi != PROBE_API) {
            throw new IllegalArgumentException(where + " is memstore-store " + d.version + " with probe API "
                    + d.probeApi + ", which " + probe + ", cannot drive; use a memstore plugin of version "
                    + d.version + ", or depend on memstore-store " + probeVersion());
        }
        return d;
    }

    private static StoreDescriptor parse(InputStream in, String name) throws IOException {
        Properties p = new Properties();
        p.load(in);
        String version = p.getProperty("version");
        String api = p.getProperty("probeApi");
        if (version == null || version.isBlank() || api == null) {
            throw new IOException(name + " must set version and probeApi");
        }
        try {
            return new StoreDescriptor(version.strip(), Integer.parseInt(api.strip()));
        } catch (NumberFormatException e) {
            throw new IOException(name + ": probeApi must be a whole number, was '" + api + "'");
        }
    }
}
