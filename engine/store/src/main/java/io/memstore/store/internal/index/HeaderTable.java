package io.memstore.store.internal.index;

import io.memstore.store.Revision;
import java.util.Arrays;

/**
 * The generation headers of one {@link BTreeLeaf}: for every key, the created revision and the version base (the
 * version of its first revision word) of the first generation of its {@link RevisionRun}, bit-packed into one
 * {@code long[]}. Only the first generation of a run needs a header in practice: compaction leaves the generation
 * it trims first (it drops every generation before it), and a restored key starts with the generation its stored
 * record belongs to. A leaf in which no key needs one, every leaf that was never compacted or restored, has no table
 * ({@code null}) and pays nothing.
 *
 * <p>Each key has three fields, all relative to its first revision word {@code first}, so that a key without a
 * header ({@code created == first}, base 1) has all three 0:
 * <pre>
 *   delta  main(first) - main(created)    0 .. 2^40 - 1   (created &lt;= first)
 *   sub    sub(created) ^ sub(first)      0 .. 2^22 - 1
 *   base   base - 1                       0 .. 2^63 - 1
 * </pre>
 * A key with a header (some field not 0) has a record; the others have none. Records are bit-packed with frame of
 * reference, the widths fixed per leaf:
 * <pre>
 *   t[0]       minDelta | deltaBits &lt;&lt; 40 | subBits &lt;&lt; 46 | baseBits &lt;&lt; 52 | m &lt;&lt; 58   (6, 6, 6, 5 bits)
 *   t[1]       minBase
 *   t[2, 2+m)  presence bitmap, bit i (of word i / 64) set when key i has a record; m = ceil(keys / 64), or
 *              m = 0 and no bitmap when every key has one (a leaf compacted after all its keys changed)
 *   t[2+m..]   the records of the keys with one, in key order: the record of the j-th such key at bit
 *              j * (deltaBits + subBits + baseBits), least significant bit first:
 *              delta - minDelta (deltaBits), sub (subBits), base - minBase (baseBits)
 * </pre>
 * Minimums and widths are over the keys with records, a width that of the largest value less the minimum, so a
 * field equal for all of them takes no bits: compacting keys written in round-robin passes (every key: the same
 * delta, the same base) costs a 2-word table per leaf. A key without a header costs one bit, so
 * new keys put into a compacted leaf, or a few hot keys among many written once, do not widen the records. The sub
 * field has no minimum, as it is 0 for nearly every key (created and last changed at the same position of their
 * transactions). Tables are canonical, a function of the fields alone (null when no key has a header), and
 * replaced, never changed: a reader under the read lock never sees one change.
 */
final class HeaderTable {
    static final int DELTA = 0;
    static final int SUB = 1;
    static final int BASE = 2;

    private static final int META_WORDS = 2;
    private static final int DELTA_BITS = Revision.MAIN_BITS;
    private static final long DELTA_MASK = (1L << DELTA_BITS) - 1;
    private static final int WIDTH_BITS = 6;
    private static final int BITMAP_SHIFT = DELTA_BITS + 3 * WIDTH_BITS;
    private static final long BITMAP_WORDS_MASK = 31;

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
        if (t == null || !hasRecord(t, i)) {
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
        if (t == null || !hasRecord(t, i)) {
            return 0;
        }
        long meta = t[0];
        int deltaBits = width(meta, DELTA);
        int subBits = width(meta, SUB);
        int baseBits = width(meta, BASE);
        int from = META_WORDS + bitmapWords(meta);
        long bit = (long) rank(t, i) * (deltaBits + subBits + baseBits);
        return switch (f) {
            case DELTA -> (meta & DELTA_MASK) + read(t, from, bit, deltaBits);
            case SUB -> read(t, from, bit + deltaBits, subBits);
            default -> t[1] + read(t, from, bit + deltaBits + subBits, baseBits);
        };
    }

    /**
     * Table {@code t} of {@code size} keys with a key inserted at {@code at} whose first generation was created
     * at {@code created}, its first revision word {@code first} being version {@code base}. No table stays no
     * table when the new key needs no header. When the new key's fields fit the table's minimums and widths
     * (always for a key without header), the canonical result has the same ones: the bitmap gets a bit and the
     * records, if the key has one, a record spliced in, without decoding the others.
     */
    static long[] inserted(long[] t, int size, int at, long created, long base, long first) {
        long delta = delta(created, first);
        long sub = sub(created, first);
        long baseField = base(base);
        boolean header = (delta | sub | baseField) != 0;
        if (t == null && !header) {
            return null;
        }
        if (t != null && (!header || fits(t, delta, sub, baseField))) {
            return spliced(t, size, at, header, delta, sub, baseField);
        }
        long[] deltas = new long[size + 1];
        long[] subs = new long[size + 1];
        long[] bases = new long[size + 1];
        decode(t, 0, at, deltas, subs, bases, 0);
        decode(t, at, size, deltas, subs, bases, at + 1);
        deltas[at] = delta;
        subs[at] = sub;
        bases[at] = baseField;
        return encode(deltas, subs, bases, size + 1);
    }

