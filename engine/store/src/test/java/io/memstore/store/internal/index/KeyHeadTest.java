package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyHead} against {@link Arrays#compareUnsigned}: byte strings of 0 to 12 bytes over an alphabet of 0, 1,
 * 0x7f, 0x80 and 0xff, so that strings often differ only in length, in zero bytes (the padding's value), past
 * their eighth byte, or in the sign bit of a byte.
 */
class KeyHeadTest {
    private static final byte[] ALPHABET = {0, 1, 0x7f, (byte) 0x80, (byte) 0xff};

    @Test
    void differentHeadsOrderTheStringsAsTheirBytesDo() {
        SplittableRandom r = new SplittableRandom(5);
        int differing = 0;
        for (int i = 0; i < 200_000; i++) {
            byte[] a = string(r);
            byte[] b = string(r);
            long ha = KeyHead.of(a, 0, a.length);
            long hb = KeyHead.of(b, 0, b.length);
            int bytes = Integer.signum(Arrays.compareUnsigned(a, b));
            if (ha != hb) {
                differing++;
                assertThat(Integer.signum(Long.compareUnsigned(ha, hb)))
                        .as("%s against %s", Arrays.toString(a), Arrays.toString(b)).isEqualTo(bytes);
            } else {
                assertThat(Arrays.copyOf(a, 8)).as("equal heads of %s and %s", Arrays.toString(a),
                        Arrays.toString(b)).isEqualTo(Arrays.copyOf(b, 8)); // the first 8 bytes, zero-padded
            }
        }
        assertThat(differing).isGreaterThan(100_000);
    }

    @Test
    void aHeadReadsTheStringFromItsOffset() {
        byte[] b = {9, 9, 1, 2, 3, (byte) 0xff, 9};
        assertThat(KeyHead.of(b, 2, 6)).isEqualTo(0x010203ff_00000000L);
        assertThat(KeyHead.of(b, 2, 2)).isZero();
        assertThat(KeyHead.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 1, 9)).isEqualTo(0x02030405_06070809L);
    }

    @Test
    void comparePrefixComparesTheFirstNBytes() {
        SplittableRandom r = new SplittableRandom(6);
        for (int i = 0; i < 100_000; i++) {
            byte[] key = string(r, 8 + r.nextInt(5));
            int n = 1 + r.nextInt(8);
            byte[] prefix = r.nextBoolean() ? Arrays.copyOf(key, n) : string(r, n);
            if (r.nextBoolean()) {
                prefix[n - 1] = ALPHABET[r.nextInt(ALPHABET.length)];
            }
            assertThat(Integer.signum(KeyHead.comparePrefix(key, KeyHead.of(prefix, 0, n), n)))
                    .as("%s's first %d bytes against %s", Arrays.toString(key), n, Arrays.toString(prefix))
                    .isEqualTo(Integer.signum(Arrays.compareUnsigned(key, 0, n, prefix, 0, n)));
        }
    }

    private static byte[] string(SplittableRandom r) {
        return string(r, r.nextInt(13));
    }

    private static byte[] string(SplittableRandom r, int n) {
        byte[] s = new byte[n];
        for (int j = 0; j < n; j++) {
            s[j] = ALPHABET[r.nextInt(ALPHABET.length)];
        }
        return s;
    }
}
