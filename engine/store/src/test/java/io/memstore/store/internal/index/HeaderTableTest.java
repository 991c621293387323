package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.Revision;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The encoding of {@link HeaderTable}: round trips, widths, canonical form, inserts, and keys leaving a leaf. */
class HeaderTableTest {
    private static final long MAX_DELTA = (1L << Revision.MAIN_BITS) - 1;

    /** Fields of n keys: fields[f][i]. */
    private static long[][] fields(int n) {
        return new long[3][n];
    }

    private static long[] encode(long[][] fields) {
        return HeaderTable.encode(fields[0], fields[1], fields[2], fields[0].length);
    }

    /** Both ways of reading agree with the fields: one key at a time, and a run of keys at an offset. */
    private static void assertDecodes(long[] table, long[][] fields) {
        int n = fields[0].length;
        for (int i = 0; i < n; i++) {
            for (int f = 0; f < 3; f++) {
                assertThat(HeaderTable.field(table, i, f)).as("key %d field %d", i, f).isEqualTo(fields[f][i]);
            }
        }
        long[][] decoded = {new long[n + 3], new long[n + 3], new long[n + 3]};
        for (long[] d : decoded) {
            Arrays.fill(d, -7);
        }
        int from = n / 3;
        HeaderTable.decode(table, from, n, decoded[0], decoded[1], decoded[2], 2);
        for (int f = 0; f < 3; f++) {
            assertThat(Arrays.copyOfRange(decoded[f], 2, 2 + n - from)).isEqualTo(Arrays.copyOfRange(fields[f], from, n));
            assertThat(decoded[f][1]).isEqualTo(-7);
            assertThat(decoded[f][2 + n - from]).isEqualTo(-7);
        }
    }

    private static int bits(long v) {
        return 64 - Long.numberOfLeadingZeros(v);
    }

    @Test
    void keysThatNeedNoHeaderNeedNoTable() {
        assertThat(encode(fields(40))).isNull();
        assertThat(HeaderTable.inserted(null, 40, 17, Revision.pack(9, 3), 1, Revision.pack(9, 3))).isNull();
        assertThat(HeaderTable.field(null, 5, HeaderTable.BASE)).isZero();
        assertThat(HeaderTable.created(null, 5, Revision.pack(9, 3))).isEqualTo(Revision.pack(9, 3));
        assertThat(HeaderTable.base(null, 5)).isEqualTo(1);
    }

    @Test
    void fieldsEqualAcrossTheLeafTakeNoBits() {
        // keys compacted after round-robin passes: the same delta and base for every key
        long[][] f = fields(48);
        Arrays.fill(f[HeaderTable.DELTA], 4_000_000);
        Arrays.fill(f[HeaderTable.BASE], 4);
        long[] t = encode(f);
        assertThat(t).hasSize(2); // minimums and widths: every key has a record, so no bitmap
        assertDecodes(t, f);
        for (int field = 0; field < 3; field++) {
            assertThat(HeaderTable.width(t[0], field)).isZero();
        }
    }

    @Test
    void widestFieldsRoundTrip() {
        // 40 + 22 + 63 bits per key: every record straddles words
        long[][] f = fields(7);
        long[] deltas = {0, MAX_DELTA, 1, MAX_DELTA - 1, 12345, 0, MAX_DELTA};
        long[] subs = {Revision.MAX_SUB, 0, 1, Revision.MAX_SUB - 1, 77, Revision.MAX_SUB, 0};
        long[] bases = {0, Long.MAX_VALUE - 1, 1L << 62, 3, Long.MAX_VALUE - 2, 0, 99};
        f[0] = deltas;
        f[1] = subs;
        f[2] = bases;
        long[] t = encode(f);
        assertThat(HeaderTable.width(t[0], HeaderTable.DELTA)).isEqualTo(40);
        assertThat(HeaderTable.width(t[0], HeaderTable.SUB)).isEqualTo(22);
        assertThat(HeaderTable.width(t[0], HeaderTable.BASE)).isEqualTo(63);
        assertThat(t).hasSize(2 + (7 * 125 + 63) / 64);
        assertDecodes(t, f);
    }

