package io.memstore.systems;

import io.memstore.measure.probe.LoadTarget;
import io.memstore.measure.probe.ProcMemory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A row's target on real etcd; skipped where no etcd program is installed. */
class EtcdTargetTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void needsEtcd() {
        boolean found;
        try {
            EtcdBinary.locate();
            found = true;
        } catch (SystemUnavailableException e) {
            found = false;
        }
        assumeTrue(found, "no etcd program: " + EtcdBinary.HOW_TO_INSTALL);
    }

    @Test
    void theClusterIsMeasuredMemberByMemberAndItsLargestIsTheRows() {
        Path data = dir.resolve("data");
        try (LoadTarget t = new SystemTargets().open(SystemTargets.ETCD_CLUSTER, null, data)) {
            ProcMemory idle = t.memory();
            for (int v = 0; v < 2; v++) {
                for (int i = 0; i < 1_000; i++) {
                    t.put(("k" + i).getBytes(StandardCharsets.US_ASCII), new byte[128]);
                }
            }
            t.flush();
            assertThat(t.keyCount()).isEqualTo(1_000);
            assertThat(t.revisionCount()).isEqualTo(2_000);
            assertThat(t.get("k999".getBytes(StandardCharsets.US_ASCII))).isTrue();
            assertThat(t.heapInUse()).isPositive();
            ProcMemory after = t.memory();
            Map<String, Number> extra = t.extraMetrics();
            assertThat(extra.get("etcd.members")).isEqualTo(3);
            long largest = 0;
            for (String m : new String[] {"m1", "m2", "m3"}) {
                assertThat(extra.get("etcd." + m + ".rss").longValue()).isGreaterThan(10L << 20);
                assertThat(extra.get("etcd." + m + ".goHeapInuse").longValue()).isPositive();
                assertThat(extra.get("etcd." + m + ".dbSize").longValue()).isPositive();
                largest = Math.max(largest, extra.get("etcd." + m + ".rss").longValue());
            }
            // the row's reading is a member's, not this JVM's (which holds JUnit, Maven's surefire and jetcd)
            assertThat(after.rss()).isNotEqualTo(ProcMemory.read().rss());
            assertThat(after.rss()).isBetween(largest / 2, largest * 2);
            assertThat(idle.rss()).isPositive();
            assertThat(t.fileSize()).isGreaterThan(2_000L * 128);
            assertThat(t.maxGets()).isEqualTo(EtcdTarget.MAX_GETS);
            // reopen: every member restarted on its data, healthy again, every key still there
            Map<String, Number> reopen = t.timedReopen();
            assertThat(reopen.get("reopen.seconds").doubleValue()).isPositive();
            assertThat(reopen.get("reopen.revisionsPerSecond").doubleValue())
                    .isCloseTo(2_000 / reopen.get("reopen.seconds").doubleValue(), org.assertj.core.data.Percentage
                            .withPercentage(1));
            assertThat(reopen.get("reopen.rss").longValue()).isGreaterThan(10L << 20);
            assertThat(t.keyCount()).isEqualTo(1_000);
            assertThat(t.get("k0".getBytes(StandardCharsets.US_ASCII))).isTrue();
        }
        assertThat(dir.resolve("data")).isEmptyDirectory();
    }

    @Test
    void aSettledMemberReadsTheSameTwiceAndHoldsLessHeapThanRightAfterTheLoad() {
        try (EtcdTarget t = EtcdTarget.open(1, dir.resolve("data"), 5_000)) {
            // 1 KiB values written twice, at a snapshot count the load crosses: garbage and a dropped raft log
            for (int v = 0; v < 2; v++) {
                for (int i = 0; i < 10_000; i++) {
                    t.put(("k" + i).getBytes(StandardCharsets.US_ASCII), new byte[1024]);
                }
            }
            t.flush();
            long unsettledHeap = t.heapInUse();
            t.settle();
            long heap = t.heapInUse();
            long rss = t.memory().rss();
            t.settle();
            long heapAgain = t.heapInUse();
            long rssAgain = t.memory().rss();
            assertThat(heap).isLessThanOrEqualTo(unsettledHeap + (1L << 20));
            assertThat((double) Math.abs(rssAgain - rss)).as("two settled readings, %d and %d B", rss, rssAgain)
                    .isLessThanOrEqualTo(0.05 * rss);
            assertThat((double) Math.abs(heapAgain - heap)).isLessThanOrEqualTo(0.05 * heap);
        }
    }
}
