package io.memstore.measure.spec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class UnitsTest {
    @Test
    void iecPicksTheLargestUnitWithOneDecimal() {
        assertThat(Units.iec(0)).isEqualTo("0 B");
        assertThat(Units.iec(1023)).isEqualTo("1023 B");
        assertThat(Units.iec(1024)).isEqualTo("1.0 KiB");
        assertThat(Units.iec(123_000_000)).isEqualTo("117.3 MiB");
        assertThat(Units.iec(1L << 30)).isEqualTo("1.0 GiB");
        assertThat(Units.iec(5L << 40)).isEqualTo("5.0 TiB");
        assertThat(Units.iec(-45_142_400)).isEqualTo("-43.1 MiB");
        assertThat(Units.iec(-1536)).isEqualTo("-1.5 KiB");
        assertThat(Units.iec(Long.MAX_VALUE)).isEqualTo("8.0 EiB");
    }

    @Test
    void iecNeverPrints1024OfAUnit() {
        // 1048575 B is 1023.999 KiB, which would round to "1024.0 KiB".
        assertThat(Units.iec(1_048_575)).isEqualTo("1.0 MiB");
        assertThat(Units.iec(1_048_063)).isEqualTo("1023.5 KiB");
    }

    @Test
    void smallFractionalBytesKeepADecimalAndNaNIsNotANumber() {
        assertThat(Units.iec(110.6)).isEqualTo("110.6 B");
        assertThat(Units.iec(30.0)).isEqualTo("30 B");
        assertThat(Units.iec(Double.NaN)).isEqualTo("n/a");
    }

    @Test
    void mibAndBytesPerKeyAreBareNumbersForHeadedColumns() {
        assertThat(Units.mib(123_000_000)).isEqualTo("117.3");
        assertThat(Units.perKey(123_000_000, 1_000_000)).isEqualTo("123.0");
        assertThat(Units.perKey(1, 0)).isEqualTo("n/a");
        assertThat(Units.mib(Double.NaN)).isEqualTo("n/a");
    }

    @Test
    void exactBytesKeepsConfiguredSizesExact() {
        assertThat(Units.exactBytes(64)).isEqualTo("64 B");
        assertThat(Units.exactBytes(1024)).isEqualTo("1 KiB");
        assertThat(Units.exactBytes(1000)).isEqualTo("1 KB");
        assertThat(Units.exactBytes(1536)).isEqualTo("1536 B");
        assertThat(Units.exactBytes(2L << 20)).isEqualTo("2 MiB");
        assertThat(Units.exactBytes(3_000_000)).isEqualTo("3 MB");
        assertThat(Units.exactBytes(0)).isEqualTo("0 B");
        // the rule of row names, with a blank: not 1000 KiB
        assertThat(Units.exactBytes(1_024_000)).isEqualTo("1024 KB");
        assertThat(Units.compactBytes(1_024_000)).isEqualTo("1024KB");
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0B", "64, 64B", "256, 256B", "1000, 1KB", "1024, 1KiB", "2048, 2KiB", "1536, 1536B",
        "16384, 16KiB", "1048576, 1MiB", "16777216, 16MiB", "1073741824, 1GiB", "22000000, 22MB",
        "432000000, 432MB", "128000, 128KB", "1024000, 1024KB", "100352000, 98000KiB", "1000000000, 1GB", "-2048, -2KiB", "1001, 1001B"
    })
    void formatsTheShortestExactForm(long bytes, String text) {
        assertThat(Units.compactBytes(bytes)).isEqualTo(text);
        assertThat(Sizes.parseBytes(text.replace("-", ""))).as("round trip").isEqualTo(Math.abs(bytes));
    }

    @ParameterizedTest
    @CsvSource({"1000000, 1M", "100000, 100K", "1500000, 1500K", "1234, 1234", "0, 0", "1, 1", "2000000000, 2000M"})
    void formatsCounts(long count, String text) {
        assertThat(Units.count(count)).isEqualTo(text);
        assertThat(Sizes.parseCount(text)).isEqualTo(count);
    }


    @Test
    void countsReadLikeTheSeed() {
        assertThat(Units.count(100_000)).isEqualTo("100K");
        assertThat(Units.count(1_000_000)).isEqualTo("1M");
        assertThat(Units.count(1_500_000)).isEqualTo("1500K");
        assertThat(Units.count(12_345)).isEqualTo("12345");
        assertThat(Units.count(0)).isEqualTo("0");
        assertThat(Units.count(2_000_000_000)).as("K and M only, as counts parse").isEqualTo("2000M");
    }

    @Test
    void wholeNumbersAreGroupedFromFiveDigitsOnAlike() {
        assertThat(Units.whole(763_713.4)).isEqualTo("763,713");
        assertThat(Units.whole(20_083_100)).isEqualTo("20,083,100");
        assertThat(Units.whole(-12_500)).isEqualTo("-12,500");
        assertThat(Units.whole(9_999.4)).isEqualTo("9999");
        assertThat(Units.whole(9_999.5)).isEqualTo("10,000");
        assertThat(Units.whole(4096)).isEqualTo("4096");
        assertThat(Units.whole(Double.NaN)).isEqualTo("n/a");
        assertThat(Units.mib(3810.9 * 1024 * 1024)).isEqualTo("3810.9");
        assertThat(Units.mib(12_345.6 * 1024 * 1024)).isEqualTo("12,345.6");
        assertThat(Units.perKey(43_581.4 * 1000, 1000)).isEqualTo("43,581.4");
        assertThat(Units.perKey(9_999.96, 1)).isEqualTo("10,000.0");
        assertThat(Units.perKey(9_999.94, 1)).isEqualTo("9999.9");
    }

    @Test
    void percentAndUnitFormats() {
        assertThat(Units.percent(0.0312)).isEqualTo("3.1 %");
        assertThat(MetricUnit.BYTES.format(128 * 1024 * 1024)).isEqualTo("128.0 MiB");
        assertThat(MetricUnit.SECONDS.format(2.35)).isEqualTo("2.350 s");
        assertThat(MetricUnit.OPS_PER_SECOND.format(812_345.4)).isEqualTo("812,345 ops/s");
        assertThat(MetricUnit.RATIO.format(0.05)).isEqualTo("0.0500");
        assertThat(MetricUnit.SECONDS.format(Double.POSITIVE_INFINITY)).isEqualTo("n/a");
    }
}