    @Test
    void randomFieldsRoundTripWithTheSmallestWidths() {
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 2000; round++) {
            int n = 1 + random.nextInt(random.nextBoolean() ? 70 : 1100);
            int[] widths = {random.nextInt(41), random.nextInt(23), random.nextInt(64)};
            long[] offsets = {random.nextLong(1L << 20), 0, random.nextLong(1L << 30)};
            long[][] f = fields(n);
            for (int field = 0; field < 3; field++) {
                int w = widths[field];
                for (int i = 0; i < n; i++) {
                    // values in [offset, offset + 2^w), kept inside the field's range
                    long v = offsets[field] + (w == 0 ? 0 : random.nextLong() >>> (64 - w));
                    long max = field == HeaderTable.DELTA ? MAX_DELTA : field == HeaderTable.SUB ? Revision.MAX_SUB
                            : Long.MAX_VALUE - 1;
                    f[field][i] = v < 0 ? max : Math.min(v, max);
                }
            }
            int absent = random.nextInt(4);
            for (int i = 0; i < n; i++) {
                if (random.nextInt(4) < absent) { // keys without header
                    f[0][i] = 0;
                    f[1][i] = 0;
                    f[2][i] = 0;
                }
            }
            long[] t = encode(f);
            long[] min = {Long.MAX_VALUE, 0, Long.MAX_VALUE};
            long[] max = new long[3];
            int present = 0;
            for (int i = 0; i < n; i++) {
                if ((f[0][i] | f[1][i] | f[2][i]) == 0) {
                    continue; // minimums and widths are over the keys with a header
                }
                present++;
                for (int field = 0; field < 3; field++) {
                    min[field] = field == HeaderTable.SUB ? 0 : Math.min(min[field], f[field][i]);
                    max[field] = Math.max(max[field], f[field][i]);
                }
            }
            if (present == 0) {
                assertThat(t).isNull();
                continue;
            }
            int record = 0;
            for (int field = 0; field < 3; field++) {
                assertThat(HeaderTable.width(t[0], field)).as("round %d field %d", round, field)
                        .isEqualTo(bits(max[field] - min[field]));
                record += bits(max[field] - min[field]);
            }
            int bitmap = present == n ? 0 : (n + 63) / 64;
            assertThat(t).hasSize(2 + bitmap + (present * record + 63) / 64);
            assertDecodes(t, f);
        }
    }

    @Test
    void createdAndBaseComeBackFromTheFirstRevision() {
        long first = Revision.pack(1_000_000_000L, 6);
        long created = Revision.pack(3, Revision.MAX_SUB);
        long base = 1L << 61;
        long[] t = HeaderTable.inserted(null, 0, 0, created, base, first);
        assertThat(HeaderTable.created(t, 0, first)).isEqualTo(created);
        assertThat(HeaderTable.base(t, 0)).isEqualTo(base);
        assertThat(HeaderTable.field(t, 0, HeaderTable.SUB)).isEqualTo(Revision.MAX_SUB ^ 6);
        // a key created in the transaction of its first revision, at an earlier change of it
        long sameMain = Revision.pack(1_000_000_000L, 2);
        long[] u = HeaderTable.inserted(null, 0, 0, sameMain, 1, first);
        assertThat(HeaderTable.created(u, 0, first)).isEqualTo(sameMain);
        assertThat(HeaderTable.base(u, 0)).isEqualTo(1);
    }

    @Test
    void insertsShiftTheKeysAfterTheNewOne() {
        SplittableRandom random = new SplittableRandom(8);
        long first = Revision.pack(5_000_000, 0);
        int fitting = 0;
        for (int round = 0; round < 600; round++) {
            int n = random.nextInt(random.nextBoolean() ? 50 : 200); // bitmaps of 1 to 4 words
            long[][] f = fields(n);
            for (int i = 0; i < n; i++) {
                if (random.nextInt(3) == 0) {
                    f[0][i] = random.nextLong(1L << random.nextInt(1, 23));
                    f[1][i] = random.nextInt(4) == 0 ? random.nextLong(Revision.MAX_SUB) : 0;
                    f[2][i] = random.nextLong(1L << random.nextInt(1, 40));
                }
            }
            long[] t = encode(f);
            int at = random.nextInt(n + 1);
            boolean header = random.nextInt(3) == 0;
            long created = header ? Revision.pack(5_000_000 - random.nextLong(1, 1L << 22), random.nextLong(9)) : first;
            long base = header ? 1 + random.nextLong(1L << 33) : 1;
            int like = n == 0 ? -1 : random.nextInt(n);
            if (header && like >= 0 && (f[0][like] | f[1][like] | f[2][like]) != 0 && random.nextBoolean()) {
                // the fields of a key the table has: they fit its minimums and widths (the splice path)
                created = Revision.pack(5_000_000 - f[0][like], f[1][like]);
                base = f[2][like] + 1;
                fitting++;
            }
            long[] grown = HeaderTable.inserted(t, n, at, created, base, first);

            long[][] expected = fields(n + 1);
            for (int field = 0; field < 3; field++) {
                System.arraycopy(f[field], 0, expected[field], 0, at);
                System.arraycopy(f[field], at, expected[field], at + 1, n - at);
            }
            expected[0][at] = HeaderTable.delta(created, first);
            expected[1][at] = HeaderTable.sub(created, first);
            expected[2][at] = base - 1;
            assertThat(grown).as("round %d", round).isEqualTo(encode(expected)); // canonical
            assertDecodes(grown, expected);
            assertThat(HeaderTable.created(grown, at, first)).isEqualTo(created);
            assertThat(HeaderTable.base(grown, at)).isEqualTo(base);
        }
        assertThat(fitting).isGreaterThan(30);
    }

    @Test
    void keysLeavingTheLeafTakeTheirWidthsWithThem() {
        // removal happens by rebuilding the leaf without the keys (compaction, splits)
        LeafBuilder builder = new LeafBuilder();
        BTreeLeaf leaf = new BTreeLeaf();
        for (int i = 0; i < 10; i++) {
            builder.addKey(new byte[] {'k', (byte) ('0' + i)});
            builder.addRun(new long[] {RevisionRun.word(Revision.pack(100 + i, 0), false)}, 0, 1);
            if (i == 3) {
                builder.setHeader(Revision.pack(2, 0), 1L << 50); // the only wide base
            } else if (i % 2 == 0) {
                builder.setHeader(Revision.pack(50, 0), 7);
            }
        }
        builder.build(leaf);
        assertThat(HeaderTable.width(leaf.headers[0], HeaderTable.BASE)).isEqualTo(50);
        assertThat(HeaderTable.created(leaf.headers, 3, Revision.pack(103, 0))).isEqualTo(Revision.pack(2, 0));

        builder.addEntries(leaf, 0, 3);
        builder.addEntries(leaf, 4, 10);
        BTreeLeaf without = new BTreeLeaf();
        builder.build(without);
        assertThat(without.size()).isEqualTo(9);
        // the keys with headers left all have base 7: no bits (before, the base field took 50)
        assertThat(HeaderTable.width(without.headers[0], HeaderTable.BASE)).isZero();
        for (int i = 0; i < 9; i++) {
            int old = i < 3 ? i : i + 1;
            long first = Revision.pack(100 + old, 0);
            assertThat(HeaderTable.created(without.headers, i, first))
                    .isEqualTo(old % 2 == 0 ? Revision.pack(50, 0) : first);
            assertThat(HeaderTable.base(without.headers, i)).isEqualTo(old % 2 == 0 ? 7 : 1);
        }

        for (int i = 1; i < 10; i += 2) {
            builder.addEntries(leaf, i, i + 1); // keys 1, 3, 5, 7, 9: only 3 needs a header
        }
        BTreeLeaf odd = new BTreeLeaf();
        builder.build(odd);
        assertThat(odd.headers).isNotNull();
        builder.addEntries(odd, 0, 1);
        builder.addEntries(odd, 2, 5);
        builder.build(odd);
        assertThat(odd.headers).as("no key left needs a header").isNull();
    }

    @Test
    void keysWithoutHeaderTakeABitNotARecord() {
        // a compacted leaf (every key: the same header) gets new keys: the records stay 0 bits wide
        long first = Revision.pack(9_000_000, 0);
        long[] t = null;
        for (int i = 0; i < 30; i++) {
            t = HeaderTable.inserted(t, i, i, Revision.pack(5_000_000 + i, 0), 5, Revision.pack(9_000_000 + i, 0));
        }
        assertThat(t).hasSize(2);
        for (int i = 0; i < 40; i++) {
            t = HeaderTable.inserted(t, 30 + i, 2 * i % (30 + i), first, 1, first);
        }
        assertThat(t).hasSize(4); // 70 keys: a bitmap of 2 words
        int withHeaders = 0;
        for (int i = 0; i < 70; i++) {
            if (HeaderTable.base(t, i) == 5) {
                withHeaders++;
                assertThat(HeaderTable.field(t, i, HeaderTable.DELTA)).isEqualTo(4_000_000);
            } else {
                assertThat(HeaderTable.base(t, i)).isEqualTo(1);
                assertThat(HeaderTable.created(t, i, first)).isEqualTo(first);
            }
        }
        assertThat(withHeaders).isEqualTo(30);
    }

    @Test
    void refusesFieldsOutOfRange() {
        long[][] f = fields(3);
        f[0][1] = -1; // a created revision after the first revision
        assertThatThrownBy(() -> encode(f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("header fields out of range at key 1: delta -1, sub 0, base 0");
        f[0][1] = MAX_DELTA + 1;
        assertThatThrownBy(() -> encode(f)).isInstanceOf(IllegalArgumentException.class);
    }
}
