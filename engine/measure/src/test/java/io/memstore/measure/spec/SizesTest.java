package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SizesTest {

    @ParameterizedTest
    @CsvSource({
        "64B, 64", "64, 64", "0, 0", "'64 B', 64", "1KB, 1000", "1KiB, 1024", "16KiB, 16384",
        "1MB, 1000000", "1MiB, 1048576", "2GB, 2000000000", "2GiB, 2147483648", "1.5KiB, 1536",
        "1.5MB, 1500000", "0.5KiB, 512", "'  7B ', 7", "+3B, 3",
        "9223372036854775807, 9223372036854775807"
    })
    void parsesSizesExactly(String text, long bytes) {
        assertThat(Sizes.parseBytes(text)).isEqualTo(bytes);
    }

    @Test
    void refusesBadSizesNamingTheTextAndTheForms() {
        assertThatThrownBy(() -> Sizes.parseBytes("64kb")).hasMessage("unknown unit 'kb' in '64kb'; expected one"
                + " of B, KB, MB, GB, KiB, MiB, GiB (KB = 1000 B, KiB = 1024 B)");
        assertThatThrownBy(() -> Sizes.parseBytes("-1KiB")).hasMessageStartingWith("'-1KiB' is negative; expected");
        assertThatThrownBy(() -> Sizes.parseBytes("1.0001KB"))
                .hasMessageStartingWith("'1.0001KB' is 1000.1 bytes, not a whole number; expected");
        assertThatThrownBy(() -> Sizes.parseBytes("0.5B")).hasMessageStartingWith("'0.5B' is 0.5 bytes");
        assertThatThrownBy(() -> Sizes.parseBytes("big")).hasMessageStartingWith("'big' is not a size; expected");
        assertThatThrownBy(() -> Sizes.parseBytes("")).hasMessageStartingWith("'' is not a size");
        assertThatThrownBy(() -> Sizes.parseBytes(null)).hasMessageStartingWith("'' is not a size");
        assertThatThrownBy(() -> Sizes.parseBytes("9223372036854775808"))
                .hasMessageStartingWith("'9223372036854775808' is too large");
        assertThatThrownBy(() -> Sizes.parseBytes("99999999999GiB")).hasMessageContaining("too large");
        assertThatThrownBy(() -> Sizes.parseBytes("1K")).as("K is a count suffix, not a size unit")
                .hasMessageStartingWith("unknown unit 'K'");
    }

    @ParameterizedTest
    @CsvSource({"100K, 100000", "1M, 1000000", "1.5M, 1500000", "250000, 250000", "0, 0", "2.5K, 2500"})
    void parsesCounts(String text, long count) {
        assertThat(Sizes.parseCount(text)).isEqualTo(count);
    }

    @Test
    void refusesBadCounts() {
        assertThatThrownBy(() -> Sizes.parseCount("1G")).hasMessage(
                "unknown unit 'G' in '1G'; expected one of K, M");
        assertThatThrownBy(() -> Sizes.parseCount("1.5")).hasMessageStartingWith("'1.5' is 1.5, not a whole number");
        assertThatThrownBy(() -> Sizes.parseCount("1KiB")).hasMessageStartingWith("unknown unit 'KiB'");
        assertThatThrownBy(() -> Sizes.parseCount("-5")).hasMessageStartingWith("'-5' is negative");
    }
}
