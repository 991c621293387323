package io.memstore.systems;

import io.memstore.measure.probe.ProcMemory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Real etcd members on loopback; skipped where no etcd program is installed. */
class EtcdClusterTest {
    private static final Duration START = Duration.ofSeconds(30);
    private static Path etcd;

    @TempDir
    Path dir;

    @BeforeAll
    static void findEtcd() {
        try {
            etcd = EtcdBinary.locate();
        } catch (SystemUnavailableException e) {
            etcd = null;
        }
        assumeTrue(etcd != null, "no etcd program: " + EtcdBinary.HOW_TO_INSTALL);
    }

    @Test
    void oneMemberServesIsMeasuredAndLeavesNothingBehind() {
        EtcdCluster cluster = EtcdCluster.start(etcd, 1, dir, START);
        EtcdMember m = cluster.members().get(0);
        long pid = m.pid();
        try (EtcdKv kv = new EtcdKv(cluster.endpoints(), Duration.ofSeconds(30))) {
            for (int i = 0; i < 500; i++) {
                kv.put(("key-" + i).getBytes(StandardCharsets.US_ASCII), new byte[256]);
            }
            kv.awaitWrites();
            assertThat(kv.acknowledged()).isEqualTo(500);
            assertThat(kv.keyCount()).isEqualTo(500);
            assertThat(kv.exists("key-7".getBytes(StandardCharsets.US_ASCII))).isTrue();
            assertThat(kv.exists("key-x".getBytes(StandardCharsets.US_ASCII))).isFalse();
            kv.delete("key-7".getBytes(StandardCharsets.US_ASCII));
            kv.awaitWrites();
            assertThat(kv.exists("key-7".getBytes(StandardCharsets.US_ASCII))).isFalse();
            assertThat(kv.lastRevision()).isEqualTo(502); // revision 1 is the empty store's
            kv.compactAll();
        }
        ProcMemory memory = m.memory();
        assertThat(memory.rss()).isGreaterThan(10L << 20);
        assertThat(memory.peakRss()).isGreaterThanOrEqualTo(memory.rss());
        assertThat(memory.rssAnon()).isPositive();
        var metrics = m.metrics();
        assertThat(metrics).containsKeys(EtcdMember.METRIC_RSS, EtcdMember.METRIC_GO_HEAP_INUSE,
                EtcdMember.METRIC_DB_SIZE);
        assertThat(metrics.get(EtcdMember.METRIC_HAS_LEADER)).isEqualTo(1.0);
        assertThat(m.dataSize()).isGreaterThan(500 * 256);

        assertThat(cluster.stop()).as("members needing SIGKILL").isEmpty();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
        assertThat(cluster.dir()).doesNotExist();
        assertThat(cluster.stop()).isEmpty(); // a second stop does nothing
    }

