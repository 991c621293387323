package io.memstore.measure.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.Shard;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shards' rows: every row once, in the spec's order, balanced by cost, the same every time. */
class ShardPartitionTest {
    private static List<Row> defaultRows() throws Exception {
        return SpecLoader.loadDefault().rows();
    }

    @Test
    void everyRowIsInExactlyOneShardInTheSpecsOrder() throws Exception {
        List<Row> rows = defaultRows();
        for (int n = 1; n <= 14; n++) {
            List<List<Row>> parts = ShardPartition.partition(rows, n);
            assertThat(parts).hasSize(n);
            List<Row> all = new ArrayList<>();
            parts.forEach(all::addAll);
            assertThat(all).containsExactlyInAnyOrderElementsOf(rows);
            for (List<Row> part : parts) {
                assertThat(part).isSortedAccordingTo((a, b) -> Integer.compare(rows.indexOf(a), rows.indexOf(b)));
            }
            for (int k = 1; k <= n; k++) {
                assertThat(ShardPartition.rowsOf(rows, new Shard(k, n))).isEqualTo(parts.get(k - 1));
            }
        }
    }

    @Test
    void theSamePartitionEveryTime() throws Exception {
        assertThat(ShardPartition.partition(defaultRows(), 3)).isEqualTo(ShardPartition.partition(defaultRows(), 3));
    }

    @Test
    void theCostliestRowsGoToDifferentShardsAndNoShardCarriesMuchMoreThanItsShare() throws Exception {
        List<Row> rows = defaultRows();
        Row biggest = rows.stream().filter(r -> r.name().equals("overall/keys=1M,versions=5")).findFirst().orElseThrow();
        Row next = rows.stream().filter(r -> r.name().equals("overall/keys=1M,versions=1")).findFirst().orElseThrow();
        assertThat(ShardPartition.cost(biggest)).isGreaterThan(ShardPartition.cost(next));
        List<List<Row>> parts = ShardPartition.partition(rows, 3);
        assertThat(parts.stream().filter(p -> p.contains(biggest) || p.contains(next))).hasSize(2);
        double total = rows.stream().mapToDouble(ShardPartition::cost).sum();
        double max = parts.stream().mapToDouble(p -> p.stream().mapToDouble(ShardPartition::cost).sum()).max()
                .orElseThrow();
        // a shard carries its share, or the one row that is bigger than a share
        assertThat(max).isLessThanOrEqualTo(Math.max(total / 3 * 1.25, ShardPartition.cost(biggest)));
        // equal rows, equal shards
        WorkloadSpec same = SpecLoader.load("version: 1\nname: s\nworkloads:\n"
                + "  - {name: w, store: none, keys: 1K, seed: [1, 2, 3, 4, 5, 6]}\n", "s.yaml");
        assertThat(ShardPartition.partition(same.rows(), 3)).allSatisfy(p -> assertThat(p).hasSize(2));
    }

    @Test
    void moreShardsThanRowsLeaveTheLastOnesEmpty() throws Exception {
        WorkloadSpec two = SpecLoader.load("version: 1\nname: s\nworkloads:\n"
                + "  - {name: w, store: none, keys: [1K, 2K]}\n", "s.yaml");
        List<List<Row>> parts = ShardPartition.partition(two.rows(), 4);
        assertThat(parts.get(0)).extracting(Row::name).containsExactly("w/keys=2K");
        assertThat(parts.get(1)).extracting(Row::name).containsExactly("w/keys=1K");
        assertThat(parts.get(2)).isEmpty();
        assertThat(parts.get(3)).isEmpty();
    }
}
