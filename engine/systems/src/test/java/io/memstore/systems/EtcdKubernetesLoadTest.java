package io.memstore.systems;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.LeaseOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * One small row of a Kubernetes-shaped load on a real etcd member: leases with keys attached, watchers on
 * ranges that together see every write, compaction on a period, and the restart's readings. Skipped where no
 * etcd program is installed.
 */
class EtcdKubernetesLoadTest {
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

    private static byte[] key(int i) {
        return String.format("/registry/pods/ns-%02d/p-%05d", i % 7, i).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void leasesWatchersAndPeriodicCompactionOnOneMember() throws Exception {
        try (EtcdTarget t = EtcdTarget.open(1, dir.resolve("data"), 100_000)) {
            t.grantLeases(5);
            List<byte[]> starts = List.of(new byte[0], key(3), "/registry/pods/ns-04".getBytes(
                    StandardCharsets.US_ASCII));
            t.watch(starts);
            int keys = 1_000;
            int writes = 0;
            for (int v = 0; v < 3; v++) {
                for (int i = 0; i < keys; i++) {
                    byte[] value = new byte[100 + i % 50];
                    if (i % 5 == 0) {
                        t.putWithLease(key(i), value, (i / 5) % 5);
                    } else {
                        t.put(key(i), value);
                    }
                    if (++writes % 1_000 == 0 && writes >= 2_000) {
                        t.compactBack(1_000);
                    }
                }
            }
            t.flush();
            // every write reached exactly one watcher, and none was lost to the compactions
            assertThat(t.awaitWatchEvents(3_000)).isEqualTo(3_000);
            assertThat(t.keyCount()).isEqualTo(keys);

            try (Client c = Client.builder().endpoints(t.endpoints().toArray(String[]::new)).build()) {
                long attached = 0;
                for (long id : t.leaseIds()) {
                    attached += c.getLeaseClient().timeToLive(id, LeaseOption.builder().withAttachedKeys().build())
                            .get(30, TimeUnit.SECONDS).getKeys().size();
                }
                assertThat(t.leaseIds()).hasSize(5);
                assertThat(attached).isEqualTo(keys / 5);
                // the history before the last compaction (at revision 2,001) is gone, the window after it stays
                ByteSequence k = ByteSequence.from(key(0));
                assertThatThrownBy(() -> c.getKVClient().get(k, GetOption.builder().withRevision(1_500).build())
                        .get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                        .hasMessageContaining("compacted");
                assertThat(c.getKVClient().get(k, GetOption.builder().withRevision(2_500).build())
                        .get(30, TimeUnit.SECONDS).getCount()).isEqualTo(1);
            }
            Map<String, Number> reopen = t.timedReopen();
            assertThat(reopen.get("reopen.rss").longValue()).isGreaterThan(10L << 20);
            assertThat(reopen.get("reopen.goHeap").longValue()).isPositive();
            assertThat(t.keyCount()).isEqualTo(keys);
        }
    }

    @Test
    void watchersThatStopShortOfTheWritesFailTheRow() {
        try (EtcdTarget t = EtcdTarget.open(1, dir.resolve("data"), 100_000)) {
            t.watch(List.of(new byte[0]));
            for (int i = 0; i < 10; i++) {
                t.put(key(i), new byte[10]);
            }
            t.flush();
            assertThatThrownBy(() -> t.awaitWatchEvents(11, Duration.ofSeconds(2)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("etcd: the watchers delivered 10 of 11 events and none for 2 s: a watcher fell behind");
        }
    }
}
