package io.memstore.measure.probe;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProcMemoryTest {
    private static final String STATUS = """
            Name:\tjava
            Umask:\t0022
            State:\tS (sleeping)
            Pid:\t4242
            VmPeak:\t 3612345 kB
            VmHWM:\t  412340 kB
            VmRSS:\t  398720 kB
            RssAnon:\t  377000 kB
            RssFile:\t   21700 kB
            RssShmem:\t      20 kB
            Threads:\t19
            Cpus_allowed_list:\t0-1
            """;
    private static final String ROLLUP = """
            55d1c0000000-7ffd5a1e4000 ---p 00000000 00:00 0                          [rollup]
            Rss:              398720 kB
            Pss:              390001 kB
            Anonymous:        377000 kB
            """;

    @Test
    void readsKibibyteFieldsAsBytes() {
        ProcMemory m = ProcMemory.of(STATUS, ROLLUP);
        assertThat(m.rss()).isEqualTo(398_720L * 1024);
        assertThat(m.peakRss()).isEqualTo(412_340L * 1024);
        assertThat(m.rssAnon()).isEqualTo(377_000L * 1024);
        assertThat(m.rssFile()).isEqualTo(21_700L * 1024);
        assertThat(m.bytes("RssShmem")).isEqualTo(20L * 1024);
        assertThat(m.pss()).isEqualTo(390_001L * 1024);
    }

    @Test
    void fieldsWithoutAKibibyteValueAreNotMemory() {
        ProcMemory m = ProcMemory.of(STATUS, ROLLUP);
        assertThat(m.bytes("Threads")).isNull();
        assertThat(m.bytes("Pid")).isNull();
        assertThat(m.bytes("Name")).isNull();
    }

    @Test
    void missingFilesAndFieldsAreUnavailableNotZero() {
        ProcMemory none = ProcMemory.of("", null);
        assertThat(none.rss()).isNull();
        assertThat(none.peakRss()).isNull();
        assertThat(none.pss()).isNull();
        // an old kernel: VmRSS but no RssAnon/RssFile, no smaps_rollup
        ProcMemory old = ProcMemory.of("VmRSS:\t 1000 kB\nVmHWM:\t 2000 kB\n", "");
        assertThat(old.rss()).isEqualTo(1_024_000L);
        assertThat(old.rssAnon()).isNull();
        assertThat(old.rssFile()).isNull();
        assertThat(old.pss()).isNull();
    }

    @Test
    void malformedNumbersAreUnavailable() {
        ProcMemory m = ProcMemory.of("VmRSS:\t abc kB\nVmHWM:\t -5 kB\nRssAnon: 12 MB\n", "");
        assertThat(m.rss()).isNull();
        assertThat(m.peakRss()).isNull();
        assertThat(m.rssAnon()).isNull();
    }

    @Test
    void readsThisProcessOnLinux() {
        ProcMemory m = ProcMemory.read();
        if (java.nio.file.Files.isReadable(ProcMemory.STATUS)) {
            assertThat(m.rss()).isGreaterThan(1L << 20);
            assertThat(m.peakRss()).isGreaterThanOrEqualTo(m.rss());
        } else {
            assertThat(m.rss()).isNull();
        }
    }
}
