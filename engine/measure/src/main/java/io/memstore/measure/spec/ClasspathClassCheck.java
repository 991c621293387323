package io.memstore.measure.spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Checks the classes a spec names against a classpath (a project's compiled test and main classes and its test-scope
 * dependencies), the way the probe JVM will load them: in a class loader of that classpath alone, whose parent is
 * the platform class loader, so neither the plugin's own store nor anything else of the checking JVM answers for the
 * project. Classes are loaded without being initialized: no code of the project runs here (whether a constructor or
 * a put throws is for a trial in a probe JVM to tell).
 *
 * <p>A class that is not there is told apart three ways: its source is in one of the project's source directories but
 * nothing was compiled (a {@code mvn clean memstore:check}), so the message gives the command that compiles first; or
 * a class of a similar name is on the classpath ("did you mean"); or neither.
 */
public final class ClasspathClassCheck implements ProjectClassCheck, AutoCloseable {
    /** The interface an index class must implement, by name: it is looked up in the project's classpath. */
    public static final String REVISION_INDEX = "io.memstore.store.RevisionIndex";
    /** What to run when the project's classes are not compiled yet. */
    public static final String COMPILE_FIRST = "run mvn test-compile memstore:check, or bind memstore:check to the"
            + " verify phase";

    private final List<Path> classpath;
    private final List<Path> sourceRoots;
    private final URLClassLoader loader;
    private final String where;
    private List<String> classNames;

    /**
     * @param classpath   directories and jars, in order
     * @param where       how messages name the classpath, like "the project's test classpath"
     * @param sourceRoots the project's Java source directories (main and test), where a class not compiled yet is
     *                    found by its file; empty when not known
     */
    public ClasspathClassCheck(List<Path> classpath, String where, List<Path> sourceRoots) {
        List<URL> urls = new ArrayList<>();
        for (Path p : classpath) {
            try {
                urls.add(p.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("classpath entry " + p + " is not a valid URL: " + e.getMessage());
            }
        }
        this.classpath = List.copyOf(classpath);
        this.sourceRoots = List.copyOf(sourceRoots);
        this.loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        this.where = where;
    }

    /** Without source directories: a missing class is not told apart from a class not compiled yet. */
    public ClasspathClassCheck(List<Path> classpath, String where) {
        this(classpath, where, List.of());
    }

    @Override
    public Optional<String> problem(RowField field, String className) {
        boolean target = field == RowField.SYSTEM;
        String kind = target ? "target class" : "index class";
        String required = target ? SystemKind.TARGET_INTERFACE : REVISION_INDEX;
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            return Optional.of(notFound(kind, className));
        } catch (LinkageError e) {
            return Optional.of(kind + " '" + className + "' cannot be loaded from " + where + ": " + e);
        }
        Class<?> contract;
        try {
            contract = Class.forName(required, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of(kind + " '" + className + "' cannot be a " + required + ": that interface is not on "
                    + where + " (the project needs a test-scope dependency on "
                    + (target ? "io.memstore:memstore-target" : "io.memstore:memstore-store") + ")");
        }
        if (!contract.isAssignableFrom(type)) {
            return Optional.of("class '" + className + "' does not implement " + required);
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return Optional.of("class '" + className + "' is " + (type.isInterface() ? "an interface" : "abstract")
                    + ": the probe cannot create it");
        }
        if (!Modifier.isPublic(type.getModifiers())) {
            return Optional.of("class '" + className + "' is not public: the probe cannot create it");
        }
        try {
            if (!publicConstructor(type, target)) {
                return Optional.of("class '" + className + "' has no public " + (target
                        ? "constructor taking a java.nio.file.Path (its data directory) or none"
                        : "no-argument constructor"));
            }
        } catch (LinkageError e) {
            return Optional.of("class '" + className + "' cannot be linked from " + where + ": " + e);
        }
        return Optional.empty();
    }

    private static boolean publicConstructor(Class<?> type, boolean target) {
        for (Constructor<?> c : type.getConstructors()) { // public ones only
            Class<?>[] p = c.getParameterTypes();
            if (p.length == 0 || target && p.length == 1 && p[0] == Path.class) {
                return true;
            }
        }
        return false;
    }

    /**
     * The source file of a class that is not compiled: the class is not on the classpath, but its source is in one of
     * the project's source directories. Empty when the class is on the classpath or no source of it is known.
     */
    public Optional<Path> uncompiledSource(String className) {
        try {
            Class.forName(className, false, loader);
            return Optional.empty();
        } catch (ClassNotFoundException e) {
            return source(className);
        } catch (LinkageError e) {
            return Optional.empty(); // there, but broken: not a class waiting to be compiled
        }
    }

    private Optional<Path> source(String className) {
        String file = className.replace('.', '/') + ".java";
        return sourceRoots.stream().map(r -> r.resolve(file)).filter(Files::isRegularFile).findFirst();
    }

    private String notFound(String kind, String className) {
        Optional<Path> source = source(className);
        if (source.isPresent()) {
            return kind + " '" + className + "' is not compiled yet (its source is " + source.get() + ", its class"
                    + " is not on " + where + "): " + COMPILE_FIRST;
        }
        List<String> known = classNames();
        if (known.isEmpty() && classpath.stream().noneMatch(Files::isDirectory)) {
            return kind + " '" + className + "' is not on " + where + ", which holds no compiled classes of the"
                    + " project: " + COMPILE_FIRST;
        }
        return kind + " '" + className + "' is not on " + where + Suggestions.didYouMean(className, known);
    }

    /** The classes of the classpath's directories (the project's own), by name; jars only when there are none. */
    private List<String> classNames() {
        if (classNames == null) {
            TreeSet<String> names = new TreeSet<>();
            for (Path entry : classpath) {
                if (Files.isDirectory(entry)) {
                    try (Stream<Path> files = Files.walk(entry)) {
                        files.filter(f -> f.toString().endsWith(".class"))
                                .map(f -> className(entry.relativize(f).toString().replace('\\', '/')))
                                .filter(n -> n != null).forEach(names::add);
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot list the classes in " + entry, e);
                    }
                }
            }
            if (names.isEmpty()) {
                for (Path entry : classpath) {
                    if (Files.isRegularFile(entry)) {
                        try (ZipFile jar = new ZipFile(entry.toFile())) {
                            jar.stream().map(ZipEntry::getName).map(ClasspathClassCheck::className)
                                    .filter(n -> n != null).forEach(names::add);
                        } catch (IOException e) {
                            // not a jar: nothing to suggest from it
                        }
                    }
                }
            }
            classNames = List.copyOf(names);
        }
        return classNames;
    }

    /** {@code com/example/X.class} as {@code com.example.X}; null for nested, anonymous and descriptor classes. */
    private static String className(String path) {
        if (!path.endsWith(".class") || path.contains("$") || path.startsWith("META-INF/")
                || path.endsWith("module-info.class") || path.endsWith("package-info.class")) {
            return null;
        }
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
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
