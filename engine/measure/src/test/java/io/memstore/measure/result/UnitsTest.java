package io.memstore.measure.result;

import io.memstore.measure.spec.MetricUnit;
import org.junit.jupiter.api.Test;

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
    }

    @Test
    void countsReadLikeTheSeed() {
        assertThat(Units.count(100_000)).isEqualTo("100K");
        assertThat(Units.count(1_000_000)).isEqualTo("1M");
        assertThat(Units.count(1_500_000)).isEqualTo("1500K");
        assertThat(Units.count(12_345)).isEqualTo("12345");
        assertThat(Units.count(0)).isEqualTo("0");
        assertThat(Units.count(2_000_000_000)).isEqualTo("2G");
    }

    @Test
    void percentAndUnitFormats() {
        assertThat(Units.percent(0.0312)).isEqualTo("3.1 %");
        assertThat(MetricUnit.BYTES.format(128 * 1024 * 1024)).isEqualTo("128.0 MiB");
        assertThat(MetricUnit.SECONDS.format(2.35)).isEqualTo("2.350 s");
        assertThat(MetricUnit.OPS_PER_SECOND.format(812_345.4)).isEqualTo("812345 ops/s");
        assertThat(MetricUnit.RATIO.format(0.05)).isEqualTo("0.0500");
        assertThat(MetricUnit.SECONDS.format(Double.POSITIVE_INFINITY)).isEqualTo("n/a");
    }
}
