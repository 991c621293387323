package io.memstore.measure.spec;

/**
 * A class that must never be loaded by a spec: the bad-spec corpus names it in a YAML tag
 * ({@code !!io.memstore.measure.spec.Tripwire}). Initialising it, which any instantiation does first, sets the
 * system property {@link #PROPERTY}; the corpus test checks that the property was never set. Nothing may refer
 * to this class in code, or the check would trip itself.
 */
public final class Tripwire {
    public static final String PROPERTY = "memstore.tripwire";

    static {
        System.setProperty(PROPERTY, "initialised by " + Thread.currentThread().getName());
    }

    public Tripwire() {
        System.setProperty(PROPERTY, "instantiated");
    }
}