    @Test
    void threeMembersFormOneClusterOnDistinctPorts() {
        try (EtcdCluster cluster = EtcdCluster.start(etcd, 3, dir, START)) {
            List<EtcdMember> members = cluster.members();
            assertThat(members).extracting(EtcdMember::name).containsExactly("m1", "m2", "m3");
            assertThat(members.stream().map(EtcdMember::clientPort).distinct()).hasSize(3);
            // a write through one member is read through another: they are one cluster
            try (EtcdKv one = new EtcdKv(List.of(members.get(0).clientUrl()), Duration.ofSeconds(30));
                 EtcdKv three = new EtcdKv(List.of(members.get(2).clientUrl()), Duration.ofSeconds(30))) {
                one.put(new byte[] {1, 2, 3}, new byte[] {4});
                one.awaitWrites();
                assertThat(three.exists(new byte[] {1, 2, 3})).isTrue();
            }
            for (EtcdMember m : members) {
                assertThat(m.metrics().get(EtcdMember.METRIC_HAS_LEADER)).isEqualTo(1.0);
            }
        }
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aRestartKeepsEveryKeyOnNewProcessesAndASnapshotCountTakesSnapshots() throws IOException {
        try (EtcdCluster cluster = EtcdCluster.start(etcd, 1, dir, START, 100);
             EtcdKv kv = new EtcdKv(cluster.endpoints(), Duration.ofSeconds(30))) {
            for (int i = 0; i < 300; i++) {
                kv.put(("key-" + i).getBytes(StandardCharsets.US_ASCII), new byte[64]);
            }
            kv.awaitWrites();
            EtcdMember before = cluster.members().get(0);
            // --snapshot-count 100: 300 puts leave snapshot files (member/snap/<term>-<index>.snap)
            try (var snaps = Files.list(before.dataDir().resolve("member/snap"))) {
                assertThat(snaps.filter(f -> f.getFileName().toString().endsWith(".snap"))).isNotEmpty();
            }
            Duration took = cluster.restart(START);
            EtcdMember after = cluster.members().get(0);
            assertThat(after.pid()).isNotEqualTo(before.pid());
            assertThat(before.isAlive()).isFalse();
            assertThat(after.clientPort()).isEqualTo(before.clientPort());
            assertThat(took).isPositive().isLessThan(START);
            assertThat(after.memory().rss()).isGreaterThan(10L << 20);
            assertThat(kv.keyCount()).isEqualTo(300);
            assertThat(kv.exists("key-299".getBytes(StandardCharsets.US_ASCII))).isTrue();
        }
        assertThat(dir).isEmptyDirectory();
        assertThatThrownBy(() -> EtcdCluster.start(etcd, 1, dir, START, 0)).hasMessageContaining("at least 1");
    }

    @Test
    void aMemberKilledMidLoadFailsTheLoadClearlyAndAtOnce() {
        try (EtcdCluster cluster = EtcdCluster.start(etcd, 1, dir, START);
             EtcdKv kv = new EtcdKv(cluster.endpoints(), Duration.ofSeconds(60), cluster::checkAlive)) {
            EtcdMember m = cluster.members().get(0);
            // told by the liveness check or the closed connection, the messages below; the 60 s request timeout
            // would end the load with DEADLINE_EXCEEDED instead
            assertThatThrownBy(() -> {
                for (int i = 0; i < 100_000; i++) {
                    kv.put(("k" + i).getBytes(StandardCharsets.US_ASCII), new byte[16]);
                    if (i == 200) {
                        m.kill();
                    }
                }
                kv.awaitWrites();
            }).isInstanceOf(IllegalStateException.class).message().matches("(?s)etcd member m1 \\(pid " + m.pid()
                    + "\\) has ended.*|etcd: a write failed after \\d+ were answered: .*UNAVAILABLE.*");
            assertThatThrownBy(m::memory).hasMessageContaining("has ended");
        }
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aProgramThatNeverBecomesHealthyIsStoppedAndRemoved() throws IOException {
        Path fake = Files.writeString(dir.resolve("etcd"), "#!/bin/sh\necho pretending to be etcd\nexec sleep 600\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path parent = Files.createDirectories(dir.resolve("rows"));
        assertThatThrownBy(() -> EtcdCluster.start(fake, 1, parent, Duration.ofSeconds(1)))
                .isInstanceOf(SystemUnavailableException.class)
                .hasMessageContaining("member m1 of 1 was not healthy within 1 s")
                .hasMessageContaining("pretending to be etcd");
        assertThat(parent).isEmptyDirectory();
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().orElse("").endsWith("sleep"))).isEmpty();
    }

    @Test
    void aProgramThatExitsAtOnceIsReportedWithItsOutput() throws IOException {
        Path fake = Files.writeString(dir.resolve("etcd"), "#!/bin/sh\necho 'flag provided but not defined' >&2\n"
                + "exit 2\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path parent = Files.createDirectories(dir.resolve("rows"));
        assertThatThrownBy(() -> EtcdCluster.start(fake, 1, parent, START))
                .hasMessageContaining("has ended (exit code 2)")
                .hasMessageContaining("flag provided but not defined");
        assertThat(parent).isEmptyDirectory();
    }

    /** A JVM killed outright (no shutdown hook runs) takes its members with it: the kernel's parent-death signal. */
    @Test
    void aKilledJvmLeavesNoMemberRunning() throws Exception {
        Path pidFile = dir.resolve("pids");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                StartClusterMain.class.getName(), etcd.toString(), dir.resolve("rows").toString(), pidFile.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(pidFile) && System.nanoTime() < deadline && child.isAlive()) {
            Thread.sleep(50);
        }
        assertThat(pidFile).as(Files.readString(dir.resolve("child.log"))).exists();
        List<Long> pids = Files.readAllLines(pidFile).stream().map(Long::parseLong).toList();
        assertThat(pids).hasSize(3);
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        for (long pid : pids) {
            Optional<ProcessHandle> h = ProcessHandle.of(pid);
            if (h.isPresent()) {
                assertThat(h.get().onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
            }
        }
    }

    /** Starts a 3-member cluster, writes the member pids to a file, then waits to be killed. */
    public static final class StartClusterMain {
        public static void main(String[] args) throws Exception {
            EtcdCluster cluster = EtcdCluster.start(Path.of(args[0]), 3, Path.of(args[1]), START);
            Path tmp = Path.of(args[2] + ".tmp");
            Files.write(tmp, cluster.members().stream().map(m -> Long.toString(m.pid())).toList());
            Files.move(tmp, Path.of(args[2]));
            Thread.sleep(600_000);
        }
    }
}