    /** Decodes the fields of keys {@code [from, to)} into the arrays from {@code pos} on (zeros without a table). */
    static void decode(long[] t, int from, int to, long[] deltas, long[] subs, long[] bases, int pos) {
        if (from >= to) {
            return;
        }
        if (t == null) {
            Arrays.fill(deltas, pos, pos + to - from, 0);
            Arrays.fill(subs, pos, pos + to - from, 0);
            Arrays.fill(bases, pos, pos + to - from, 0);
            return;
        }
        long meta = t[0];
        long minDelta = meta & DELTA_MASK;
        long minBase = t[1];
        int deltaBits = width(meta, DELTA);
        int subBits = width(meta, SUB);
        int baseBits = width(meta, BASE);
        int records = META_WORDS + bitmapWords(meta);
        long bit = (long) rank(t, from) * (deltaBits + subBits + baseBits);
        for (int i = from; i < to; i++, pos++) {
            if (!hasRecord(t, i)) {
                deltas[pos] = 0;
                subs[pos] = 0;
                bases[pos] = 0;
                continue;
            }
            deltas[pos] = minDelta + read(t, records, bit, deltaBits);
            bit += deltaBits;
            subs[pos] = read(t, records, bit, subBits);
            bit += subBits;
            bases[pos] = minBase + read(t, records, bit, baseBits);
            bit += baseBits;
        }
    }

    /** The table of {@code n} keys with the given fields, null when every field is 0. */
    static long[] encode(long[] deltas, long[] subs, long[] bases, int n) {
        long minDelta = Long.MAX_VALUE;
        long maxDelta = 0;
        long subBitsUsed = 0;
        long minBase = Long.MAX_VALUE;
        long maxBase = 0;
        int present = 0;
        for (int i = 0; i < n; i++) {
            long d = deltas[i];
            long s = subs[i];
            long b = bases[i];
            if (d < 0 || d > DELTA_MASK || s < 0 || s > Revision.MAX_SUB || b < 0) {
                throw new IllegalArgumentException("header fields out of range at key " + i + ": delta " + d
                        + ", sub " + s + ", base " + b);
            }
            if ((d | s | b) == 0) {
                continue; // no header: no record
            }
            present++;
            minDelta = Math.min(minDelta, d);
            maxDelta = Math.max(maxDelta, d);
            subBitsUsed |= s;
            minBase = Math.min(minBase, b);
            maxBase = Math.max(maxBase, b);
        }
        if (present == 0) {
            return null;
        }
        int deltaBits = bits(maxDelta - minDelta);
        int subBits = bits(subBitsUsed); // the width of the largest sub
        int baseBits = bits(maxBase - minBase);
        int record = deltaBits + subBits + baseBits;
        int m = present == n ? 0 : (n + 63) >>> 6;
        if (m > BITMAP_WORDS_MASK) {
            throw new IllegalArgumentException("a header table holds at most " + 64 * BITMAP_WORDS_MASK
                    + " keys, not " + n);
        }
        int records = META_WORDS + m;
        long[] t = new long[records + (int) (((long) present * record + 63) >>> 6)];
        t[0] = minDelta | (long) deltaBits << DELTA_BITS | (long) subBits << (DELTA_BITS + WIDTH_BITS)
                | (long) baseBits << (DELTA_BITS + 2 * WIDTH_BITS) | (long) m << BITMAP_SHIFT;
        t[1] = minBase;
        long bit = 0;
        for (int i = 0; i < n; i++) {
            if ((deltas[i] | subs[i] | bases[i]) == 0) {
                continue;
            }
            if (m > 0) {
                t[META_WORDS + (i >>> 6)] |= 1L << i;
            }
            write(t, records, bit, deltaBits, deltas[i] - minDelta);
            bit += deltaBits;
            write(t, records, bit, subBits, subs[i]);
            bit += subBits;
            write(t, records, bit, baseBits, bases[i] - minBase);
            bit += baseBits;
        }
        return t;
    }

    /** True when a record of these fields (not all 0) needs no other minimum or width than table t has. */
    private static boolean fits(long[] t, long delta, long sub, long base) {
        long meta = t[0];
        long minDelta = meta & DELTA_MASK;
        long minBase = t[1];
        return delta >= minDelta && delta - minDelta <= (1L << width(meta, DELTA)) - 1
                && sub <= (1L << width(meta, SUB)) - 1
                && base >= minBase && base - minBase <= (1L << width(meta, BASE)) - 1;
    }

