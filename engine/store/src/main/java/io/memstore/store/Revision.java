package io.memstore.store;

/**
 * A revision of the store, packed into one {@code long}.
 *
 * <p>As in etcd, a revision is a pair (main, sub): {@code main} is the store revision of one write
 * transaction, {@code sub} the index of a change inside that transaction. Revisions order by main, then
 * sub. Packing them into a primitive lets the index keep revisions in {@code long[]} arrays instead of
 * one object per revision.
 *
 * <pre>
 *   bit 63      : always 0, so packed revisions compare correctly as signed longs
 *   bit 62      : always 0, free for the index to tag a revision (see {@code BTreeIndex})
 *   bits 61..22 : main, 40 bits: 1 .. 1,099,511,627,775
 *   bits 21..0  : sub,  22 bits: 0 .. 4,194,303 changes per transaction
 * </pre>
 *
 * <p>At 10,000 write transactions a second, main lasts about 3,500 years; a store that reaches either
 * limit gets a {@link RevisionOverflowException}, never a wrapped-around revision.
 */
public final class Revision {

    public static final int SUB_BITS = 22;
    public static final int MAIN_BITS = 40;
    public static final long MAX_MAIN = (1L << MAIN_BITS) - 1;
    public static final long MAX_SUB = (1L << SUB_BITS) - 1;
    private static final long SUB_MASK = MAX_SUB;

    private Revision() {
    }

    /** Packs (main, sub); main must be in 0..{@link #MAX_MAIN}, sub in 0..{@link #MAX_SUB}. */
    public static long pack(long main, long sub) {
        if (main < 0 || main > MAX_MAIN) {
            throw new RevisionOverflowException("main revision " + main + " is outside 0.." + MAX_MAIN);
        }
        if (sub < 0 || sub > MAX_SUB) {
            throw new RevisionOverflowException("sub revision " + sub + " is outside 0.." + MAX_SUB
                    + " (a transaction holds at most " + (MAX_SUB + 1) + " changes)");
        }
        return (main << SUB_BITS) | sub;
    }

    public static long main(long packed) {
        return packed >>> SUB_BITS;
    }

    public static long sub(long packed) {
        return packed & SUB_MASK;
    }

    /** The smallest packed revision whose main revision is {@code main}. */
    public static long first(long main) {
        return pack(main, 0);
    }

    /** The largest packed revision whose main revision is {@code main}. */
    public static long last(long main) {
        return pack(main, MAX_SUB);
    }

    public static String toString(long packed) {
        return main(packed) + "." + sub(packed);
    }
}
