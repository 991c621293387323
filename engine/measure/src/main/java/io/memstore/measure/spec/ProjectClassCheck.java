package io.memstore.measure.spec;

import java.util.Optional;

/**
 * Tells the spec reader whether a class a spec names can be measured: an index class ({@code index:}, a
 * {@code io.memstore.store.RevisionIndex} with a public no-argument constructor) or a target class ({@code system:},
 * a {@code io.memstore.target.KeyValueTarget} with a public constructor taking a {@code java.nio.file.Path} or none).
 * The reader turns a problem into a {@link SpecException} at the value's file, line and column, before any row is
 * measured. {@link ClasspathClassCheck} looks at a project's test classpath; {@link #UNCHECKED} accepts every
 * well-formed name (the probe checks again).
 */
@FunctionalInterface
public interface ProjectClassCheck {
    /** Accepts every well-formed class name: for reading a spec where no project classpath is at hand. */
    ProjectClassCheck UNCHECKED = (field, className) -> Optional.empty();

    /**
     * Why the class cannot be measured, as a sentence naming it, or empty when it can.
     *
     * @param field {@link RowField#INDEX} or {@link RowField#SYSTEM}: what the class must be
     */
    Optional<String> problem(RowField field, String className);

    /** This check, then {@code next} for a class this one accepts. */
    default ProjectClassCheck andThen(ProjectClassCheck next) {
        return (field, className) -> problem(field, className).or(() -> next.problem(field, className));
    }
}
