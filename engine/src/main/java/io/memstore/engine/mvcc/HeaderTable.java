package io.memstore.engine.mvcc;

/**
 * The generation headers of one {@link BTreeLeaf}: for every key, the created revision and the version base (the
 * version of its first revision word) of the first generation of its {@link RevisionRun}, bit-packed into one
 * {@code long[]}. Only the first generation of a run ever needs a header in practice: compaction leaves the generation
 * it trims first (it drops every generation before it), and a restored key starts with the generation its stored
 * row belongs to. A leaf in which no key needs one, every leaf that was never compacted or restored, has no table
 * ({@code null}) and pays nothing.
 *
 * <p>Each key has three fields, all relative to its first revision word {@code first}, so that a key without a
 * header ({@code created == first}, base 1) has all three 0:
 * <pre>
 *   delta  main(first) - main(created)    0 .. 2^40 - 1   (created &lt;= first)
 *   sub    sub(created) ^ sub(first)      0 .. 2^22 - 1
 *   base   base - 1                       0 .. 2^63 - 1
 * </pre>
 * The table stores them with frame-of-reference bit packing, the field widths fixed per leaf:
 * <pre>
 *   t[0]   minDelta | deltaBits &lt;&lt; 40 | subBits &lt;&lt; 46 | baseBits &lt;&lt; 52   (6 bits per width)
 *   t[1]   minBase
 *   t[2..] key i's record at bit i * (deltaBits + subBits + baseBits), least significant bit first:
 *          delta - minDelta (deltaBits), sub (subBits), base - minBase (baseBits)
 * </pre>
 * A width is that of the largest value less the minimum, so fields that are the same for every key of the leaf
 * take no bits at all: compacting keys written in round-robin passes (every key: the same delta, the same base)
 * costs a 2-word table per leaf. The sub field has no minimum, as it is 0 for nearly every key (a key created and
 * last changed at the same position of their transactions). Tables are canonical, a function of the fields alone
 * (the smallest minimums and widths; null when every field is 0), and replaced, never changed: a reader under the
 * read lock never sees one change.
 */
final class HeaderTable {
    static final int DELTA = 0;
    static final int SUB = 1;
    static final int BASE = 2;

    private static final int META_WORDS = 2;
    private static final int DELTA_BITS = Revision.MAIN_BITS;
    private static final long DELTA_MASK = (1L << DELTA_BITS) - 1;
    private static final int WIDTH_BITS = 6;

    private HeaderTable() {
    }

    /** The delta field of a generation created at {@code created} whose first revision word is {@code first}. */
    static long delta(long created, long first) {
        return Revision.main(first) - Revision.main(created);
    }

    /** The sub field of a generation created at {@code created} whose first revision word is {@code first}. */
    static long sub(long created, long first) {
        return Revision.sub(created) ^ Revision.sub(first);
    }

    /** The base field of a generation whose first revision word is version {@code base}. */
    static long base(long base) {
        return base - 1;
    }

    /** The created revision of key {@code i}'s first generation, whose first revision word is {@code first}. */
    static long created(long[] t, int i, long first) {
        if (t == null) {
            return first;
        }
        long main = Revision.main(first) - field(t, i, DELTA);
        return main << Revision.SUB_BITS | (Revision.sub(first) ^ field(t, i, SUB));
    }

    /** The version of key {@code i}'s first revision word. */
    static long base(long[] t, int i) {
        return t == null ? 1 : field(t, i, BASE) + 1;
    }

    /** Field {@code f} ({@link #DELTA}, {@link #SUB} or {@link #BASE}) of key {@code i}; 0 when there is no table. */
    static long field(long[] t, int i, int f) {
        if (t == null) {
            return 0;
        }
        long meta = t[0];
        int deltaBits = width(meta, DELTA);
        int subBits = width(meta, SUB);
        long bit = (long) i * (deltaBits + subBits + width(meta, BASE));
        return switch (f) {
            case DELTA -> (meta & DELTA_MASK) + read(t, bit, deltaBits);
            case SUB -> read(t, bit + deltaBits, subBits);
            default -> t[1] + read(t, bit + deltaBits + subBits, width(meta, BASE));
        };
    }

