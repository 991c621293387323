package io.memstore.measure.spec;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Which revision index a workload measures: one of the two built in ({@link #BTREE}, {@link #REFERENCE}), or a
 * class of the project under build, named by its fully qualified name, that implements
 * {@code io.memstore.store.RevisionIndex} and has a public no-argument constructor. The spec name is the text
 * the spec wrote ({@code btree}, {@code com.example.CopyingIndex}); results print it unchanged. The built-in
 * kinds are single instances, and equality is by spec name.
 *
 * @param specName {@code btree}, {@code reference}, or a fully qualified class name
 */
public record IndexKind(String specName) {
    /** memstore's compact B-tree ({@code BTreeIndex}). */
    public static final IndexKind BTREE = new IndexKind("btree");
    /** The deliberately simple TreeMap-based index ({@code ReferenceIndex}), for side-by-side rows. */
    public static final IndexKind REFERENCE = new IndexKind("reference");
    /** What a valid value looks like, for messages and docs. */
    public static final String FORMS = "btree, reference, or the fully qualified name of a class on the project's"
            + " test classpath that implements io.memstore.store.RevisionIndex and has a public no-argument"
            + " constructor, like com.example.MyIndex";

    private static final String IDENTIFIER = "[\\p{L}_$][\\p{L}\\p{N}_$]*";
    private static final Pattern CLASS_NAME = Pattern.compile(IDENTIFIER + "(\\." + IDENTIFIER + ")+");

    public IndexKind {
        Objects.requireNonNull(specName, "specName");
    }

    /** The two built-in kinds, in the order docs list them. */
    public static List<IndexKind> builtIns() {
        return List.of(BTREE, REFERENCE);
    }

    /**
     * The kind a spec or a result file names: a built-in one, or a class name.
     *
     * @throws IllegalArgumentException when the text is neither a built-in name nor a qualified class name
     */
    public static IndexKind of(String text) {
        String t = text.strip();
        for (IndexKind builtIn : builtIns()) {
            if (builtIn.specName.equals(t)) {
                return builtIn;
            }
        }
        if (!isClassName(t)) {
            throw new IllegalArgumentException("unknown index '" + t + "'"
                    + Suggestions.didYouMean(t, builtIns().stream().map(IndexKind::specName).toList()));
        }
        return new IndexKind(t);
    }

    /** True when the text is a fully qualified class name (a package, then the class: {@code com.example.X}). */
    static boolean isClassName(String text) {
        return CLASS_NAME.matcher(text).matches();
    }

    /** True for a class of the project's, false for {@code btree} and {@code reference}. */
    public boolean isClass() {
        return !equals(BTREE) && !equals(REFERENCE);
    }

    @Override
    public String toString() {
        return specName;
    }
}
