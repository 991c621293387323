package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.KeyState;
import io.memstore.store.internal.index.ReferenceIndex;
import io.memstore.store.RevisionIndex;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The benchmark bodies, called directly on a small N (no JMH run): they do the work they claim to measure. */
class IndexBenchmarkTest {
    private static final int N = 2_000;

    @ParameterizedTest
    @ValueSource(strings = {"btree", "reference"})
    void getFindsEveryStoredKeyAtTheLatestRevisionAndWrapsAround(String index) {
        IndexBenchmark.Filled filled = new IndexBenchmark.Filled();
        filled.index = index;
        filled.keys = N;
        filled.fill();
        assertThat(filled.built.keyCount()).isEqualTo(N);
        assertThat(filled.latest).isEqualTo(N);

        IndexBenchmark bench = new IndexBenchmark();
        IndexBenchmark.Cursor cursor = new IndexBenchmark.Cursor();
        Set<Long> revisions = new HashSet<>();
        for (int i = 0; i < N; i++) {
            KeyState s = bench.get(filled, cursor);
            assertThat(s).as("get #%d", i).isNotNull();
            assertThat(s.version()).isEqualTo(1);
            revisions.add(s.modRevision());
        }
        assertThat(revisions).as("every key once, in some order").hasSize(N);
        assertThat(cursor.next).isZero();
    }

    @Test
    void lookupsAreTheStoredKeysInTheShuffledOrderNotInInsertionOrder() {
        IndexBenchmark.Filled filled = new IndexBenchmark.Filled();
        filled.index = "reference";
        filled.keys = 100;
        filled.fill();
        byte[][] stored = Workload.keys(100);
        int[] order = Workload.shuffled(100);
        int inPlace = 0;
        for (int i = 0; i < 100; i++) {
            assertThat(filled.lookups[i]).isEqualTo(stored[order[i]]);
            inPlace += order[i] == i ? 1 : 0;
        }
        assertThat(inPlace).isLessThan(10);
    }

    @ParameterizedTest
    @ValueSource(strings = {"btree", "reference"})
    void putBuildsANewIndexOfAllKeysEveryCallAndCountsThePuts(String index) {
        IndexBenchmark.Keys keys = new IndexBenchmark.Keys();
        keys.index = index;
        keys.keys = N;
        keys.make();
        IndexBenchmark bench = new IndexBenchmark();
        IndexBenchmark.Puts puts = new IndexBenchmark.Puts();

        RevisionIndex first = bench.put(keys, puts);
        RevisionIndex second = bench.put(keys, puts);

        assertThat(second).isNotSameAs(first);
        assertThat(first).isInstanceOf(index.equals("btree") ? BTreeIndex.class : ReferenceIndex.class);
        assertThat(first.keyCount()).isEqualTo(N);
        assertThat(second.keyCount()).isEqualTo(N);
        assertThat(second.get(keys.ordered[N - 1], N).modRevision()).isEqualTo(first.get(keys.ordered[N - 1], N)
                .modRevision());
        assertThat(puts.puts).isEqualTo(2L * N);
    }

    @Test
    void anUnknownIndexNameIsRejectedByName() {
        IndexBenchmark.Keys keys = new IndexBenchmark.Keys();
        keys.index = "skiplist";
        keys.keys = 1;
        assertThatThrownBy(keys::newIndex).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index must be btree or reference, was 'skiplist'");
    }
}
