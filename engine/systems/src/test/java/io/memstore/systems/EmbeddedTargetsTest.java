package io.memstore.systems;

import io.memstore.measure.probe.LoadTarget;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** H2's MVStore and RocksDB through the probe's target contract. */
class EmbeddedTargetsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {SystemTargets.H2, SystemTargets.ROCKSDB})
    void overwritesKeepTheLatestValueDeletesRemoveAndFilesGrow(String system) {
        Path data = dir.resolve("data");
        byte[] value = new byte[256];
        java.util.Random random = new java.util.Random(1);
        try (LoadTarget t = new SystemTargets().open(system, null, data)) {
            for (int v = 0; v < 3; v++) {
                for (int i = 0; i < 2_000; i++) {
                    random.nextBytes(value); // incompressible (RocksDB compresses); one buffer, which targets copy
                    t.put(key(i), value);
                }
            }
            t.delete(key(5));
            t.flush();
            assertThat(t.keyCount()).isEqualTo(1_999);
            assertThat(t.revisionCount()).isEqualTo(6_001);
            assertThat(t.get(key(4))).isTrue();
            assertThat(t.get(key(5))).isFalse();
            assertThat(t.get(key(2_000))).isFalse();
            assertThat(t.fileSize()).isGreaterThan(1_999L * 256);
            t.compact();
            assertThat(t.get(key(1_999))).isTrue();
            assertThat(t.keyCount()).isEqualTo(1_999);
            // reopen: closed and opened again from its files, every key still there
            long before = System.nanoTime();
            java.util.Map<String, Number> reopen = t.timedReopen();
            long took = System.nanoTime() - before;
            assertThat(reopen.keySet()).containsExactly("reopen.seconds");
            // in seconds: within the call's own time, however long a busy machine makes it
            assertThat(reopen.get("reopen.seconds").doubleValue()).isPositive().isLessThanOrEqualTo(took / 1e9);
            assertThat(t.keyCount()).isEqualTo(1_999);
            assertThat(t.get(key(1_998))).isTrue();
            assertThat(t.get(key(5))).isFalse();
        }
        // a second target over the same directory is refused, never mixed with the first's data
        assertThatThrownBy(() -> new SystemTargets().open(system, null, data))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exists already");
    }

    @ParameterizedTest
    @ValueSource(strings = {SystemTargets.H2, SystemTargets.ROCKSDB})
    void theStoredValueIsTheOneWrittenNotTheReusedBuffer(String system) throws Exception {
        Path data = dir.resolve("v");
        byte[] buffer = "first".getBytes(StandardCharsets.US_ASCII);
        try (LoadTarget t = new SystemTargets().open(system, null, data)) {
            t.put(key(1), buffer);
            buffer[0] = 'X';
            t.flush();
            assertThat(read(t, system, key(1))).isEqualTo("first");
        }
    }

    @org.junit.jupiter.api.Test
    void rocksDbCountsItsMemtablesAndTheIndexBlocksOfItsTables() {
        byte[] value = new byte[512];
        java.util.Random random = new java.util.Random(2);
        long[] flushed = new long[2];
        for (int size = 0; size < 2; size++) {
            int keys = size == 0 ? 10_000 : 40_000;
            try (LoadTarget t = new SystemTargets().open(SystemTargets.ROCKSDB, null, dir.resolve("n" + size))) {
                // nothing written, nothing read: no table, no cached block, an empty memtable's first allocation
                long empty = t.nativeBytes();
                assertThat(empty).isNotNegative().isLessThan(1 << 20);
                for (int i = 0; i < keys; i++) {
                    random.nextBytes(value);
                    t.put(key(i), value);
                }
                // before the flush the memtable holds every value
                assertThat(t.nativeBytes()).isGreaterThanOrEqualTo((long) keys * value.length);
                t.flush();
                flushed[size] = t.nativeBytes();
            }
        }
        // after it, the table's index blocks: a few bytes per key, more with more keys
        assertThat(flushed[0]).isPositive().isLessThan(10_000L * 64);
        assertThat(flushed[1]).isGreaterThan(2 * flushed[0]).isLessThan(40_000L * 64);
    }

    /**
     * In a fresh JVM, as in a probe: the library goes into the row's directory and none into the temporary one,
     * so a probe killed outright leaves no copy of it behind.
     */
    @org.junit.jupiter.api.Test
    void rocksDbsNativeLibraryIsExtractedIntoTheRowsDirectory() throws Exception {
        Path data = dir.resolve("n");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(java, "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                OpenRocksDbMain.class.getName(), data.toString()).redirectErrorStream(true).start();
        try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("open");
            try (var files = Files.list(data)) {
                assertThat(files.map(f -> f.getFileName().toString())).anyMatch(n -> n.startsWith("librocksdbjni"));
            }
            assertThat(tmp).isEmptyDirectory();
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    /** Opens a RocksDB target, says so, and waits to be killed. */
    public static final class OpenRocksDbMain {
        public static void main(String[] args) throws InterruptedException {
            try (LoadTarget t = new SystemTargets().open(SystemTargets.ROCKSDB, null, Path.of(args[0]))) {
                t.put(key(1), new byte[1]);
                t.flush();
                System.out.println("open");
                System.out.flush();
                Thread.sleep(60_000);
            }
        }
    }

    private static String read(LoadTarget t, String system, byte[] key) throws Exception {
        byte[] v = switch (system) {
            case SystemTargets.H2 -> ((org.h2.mvstore.MVStore) t.retained()).<byte[], byte[]>openMap("kv").get(key);
            default -> ((org.rocksdb.RocksDB) t.retained()).get(key);
        };
        return new String(v, StandardCharsets.US_ASCII);
    }

    private static byte[] key(int i) {
        return String.format("key-%08d", i).getBytes(StandardCharsets.US_ASCII);
    }
}