    /**
     * Table {@code t} of {@code size} keys with a key inserted at {@code at}: a bit in the bitmap, and when it has
     * a header a record of fields that {@link #fits fit} the table.
     */
    private static long[] spliced(long[] t, int size, int at, boolean header, long delta, long sub, long base) {
        long meta = t[0];
        int m = bitmapWords(meta);
        int present = m == 0 ? size : 0;
        for (int k = 0; k < m; k++) {
            present += Long.bitCount(t[META_WORDS + k]);
        }
        int grownM = present + (header ? 1 : 0) == size + 1 ? 0 : (size + 64) >>> 6; // no bitmap when all have one
        int deltaBits = width(meta, DELTA);
        int subBits = width(meta, SUB);
        int record = deltaBits + subBits + width(meta, BASE);
        long oldBits = (long) present * record;
        long newBits = oldBits + (header ? record : 0);
        int from = META_WORDS + m;
        int to = META_WORDS + grownM;
        long[] out = new long[to + (int) ((newBits + 63) >>> 6)];
        out[0] = meta & ~(BITMAP_WORDS_MASK << BITMAP_SHIFT) | (long) grownM << BITMAP_SHIFT;
        out[1] = t[1];
        // the bitmap, the bits from at on moved up by one
        int w = at >>> 6;
        long low = (1L << at) - 1; // the bits below at in its word (shift counts are taken mod 64)
        long carry = 0;
        for (int k = 0; k < grownM; k++) {
            long word = bitmapWord(t, m, size, k);
            out[META_WORDS + k] = k < w ? word : k == w ? (word & low) | ((word & ~low) << 1) | (header ? 1L << at : 0)
                    : (word << 1) | carry;
            carry = word >>> 63;
        }
        if (!header) {
            System.arraycopy(t, from, out, to, t.length - from);
            return out;
        }
        long bit = (long) rank(t, at) * record;
        copyBits(t, from, 0, out, to, 0, bit);
        write(out, to, bit, deltaBits, delta - (meta & DELTA_MASK));
        write(out, to, bit + deltaBits, subBits, sub);
        write(out, to, bit + deltaBits + subBits, record - deltaBits - subBits, base - t[1]);
        copyBits(t, from, bit, out, to, bit + record, oldBits - bit);
        return out;
    }

    /** Copies {@code n} bits of the records of src (from word srcFrom) to those of dst, which must be 0 there. */
    private static void copyBits(long[] src, int srcFrom, long srcBit, long[] dst, int dstFrom, long dstBit, long n) {
        while (n > 0) {
            int c = (int) Math.min(n, 63);
            write(dst, dstFrom, dstBit, c, read(src, srcFrom, srcBit, c));
            srcBit += c;
            dstBit += c;
            n -= c;
        }
    }

    /** The width of field {@code f} in the table whose first word is {@code meta}. */
    static int width(long meta, int f) {
        return (int) (meta >>> (DELTA_BITS + f * WIDTH_BITS)) & ((1 << WIDTH_BITS) - 1);
    }

    private static int bitmapWords(long meta) {
        return (int) ((meta >>> BITMAP_SHIFT) & BITMAP_WORDS_MASK);
    }

    /** Word k of the bitmap of table t of {@code size} keys, also where it has none (every key has a record). */
    private static long bitmapWord(long[] t, int m, int size, int k) {
        if (m > 0) {
            return k < m ? t[META_WORDS + k] : 0;
        }
        int keys = size - 64 * k; // keys in word k
        return keys >= 64 ? -1L : keys <= 0 ? 0 : (1L << keys) - 1;
    }

    private static boolean hasRecord(long[] t, int i) {
        return bitmapWords(t[0]) == 0 || (t[META_WORDS + (i >>> 6)] >>> i & 1) != 0; // shifts are taken mod 64
    }

    /** The number of keys before key {@code i} (at most the table's size) that have a record. */
    private static int rank(long[] t, int i) {
        int m = bitmapWords(t[0]);
        if (m == 0) {
            return i;
        }
        int w = i >>> 6;
        int r = 0;
        for (int k = 0; k < w; k++) {
            r += Long.bitCount(t[META_WORDS + k]);
        }
        return w < m ? r + Long.bitCount(t[META_WORDS + w] & ((1L << i) - 1)) : r;
    }

    /** The number of bits of {@code v} (non-negative): 0 for 0. */
    private static int bits(long v) {
        return 64 - Long.numberOfLeadingZeros(v);
    }

    /** The {@code width} (0..63) bits at bit {@code bit} of the records, which start at word {@code from}. */
    private static long read(long[] t, int from, long bit, int width) {
        if (width == 0) {
            return 0;
        }
        int w = from + (int) (bit >>> 6);
        int shift = (int) bit & 63;
        long v = t[w] >>> shift;
        if (shift + width > 64) {
            v |= t[w + 1] << (64 - shift);
        }
        return v & ((1L << width) - 1);
    }

    private static void write(long[] t, int from, long bit, int width, long v) {
        if (width == 0) {
            return;
        }
        int w = from + (int) (bit >>> 6);
        int shift = (int) bit & 63;
        t[w] |= v << shift;
        if (shift + width > 64) {
            t[w + 1] |= v >>> (64 - shift);
        }
    }
}
