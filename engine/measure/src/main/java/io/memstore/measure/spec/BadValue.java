package io.memstore.measure.spec;

/**
 * A scalar that does not parse as its field's type or lies outside its limits. It has no position: the reader
 * that knows the YAML node turns it into a {@link SpecException}.
 */
final class BadValue extends Exception {
    private static final long serialVersionUID = 1L;

    private final String problem;
    private final String expected;

    BadValue(String problem, String expected) {
        super(problem + (expected == null ? "" : "; expected " + expected));
        this.problem = problem;
        this.expected = expected;
    }

    String problem() {
        return problem;
    }

    String expected() {
        return expected;
    }
}
