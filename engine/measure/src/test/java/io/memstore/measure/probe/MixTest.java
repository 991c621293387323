package io.memstore.measure.probe;

import org.junit.jupiter.api.Test;

import java.util.BitSet;

import static org.assertj.core.api.Assertions.assertThat;

class MixTest {
    @Test
    void permuteIsABijectionOfSmallDomains() {
        for (int bits = 1; bits <= 16; bits++) {
            int size = 1 << bits;
            BitSet seen = new BitSet(size);
            for (int x = 0; x < size; x++) {
                long y = Mix.permute(x, bits, 12345);
                assertThat(y).isBetween(0L, size - 1L);
                seen.set((int) y);
            }
            assertThat(seen.cardinality()).as("%d-bit domain", bits).isEqualTo(size);
        }
    }

    @Test
    void permuteDependsOnTheSeed() {
        int differ = 0;
        for (int x = 0; x < 1000; x++) {
            if (Mix.permute(x, 40, 1) != Mix.permute(x, 40, 2)) {
                differ++;
            }
        }
        assertThat(differ).isGreaterThan(990);
    }
}
