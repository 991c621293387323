package io.memstore.measure.probe;

import io.memstore.target.KeyValueTarget;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A project's own {@link KeyValueTarget} class ({@code system: com.example.MyTarget}), loaded from this JVM's class
 * path (the probe runs with the project's test classpath) and created through its public constructor taking the data
 * directory, or else its public no-argument one. The probe's readings besides the contract's calls are those of an
 * embedded target: this JVM's heap and RSS. The class has no count of its keys or revisions the probe could ask
 * for, so {@link #keyCount} and {@link #revisionCount} are the calls the probe made: keys put (each key is put in
 * the first pass) less those deleted, and every put and delete.
 *
 * <p>A failure of the class's own code is a {@link TargetClassException} carrying the class's message and which call
 * threw, so the probe's one-line error names them instead of a reflective wrapper.
 */
final class ClassTarget implements LoadTarget {
    private final KeyValueTarget target;
    private final String className;
    private final long keys;
    private long puts;
    private long deletes;

    private ClassTarget(KeyValueTarget target, String className, long keys) {
        this.target = target;
        this.className = className;
        this.keys = keys;
    }

    /**
     * Creates the class's target over {@code dataDir}.
     *
     * @param keys the row's distinct keys
     * @throws IllegalArgumentException when the class cannot be loaded, is no public concrete
     *                                  {@link KeyValueTarget}, or has no usable constructor
     * @throws TargetClassException     when its constructor throws
     */
    static ClassTarget open(String className, Path dataDir, long keys) {
        Class<? extends KeyValueTarget> type = load(className);
        Constructor<? extends KeyValueTarget> withDir = constructor(type, Path.class);
        Constructor<? extends KeyValueTarget> noArg = constructor(type);
        if (withDir == null && noArg == null) {
            throw new IllegalArgumentException("class '" + className + "' has no public constructor taking a"
                    + " java.nio.file.Path (its data directory) or none");
        }
        try {
            if (withDir != null) {
                Files.createDirectories(dataDir);
                return new ClassTarget(withDir.newInstance(dataDir), className, keys);
            }
            return new ClassTarget(noArg.newInstance(), className, keys);
        } catch (InvocationTargetException e) {
            throw new TargetClassException(className, "its constructor", e.getCause());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data directory " + dataDir + ": " + e.getMessage(), e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot create class '" + className + "': " + e);
        }
    }

    private static Class<? extends KeyValueTarget> load(String name) {
        Class<?> type;
        try {
            type = Class.forName(name, false, ClassTarget.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("target class '" + name + "' is not on the probe's class path");
        } catch (LinkageError e) {
            throw new IllegalArgumentException("target class '" + name + "' cannot be loaded: " + e);
        }
        if (!KeyValueTarget.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("class '" + name + "' does not implement "
                    + KeyValueTarget.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
            throw new IllegalArgumentException("class '" + name + "' is not a public concrete class");
        }
        return type.asSubclass(KeyValueTarget.class);
    }

    private static Constructor<? extends KeyValueTarget> constructor(Class<? extends KeyValueTarget> type,
                                                                     Class<?>... parameters) {
        try {
            return type.getConstructor(parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    @Override
    public void put(byte[] key, byte[] value) {
        try {
            target.put(key, value);
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "put", e);
        }
        puts++;
    }

    @Override
    public boolean get(byte[] key) {
        try {
            return target.get(key);
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "get", e);
        }
    }

    @Override
    public void delete(byte[] key) {
        try {
            target.delete(key);
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "delete", e);
        }
        deletes++;
    }

    @Override
    public void compact() {
        try {
            target.compact();
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "compact", e);
        }
    }

    @Override
    public void flush() {
        try {
            target.flush();
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "flush", e);
        }
    }

    @Override
    public long fileSize() {
        try {
            return target.fileSize();
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "fileSize", e);
        }
    }

    @Override
    public long nativeBytes() {
        try {
            return target.nativeBytes();
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "nativeBytes", e);
        }
    }

    @Override
    public boolean reopen() {
        try {
            return target.reopen();
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "reopen", e);
        }
    }

    /** Whether the project's class implements {@code reopen}, not the class that wraps it. */
    @Override
    public boolean reopens() {
        return LoadTarget.implementsReopen(target);
    }

    @Override
    public void close() {
        try {
            target.close();
        } catch (RuntimeException e) {
            throw new TargetClassException(className, "close", e);
        }
    }

    /** Keys put less keys deleted: the probe puts every key of the row in its first pass. */
    @Override
    public long keyCount() {
        return Math.min(puts, keys) - deletes;
    }

    /** Every put and delete the probe made. */
    @Override
    public long revisionCount() {
        return puts + deletes;
    }

    @Override
    public Object retained() {
        return target;
    }

    @Override
    public String getMethod() {
        return className + ".get(key)";
    }
}