    /** The table of {@code n} keys with the given fields, null when every field is 0. */
    static long[] encode(long[] deltas, long[] subs, long[] bases, int n) {
        return encode((i, f) -> (f == DELTA ? deltas : f == SUB ? subs : bases)[i], n);
    }

    /**
     * Table {@code t} of {@code size} keys with a key inserted at {@code at} whose first generation was created
     * at {@code created}, its first revision word {@code first} being version {@code base}. No table stays no
     * table when the new key needs no header.
     */
    static long[] inserted(long[] t, int size, int at, long created, long base, long first) {
        long delta = delta(created, first);
        long sub = sub(created, first);
        long baseField = base(base);
        if (t == null && delta == 0 && sub == 0 && baseField == 0) {
            return null;
        }
        return encode((i, f) -> i < at ? field(t, i, f) : i > at ? field(t, i - 1, f)
                : f == DELTA ? delta : f == SUB ? sub : baseField, size + 1);
    }

    /** Reads the fields of key i, any order of calls. */
    private interface Fields {
        long get(int i, int f);
    }

    private static long[] encode(Fields fields, int n) {
        long minDelta = Long.MAX_VALUE;
        long maxDelta = 0;
        long subs = 0;
        long minBase = Long.MAX_VALUE;
        long maxBase = 0;
        for (int i = 0; i < n; i++) {
            long d = fields.get(i, DELTA);
            long s = fields.get(i, SUB);
            long b = fields.get(i, BASE);
            if (d < 0 || d > DELTA_MASK || s < 0 || s > Revision.MAX_SUB || b < 0) {
                throw new IllegalArgumentException("header fields out of range at key " + i + ": delta " + d
                        + ", sub " + s + ", base " + b);
            }
            minDelta = Math.min(minDelta, d);
            maxDelta = Math.max(maxDelta, d);
            subs |= s;
            minBase = Math.min(minBase, b);
            maxBase = Math.max(maxBase, b);
        }
        if (maxDelta == 0 && subs == 0 && maxBase == 0) {
            return null; // no key needs a header (fields are never negative)
        }
        int deltaBits = bits(maxDelta - minDelta);
        int subBits = bits(subs); // the width of the largest sub: all bits any sub uses
        int baseBits = bits(maxBase - minBase);
        int record = deltaBits + subBits + baseBits;
        long[] t = new long[META_WORDS + (int) (((long) n * record + 63) >>> 6)];
        t[0] = minDelta | (long) deltaBits << DELTA_BITS | (long) subBits << (DELTA_BITS + WIDTH_BITS)
                | (long) baseBits << (DELTA_BITS + 2 * WIDTH_BITS);
        t[1] = minBase;
        for (int i = 0; i < n; i++) {
            long bit = (long) i * record;
            write(t, bit, deltaBits, fields.get(i, DELTA) - minDelta);
            write(t, bit + deltaBits, subBits, fields.get(i, SUB));
            write(t, bit + deltaBits + subBits, baseBits, fields.get(i, BASE) - minBase);
        }
        return t;
    }

    /** The width of field {@code f} in the table whose first word is {@code meta}. */
    static int width(long meta, int f) {
        return (int) (meta >>> (DELTA_BITS + f * WIDTH_BITS)) & ((1 << WIDTH_BITS) - 1);
    }

    /** The number of bits of {@code v} (non-negative): 0 for 0. */
    private static int bits(long v) {
        return 64 - Long.numberOfLeadingZeros(v);
    }

    /** The {@code width} (0..63) bits at bit {@code bit} of the records. */
    private static long read(long[] t, long bit, int width) {
        if (width == 0) {
            return 0;
        }
        int w = META_WORDS + (int) (bit >>> 6);
        int shift = (int) bit & 63;
        long v = t[w] >>> shift;
        if (shift + width > 64) {
            v |= t[w + 1] << (64 - shift);
        }
        return v & ((1L << width) - 1);
    }

    private static void write(long[] t, long bit, int width, long v) {
        if (width == 0) {
            return;
        }
        int w = META_WORDS + (int) (bit >>> 6);
        int shift = (int) bit & 63;
        t[w] |= v << shift;
        if (shift + width > 64) {
            t[w + 1] |= v >>> (64 - shift);
        }
    }
}
