package io.memstore.measure.spec;

/**
 * Sanity limits a spec must stay within, refused at load time. They keep a typo (1M written as 1T) from
 * starting hours of measurement or exhausting memory, and keep hostile YAML from expanding.
 */
public final class SpecLimits {
    /** Largest spec file or text: 1 MiB (bytes of a file, UTF-16 units of a string). */
    public static final int MAX_SPEC_BYTES = 1 << 20;
    /** Most aliases to collections in one spec (a billion-laughs document needs thousands). */
    public static final int MAX_ALIASES = 50;
    /** Deepest nesting of collections; a spec needs 4. */
    public static final int MAX_NESTING = 20;
    /** Most rows in one spec, disabled workloads included. */
    public static final int MAX_ROWS = 1000;
    /** Most distinct keys in one row: 100M. */
    public static final long MAX_KEYS = 100_000_000L;
    public static final int MIN_KEY_SIZE = 1;
    /** Largest key: 16 KiB. */
    public static final int MAX_KEY_SIZE = 16 * 1024;
    /** Largest value: 16 MiB (values may be empty). */
    public static final int MAX_VALUE_SIZE = 16 * 1024 * 1024;
    public static final int MAX_VERSIONS = 1000;
    public static final int MAX_RUNS = 25;

    private SpecLimits() {
    }
}
