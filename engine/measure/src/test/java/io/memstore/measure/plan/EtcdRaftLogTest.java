package io.memstore.measure.plan;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The raft entries an etcd 3.4 member holds in memory, against the snapshot files real members wrote: at
 * {@code --snapshot-count 10000}, 50,000 puts left snapshots at raft indexes 10,034, 20,048, 30,057 and 40,107
 * (the member's own start entries and its apply batches put them a few dozen entries late).
 */
class EtcdRaftLogTest {
    @Test
    void belowTheSnapshotCountEveryEntryIsInMemory() {
        assertThat(EtcdRaftLog.entriesInMemory(20_000, 100_000)).isEqualTo(20_000);
        assertThat(EtcdRaftLog.entriesInMemory(100_000, 100_000)).isEqualTo(100_000);
        assertThat(EtcdRaftLog.peakEntriesInMemory(100_000, 100_000)).isEqualTo(100_000);
    }

    @Test
    void afterASnapshotTheEntriesSinceItAndTheCatchUpEntriesRemain() {
        // snapshot at 100,001, log compacted to 95,001
        assertThat(EtcdRaftLog.entriesInMemory(150_000, 100_000)).isEqualTo(54_999);
        assertThat(EtcdRaftLog.peakEntriesInMemory(150_000, 100_000)).isEqualTo(100_001);
        // the member's last snapshot at 40,107: 50,004 - (40,107 - 5,000) = 14,897 in memory; the model says
        assertThat(EtcdRaftLog.entriesInMemory(50_000, 10_000)).isEqualTo(50_000 - (40_004 - 5_000))
                .isBetween(14_897L - 200, 14_897L + 200);
        // before each later snapshot: the count plus the catch-up entries
        assertThat(EtcdRaftLog.peakEntriesInMemory(50_000, 10_000)).isEqualTo(10_001 + 5_000);
        assertThat(EtcdRaftLog.peakEntriesInMemory(1_000_000, 100_000)).isEqualTo(105_001);
    }

    @Test
    void aSnapshotCountBelowTheCatchUpEntriesKeepsTheLogUntilTheSnapshotsPassThem() {
        // snapshots at 1,001, 2,002, 3,003, 4,004 compact nothing (below 5,000); 5,005 compacts to 5
        assertThat(EtcdRaftLog.entriesInMemory(4_500, 1_000)).isEqualTo(4_500);
        assertThat(EtcdRaftLog.entriesInMemory(5_500, 1_000)).isEqualTo(5_500 - 5);
        assertThat(EtcdRaftLog.peakEntriesInMemory(20_000, 1_000)).isEqualTo(1_001 + 5_000);
    }

    @Test
    void refusesNegativeWritesAndAZeroSnapshotCount() {
        assertThatThrownBy(() -> EtcdRaftLog.entriesInMemory(-1, 100)).hasMessageContaining("written -1");
        assertThatThrownBy(() -> EtcdRaftLog.entriesInMemory(1, 0)).hasMessageContaining("snapshot count 0");
    }
}
