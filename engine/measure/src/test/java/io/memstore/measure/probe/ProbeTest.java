package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.StoreSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The probe in this JVM: counts are exact; memory figures only sane (the forked tests check them). */
class ProbeTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void readWithoutSettling() {
        System.setProperty(SettledState.SETTLE_PROPERTY, "0"); // the settle test below sets its own
    }

    @AfterAll
    static void restore() {
        System.clearProperty(SettledState.SETTLE_PROPERTY);
    }

    private Map<String, Number> run(RowParams p, List<String> phases) {
        ProbeArgs args = new ProbeArgs(new Row("t", p), dir.resolve("r.json"), dir.resolve("data"), 2000);
        return new Probe(args, phases::add).run();
    }

    @Test
    void buildsDeletesAndCompactsAsTheRowSays() {
        List<String> phases = new ArrayList<>();
        Map<String, Number> m = run(RowParams.builder("w").keys(2000).versions(3).keySize(32).valueSize(0)
                .store(StoreKind.NONE).index(IndexKind.REFERENCE).seed(9).deletes(0.25).compact(true).build(), phases);
        assertThat(m.get(Metrics.LOAD_PUTS)).isEqualTo(6000L);
        assertThat(m.get(Metrics.LOAD_DELETES)).isEqualTo(500L);
        // compaction at the last revision drops the deleted keys and all but the last revision of the others
        assertThat(m.get(Metrics.INDEX_KEYS)).isEqualTo(1500L);
        assertThat(m.get(Metrics.INDEX_REVISIONS)).isEqualTo(1500L);
        assertThat(m.get(Metrics.COMPACT_SECONDS).doubleValue()).isGreaterThanOrEqualTo(0);
        assertThat(m.get(Metrics.STORE_FILE_SIZE)).isEqualTo(0L);
        assertThat(m.get(Metrics.GET_COUNT)).isEqualTo(2000L);
        assertThat(m.get(Metrics.GET_OPS_PER_SECOND).doubleValue()).isPositive();
        assertThat(m.get(Metrics.INDEX_ALLOCATED).longValue()).isPositive();
        assertThat(phases).contains("baseline", "compacting", "settling", "measuring heap").anyMatch(s -> s.startsWith("loading "));
        // an index alone has no file to reopen: its progress never says it reopens
        assertThat(phases).doesNotContain("reopening");
        assertThat(m.get(Metrics.REOPEN_SECONDS)).isNull();
    }

    @Test
    void withoutDeletesOrCompactionEveryRevisionStays() {
        Map<String, Number> m = run(RowParams.builder("w").keys(1000).versions(2).keySize(16).valueSize(0)
                .keyPattern(KeyPattern.SEQUENTIAL).store(StoreKind.NONE).index(IndexKind.REFERENCE)
                .build(), new ArrayList<>());
        assertThat(m.get(Metrics.INDEX_KEYS)).isEqualTo(1000L);
        assertThat(m.get(Metrics.INDEX_REVISIONS)).isEqualTo(2000L);
        assertThat(m.get(Metrics.COMPACT_SECONDS)).isNull();
    }

    @Test
    void deletingEveryKeyLeavesNothingToGet() {
        Map<String, Number> m = run(RowParams.builder("w").keys(100).keySize(16).valueSize(0).store(StoreKind.NONE)
                .index(IndexKind.REFERENCE).deletes(1.0).compact(true).build(), new ArrayList<>());
        assertThat(m.get(Metrics.INDEX_KEYS)).isEqualTo(0L);
        assertThat(m.get(Metrics.GET_OPS_PER_SECOND)).isNull();
    }

    @Test
    void theClassAccountOpensItsEmptyTargetOnlyAfterEveryTimedCallAndClosesBoth() {
        io.memstore.measure.fixture.CallOrderTarget.reset();
        Map<String, Number> m = run(RowParams.builder("w").keys(500).keySize(16).valueSize(8).store(StoreKind.NONE)
                .system(io.memstore.measure.spec.SystemKind.of("io.memstore.measure.fixture.CallOrderTarget"))
                .build(), new ArrayList<>());
        assertThat(m.get(Metrics.REOPEN_SECONDS)).isNotNull();
        // the measured instance is read and reopened before the empty one exists: neither timing sees it; its own
        // count of its bytes is read once, with the RSS, before any get
        assertThat(io.memstore.measure.fixture.CallOrderTarget.CALLS)
                .containsExactly("new#1", "native#1", "get#1", "reopen#1", "new#2", "close#1", "close#2");
        assertThat(m.get(Metrics.STORE_NATIVE_BYTES)).isEqualTo(500L * 8);
        assertThat(dir.resolve("data").resolve(Probe.EMPTY_TARGET_DIR)).doesNotExist();
    }

    @Test
    void storeRowsPutValuesIntoSqlite() {
        List<String> phases = new ArrayList<>();
        Map<String, Number> m = run(RowParams.builder("w").keys(2000).versions(2).keySize(32).valueSize(100)
                .keyPattern(KeyPattern.HIERARCHICAL).index(IndexKind.REFERENCE).seed(3).deletes(0.1).compact(true)
                .build(), phases);
        assertThat(phases).endsWith("reopening", "class account");
        if (m.get(Metrics.PROCESS_RSS) != null) { // Linux
            assertThat(m.get(Metrics.PROCESS_RSS_GROWTH).longValue()).isEqualTo(m.get(Metrics.PROCESS_RSS).longValue()
                    - m.get(Metrics.JVM_BASELINE_RSS).longValue());
        }
        assertThat(m.get(Metrics.REOPEN_SECONDS).doubleValue()).isPositive();
        assertThat(m.get(Metrics.STORE_NATIVE_BYTES)).isNull(); // memstore's store counts nothing outside the heap
        assertThat(m.get(Metrics.LOAD_PUTS)).isEqualTo(4000L);
        assertThat(m.get(Metrics.LOAD_DELETES)).isEqualTo(200L);
        assertThat(m.get(Metrics.INDEX_KEYS)).isEqualTo(1800L);
        assertThat(m.get(Metrics.INDEX_REVISIONS)).isEqualTo(1800L);
        // at least the 1,800 live 100 B values stay in the file after compaction
        assertThat(m.get(Metrics.STORE_FILE_SIZE).longValue()).isGreaterThan(1800L * 100);
        assertThat(m.get(Metrics.GET_OPS_PER_SECOND).doubleValue()).isPositive();
        assertThat(dir.resolve("data").resolve(StoreTarget.FILE_NAME)).exists();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void rssIsReadAfterTheSettleTimeAndWithFreedNativeMemoryReturned() {
        System.setProperty(SettledState.SETTLE_PROPERTY, "300");
        try {
            List<String> phases = new ArrayList<>();
            Map<String, Number> m = run(RowParams.builder("w").keys(2000).keySize(32).valueSize(100).seed(3)
                    .build(), phases);
            assertThat(m.get(Metrics.SETTLE_MILLIS).longValue()).isGreaterThanOrEqualTo(300);
            assertThat(m.get(Metrics.SETTLE_TRIMMED)).isEqualTo(1);
            assertThat(phases).containsSubsequence("baseline", "settling", "measuring heap");
            assertThat(m.get(Metrics.PROCESS_PEAK_RSS).longValue()).isGreaterThanOrEqualTo(
                    m.get(Metrics.PROCESS_RSS).longValue());
        } finally {
            System.setProperty(SettledState.SETTLE_PROPERTY, "0");
        }
    }

    @Test
    void finishingAStoreLeavesNoWriteAheadLogFrames() throws Exception {
        Path data = dir.resolve("wal");
        try (StoreTarget t = StoreTarget.open(data, io.memstore.store.internal.index.BTreeIndex::new, StoreSettings.DEFAULTS)) {
            for (int i = 0; i < 5000; i++) {
                t.put(("key-" + i).getBytes(StandardCharsets.US_ASCII), new byte[200]);
            }
            Path wal = data.resolve(StoreTarget.FILE_NAME + "-wal");
            t.flush();
            // checkpointed and truncated while the store stays open: every value is in the database file
            assertThat(Files.exists(wal) ? Files.size(wal) : 0L).isZero();
            assertThat(Files.size(data.resolve(StoreTarget.FILE_NAME))).isGreaterThan(5000L * 200);
            assertThat(t.get("key-4999".getBytes(StandardCharsets.US_ASCII))).isTrue();
        }
    }

    @Test
    void rowsThatCannotBeBuiltAreRejectedBeforeBuilding() {
        assertThatThrownBy(() -> run(RowParams.builder("w").keys(5000).keySize(2).valueSize(0)
                .keyPattern(KeyPattern.SEQUENTIAL).store(StoreKind.NONE).index(IndexKind.REFERENCE)
                .build(), new ArrayList<>()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keySize >= 4 B");
        assertThatThrownBy(() -> run(RowParams.builder("w").keys(0).keySize(8).valueSize(0).store(StoreKind.NONE)
                .index(IndexKind.REFERENCE).build(), new ArrayList<>()))
                .hasMessageContaining("keys must be in 1..");
        assertThatThrownBy(() -> run(RowParams.builder("w").keys(10).versions(0).keySize(8).valueSize(0)
                .store(StoreKind.NONE).index(IndexKind.REFERENCE).build(), new ArrayList<>()))
                .hasMessageContaining("versions must be at least 1, was 0");
    }
}
