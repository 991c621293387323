package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    private Map<String, Number> run(RowParams p, List<String> phases) {
        ProbeArgs args = new ProbeArgs(new Row("t", p), dir.resolve("r.json"), dir.resolve("data"), 2000);
        return new Probe(args, phases::add).run();
    }

    @Test
    void buildsDeletesAndCompactsAsTheRowSays() {
        List<String> phases = new ArrayList<>();
        Map<String, Number> m = run(new RowParams("w", 2000, 3, 32, 0, KeyPattern.RANDOM, StoreKind.NONE,
                IndexKind.REFERENCE, 9, 1, 0.25, true), phases);
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
        assertThat(phases).contains("baseline", "compacting", "measuring heap").anyMatch(s -> s.startsWith("loading "));
    }

    @Test
    void withoutDeletesOrCompactionEveryRevisionStays() {
        Map<String, Number> m = run(new RowParams("w", 1000, 2, 16, 0, KeyPattern.SEQUENTIAL, StoreKind.NONE,
                IndexKind.REFERENCE, 1, 1, 0, false), new ArrayList<>());
        assertThat(m.get(Metrics.INDEX_KEYS)).isEqualTo(1000L);
        assertThat(m.get(Metrics.INDEX_REVISIONS)).isEqualTo(2000L);
        assertThat(m.get(Metrics.COMPACT_SECONDS)).isNull();
    }

    @Test
    void deletingEveryKeyLeavesNothingToGet() {
        Map<String, Number> m = run(new RowParams("w", 100, 1, 16, 0, KeyPattern.RANDOM, StoreKind.NONE,
                IndexKind.REFERENCE, 1, 1, 1.0, true), new ArrayList<>());
        assertThat(m.get(Metrics.INDEX_KEYS)).isEqualTo(0L);
        assertThat(m.get(Metrics.GET_OPS_PER_SECOND)).isNull();
    }

    @Test
    void storeRowsPutValuesIntoSqlite() {
        Map<String, Number> m = run(new RowParams("w", 2000, 2, 32, 100, KeyPattern.HIERARCHICAL, StoreKind.SQLITE,
                IndexKind.REFERENCE, 3, 1, 0.1, true), new ArrayList<>());
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
    void rowsThatCannotBeBuiltAreRejectedBeforeBuilding() {
        assertThatThrownBy(() -> run(new RowParams("w", 5000, 1, 2, 0, KeyPattern.SEQUENTIAL, StoreKind.NONE,
                IndexKind.REFERENCE, 1, 1, 0, false), new ArrayList<>()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keySize >= 4 B");
        assertThatThrownBy(() -> run(new RowParams("w", 0, 1, 8, 0, KeyPattern.RANDOM, StoreKind.NONE,
                IndexKind.REFERENCE, 1, 1, 0, false), new ArrayList<>()))
                .hasMessageContaining("keys must be in 1..");
        assertThatThrownBy(() -> run(new RowParams("w", 10, 0, 8, 0, KeyPattern.RANDOM, StoreKind.NONE,
                IndexKind.REFERENCE, 1, 1, 0, false), new ArrayList<>()))
                .hasMessageContaining("versions must be at least 1, was 0");
    }
}
