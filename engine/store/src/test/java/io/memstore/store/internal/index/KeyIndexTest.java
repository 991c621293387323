package io.memstore.store.internal.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.KeyNotFoundException;
import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cases in the spirit of etcd's key_index_test. The history used throughout:
 * <pre>
 *   {2.0 4.0 6.0t}  {8.0 10.0 12.0t}  {14.0 14.1 16.0t}  {}
 * </pre>
 */
class KeyIndexTest {

    static long r(long main) {
        return Revision.pack(main, 0);
    }

    static long r(long main, long sub) {
        return Revision.pack(main, sub);
    }

    static KeyIndex history() {
        KeyIndex ki = new KeyIndex("foo".getBytes());
        ki.put(r(2));
        ki.put(r(4));
        ki.tombstone(r(6));
        ki.put(r(8));
        ki.put(r(10));
        ki.tombstone(r(12));
        ki.put(r(14));
        ki.put(r(14, 1));
        ki.tombstone(r(16));
        return ki;
    }

    @Test
    void getFindsTheGenerationAliveAtTheRevision() {
        KeyIndex ki = history();
        assertThat(ki.get(1)).isNull();
        assertThat(ki.get(2)).isEqualTo(new KeyState(r(2), r(2), 1));
        assertThat(ki.get(5)).isEqualTo(new KeyState(r(4), r(2), 2));
        assertThat(ki.get(6)).as("deleted at 6").isNull();
        assertThat(ki.get(7)).isNull();
        assertThat(ki.get(9)).isEqualTo(new KeyState(r(8), r(8), 1));
        assertThat(ki.get(11)).isEqualTo(new KeyState(r(10), r(8), 2));
        assertThat(ki.get(12)).isNull();
        assertThat(ki.get(14)).as("the last sub of main 14").isEqualTo(new KeyState(r(14, 1), r(14), 2));
        assertThat(ki.get(15)).isEqualTo(new KeyState(r(14, 1), r(14), 2));
        assertThat(ki.get(16)).isNull();
        assertThat(ki.get(100)).isNull();
    }

    @Test
    void getAfterCompactionKeepsVersionsAndCreatedRevision() {
        KeyIndex ki = history();
        ki.compact(4, rev -> { });
        assertThat(ki.get(3)).as("compacted away").isNull();
        assertThat(ki.get(4)).isEqualTo(new KeyState(r(4), r(2), 2));
        assertThat(ki.get(5)).isEqualTo(new KeyState(r(4), r(2), 2));
        assertThat(ki.get(10)).isEqualTo(new KeyState(r(10), r(8), 2));
    }

    /** What stays at each compaction revision of {@link #history()}. */
    static List<Long> expectedKeep(long atRev) {
        if (atRev < 2) {
            return List.of();
        }
        if (atRev < 4) {
            return List.of(r(2));
        }
        if (atRev < 6) {
            return List.of(r(4));
        }
        if (atRev < 8) {
            return List.of();
        }
        if (atRev < 10) {
            return List.of(r(8));
        }
        if (atRev < 12) {
            return List.of(r(10));
        }
        if (atRev < 14) {
            return List.of();
        }
        if (atRev < 16) {
            return List.of(r(14, 1));
        }
        return List.of();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
    void compactAndKeepAgreeOnWhatStays(long atRev) {
        KeyIndex forKeep = history();
        List<Long> kept = new ArrayList<>();
        forKeep.keep(atRev, kept::add);
        assertThat(kept).isEqualTo(expectedKeep(atRev));
        assertThat(forKeep.toString()).as("keep changes nothing").isEqualTo(history().toString());

        KeyIndex ki = history();
        List<Long> compacted = new ArrayList<>();
        ki.compact(atRev, compacted::add);
        assertThat(compacted).isEqualTo(expectedKeep(atRev));
        assertThat(ki.isEmpty()).isEqualTo(atRev >= 16);
    }

    @Test
    void compactingStepByStepGivesTheSameAnswersAsCompactingOnce() {
        KeyIndex stepwise = history();
        for (long atRev = 1; atRev <= 17; atRev++) {
            List<Long> kept = new ArrayList<>();
            stepwise.compact(atRev, kept::add);
            assertThat(kept).as("compact at %d", atRev).isEqualTo(expectedKeep(atRev));
            for (long read = atRev; read <= 17; read++) {
                assertThat(stepwise.get(read)).as("get at %d after compact at %d", read, atRev)
                        .isEqualTo(history().get(read));
            }
        }
        assertThat(stepwise.isEmpty()).isTrue();
    }

    @Test
    void compactionDropsTombstonedGenerationsAndTheirMemory() {
        KeyIndex ki = history();
        assertThat(ki.revisionCount()).isEqualTo(9);
        ki.compact(13, rev -> { });
        assertThat(ki.revisionCount()).as("only the third generation is left").isEqualTo(3);
        ki.compact(15, rev -> { });
        assertThat(ki.revisionCount()).isEqualTo(2);
    }

    @Test
    void sinceGivesTheLastChangeOfEachTransaction() {
        KeyIndex ki = history();
        assertThat(ki.since(1)).containsExactly(r(2), r(4), r(6), r(8), r(10), r(12), r(14, 1), r(16));
        assertThat(ki.since(9)).containsExactly(r(10), r(12), r(14, 1), r(16));
        assertThat(ki.since(17)).isEmpty();
    }

    @Test
    void putMustMoveForward() {
        KeyIndex ki = new KeyIndex("k".getBytes());
        ki.put(r(5));
        assertThatThrownBy(() -> ki.put(r(5))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5.0 is not after the key's last change 5.0");
        assertThatThrownBy(() -> ki.put(r(4))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tombstoneOfADeadKeyIsRefused() {
        KeyIndex ki = new KeyIndex("k".getBytes());
        assertThatThrownBy(() -> ki.tombstone(r(1))).isInstanceOf(KeyNotFoundException.class);
        ki.put(r(1));
        ki.tombstone(r(2));
        assertThatThrownBy(() -> ki.tombstone(r(3))).isInstanceOf(KeyNotFoundException.class);
        ki.put(r(3));
        assertThat(ki.get(3)).isEqualTo(new KeyState(r(3), r(3), 1));
    }

    @Test
    void restoreStartsAGenerationWithTheStoredCreatedRevisionAndVersion() {
        KeyIndex ki = new KeyIndex("k".getBytes());
        ki.restore(r(3), r(7), 4);
        ki.put(r(9));
        assertThat(ki.get(7)).isEqualTo(new KeyState(r(7), r(3), 4));
        assertThat(ki.get(9)).isEqualTo(new KeyState(r(9), r(3), 5));
        ki.tombstone(r(10));
        ki.restore(r(11), r(11), 1);
        assertThat(ki.get(11)).isEqualTo(new KeyState(r(11), r(11), 1));
        assertThatThrownBy(() -> new KeyIndex("x".getBytes()).restore(r(8), r(7), 1))
                .hasMessageContaining("inconsistent row at 7.0");
    }
}
