package io.memstore.measure.spec;

import java.util.Optional;

/**
 * Tells the spec reader whether an index class a spec names can be measured: found, a
 * {@code io.memstore.store.RevisionIndex}, with a public no-argument constructor. The reader turns a problem
 * into a {@link SpecException} at the value's file, line and column. {@link ClasspathIndexCheck} looks at a
 * project's runtime classpath; {@link #UNCHECKED} accepts every well-formed name (the probe checks again).
 */
@FunctionalInterface
public interface IndexClassCheck {
    /** Accepts every well-formed class name: for reading a spec where no project classpath is at hand. */
    IndexClassCheck UNCHECKED = className -> Optional.empty();

    /** Why the class cannot be measured, as a sentence naming it, or empty when it can. */
    Optional<String> problem(String className);
}
