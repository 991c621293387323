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

    @ParameterizedTest
    @CsvSource({
        "0, 0B", "64, 64B", "256, 256B", "1000, 1KB", "1024, 1KiB", "2048, 2KiB", "1536, 1536B",
        "16384, 16KiB", "1048576, 1MiB", "16777216, 16MiB", "1073741824, 1GiB", "22000000, 22MB",
        "432000000, 432MB", "128000, 128KB", "1024000, 1024KB", "100352000, 98000KiB", "1000000000, 1GB", "-2048, -2KiB", "1001, 1001B"
    })
    void formatsTheShortestExactForm(long bytes, String text) {
        assertThat(Sizes.formatExactBytes(bytes)).isEqualTo(text);
        assertThat(Sizes.parseBytes(text.replace("-", ""))).as("round trip").isEqualTo(Math.abs(bytes));
    }

    @ParameterizedTest
    @CsvSource({"1000000, 1M", "100000, 100K", "1500000, 1500K", "1234, 1234", "0, 0", "1, 1", "2000000000, 2000M"})
    void formatsCounts(long count, String text) {
        assertThat(Sizes.formatCount(count)).isEqualTo(text);
        assertThat(Sizes.parseCount(text)).isEqualTo(count);
    }

    @Test
    void formatsForPeopleInBothSystems() {
        assertThat(Sizes.formatIEC(0)).isEqualTo("0 B");
        assertThat(Sizes.formatIEC(1023)).isEqualTo("1023 B");
        assertThat(Sizes.formatIEC(1024)).isEqualTo("1.0 KiB");
        assertThat(Sizes.formatIEC(1_048_576)).isEqualTo("1.0 MiB");
        assertThat(Sizes.formatIEC(123_000_000)).isEqualTo("117.3 MiB");
        assertThat(Sizes.formatIEC(1_048_575)).as("never 1024.0 KiB").isEqualTo("1.0 MiB");
        assertThat(Sizes.formatIEC(-1536)).isEqualTo("-1.5 KiB");
        assertThat(Sizes.formatIEC(Long.MAX_VALUE)).isEqualTo("8.0 EiB");
        assertThat(Sizes.formatSI(999)).isEqualTo("999 B");
        assertThat(Sizes.formatSI(123_000_000)).isEqualTo("123.0 MB");
        assertThat(Sizes.formatSI(999_950)).isEqualTo("1.0 MB");
        assertThat(Sizes.formatSI(1_500)).isEqualTo("1.5 KB");
    }
}
