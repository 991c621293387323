package io.memstore.measure.spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks index classes against a classpath (a project's compiled classes and runtime dependencies), the way
 * the probe JVM will load them: in a class loader of that classpath alone, whose parent is the platform class
 * loader, so neither the plugin's own store nor anything else of the checking JVM answers for the project.
 * Classes are loaded without being initialized: no code of the project runs here.
 */
public final class ClasspathIndexCheck implements IndexClassCheck, AutoCloseable {
    /** The interface an index class must implement, by name: it is looked up in the project's classpath. */
    public static final String REVISION_INDEX = "io.memstore.store.RevisionIndex";

    private final URLClassLoader loader;
    private final String where;

    /**
     * @param classpath directories and jars, in order
     * @param where     how messages name the classpath, like "the project's runtime classpath"
     */
    public ClasspathIndexCheck(List<Path> classpath, String where) {
        List<URL> urls = new ArrayList<>();
        for (Path p : classpath) {
            try {
                urls.add(p.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("classpath entry " + p + " is not a valid URL: " + e.getMessage());
            }
        }
        this.loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        this.where = where;
    }

    @Override
    public Optional<String> problem(String className) {
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            return Optional.of("index class '" + className + "' is not on " + where);
        } catch (LinkageError e) {
            return Optional.of("index class '" + className + "' cannot be loaded from " + where + ": " + e);
        }
        Class<?> revisionIndex;
        try {
            revisionIndex = Class.forName(REVISION_INDEX, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("index class '" + className + "' cannot be a " + REVISION_INDEX + ": that interface"
                    + " is not on " + where + " (the project needs a runtime dependency on memstore-store)");
        }
        if (!revisionIndex.isAssignableFrom(type)) {
            return Optional.of("class '" + className + "' does not implement " + REVISION_INDEX);
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return Optional.of("class '" + className + "' is " + (type.isInterface() ? "an interface" : "abstract")
                    + ": the probe cannot create it");
        }
        if (!Modifier.isPublic(type.getModifiers())) {
            return Optional.of("class '" + className + "' is not public: the probe cannot create it");
        }
        try {
            if (!Modifier.isPublic(type.getConstructor().getModifiers())) {
                throw new NoSuchMethodException();
            }
        } catch (NoSuchMethodException e) {
            return Optional.of("class '" + className + "' has no public no-argument constructor");
        } catch (LinkageError e) {
            return Optional.of("class '" + className + "' cannot be linked from " + where + ": " + e);
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        try {
            loader.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the class loader of " + where, e);
        }
    }
}
