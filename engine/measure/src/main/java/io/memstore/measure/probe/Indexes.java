package io.memstore.measure.probe;

import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.index.ReferenceIndex;
import io.memstore.store.RevisionIndex;
import io.memstore.measure.spec.IndexKind;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.function.Supplier;

/**
 * The index implementation of each {@link IndexKind}: the two built in, or a class of the project's, which is
 * loaded from this JVM's class path (the probe runs with the project's test classpath) and created through its
 * public no-argument constructor, once per target.
 */
final class Indexes {
    private Indexes() {
    }

    /**
     * Makes new, empty indexes of the kind; the B-tree with {@code leafCapacity} keys per leaf at most.
     *
     * @throws IllegalArgumentException when a class index cannot be loaded or is no {@link RevisionIndex} with a
     *                                  public no-argument constructor, naming the class
     */
    static Supplier<RevisionIndex> factory(IndexKind kind, int leafCapacity) {
        if (kind.equals(IndexKind.BTREE)) {
            return () -> new BTreeIndex(leafCapacity);
        }
        if (kind.equals(IndexKind.REFERENCE)) {
            return ReferenceIndex::new;
        }
        Constructor<? extends RevisionIndex> constructor = constructor(kind.specName());
        return () -> {
            try {
                return constructor.newInstance();
            } catch (InvocationTargetException e) {
                throw new TargetClassException(kind.specName(), "its constructor", e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot create index class '" + kind.specName() + "': " + e, e);
            }
        };
    }

    private static Constructor<? extends RevisionIndex> constructor(String name) {
        Class<?> type;
        try {
            type = Class.forName(name, false, Indexes.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("index class '" + name + "' is not on the probe's class path");
        } catch (LinkageError e) {
            throw new IllegalArgumentException("index class '" + name + "' cannot be loaded: " + e);
        }
        if (!RevisionIndex.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("class '" + name + "' does not implement "
                    + RevisionIndex.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
            throw new IllegalArgumentException("class '" + name + "' is not a public concrete class");
        }
        try {
            return type.asSubclass(RevisionIndex.class).getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("class '" + name + "' has no public no-argument constructor");
        }
    }
}
