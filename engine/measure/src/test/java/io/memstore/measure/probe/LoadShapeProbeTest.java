package io.memstore.measure.probe;

import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.LoadShape;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The probe's side of a load shape: value sizes drawn from a range, leased keys, watch ranges, compaction on a period. */
class LoadShapeProbeTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void readWithoutSettling() {
        System.setProperty(SettledState.SETTLE_PROPERTY, "0");
    }

    @AfterAll
    static void restore() {
        System.clearProperty(SettledState.SETTLE_PROPERTY);
    }

    @Test
    void valueSizesAreDrawnUniformlyFromTheRangeTheSameInEveryRun() {
        ValueGenerator a = new ValueGenerator(7, 256, 4096);
        ValueGenerator b = new ValueGenerator(7, 256, 4096);
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            int size = a.value(i, 1).length;
            assertThat(size).isEqualTo(a.size(i, 1));
            min = Math.min(min, size);
            max = Math.max(max, size);
            sum += size;
        }
        assertThat(min).isBetween(256, 300);
        assertThat(max).isBetween(4050, 4096);
        assertThat((double) sum / n).isCloseTo(2176, org.assertj.core.data.Offset.offset(20.0));
        assertThat(a.value(42, 2)).isEqualTo(b.value(42, 2));
        assertThat(a.size(42, 0)).isNotEqualTo(a.size(42, 1)).isNotEqualTo(a.size(43, 0));
        assertThat(new ValueGenerator(7, 100).value(3, 0)).hasSize(100);
        assertThatThrownBy(() -> new ValueGenerator(7, 200, 100)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theLeasedShareOfKeysTakesTheLeasesRoundRobin() {
        LeasePlan plan = new LeasePlan(0.2, 3);
        int leased = 0;
        int[] perLease = new int[3];
        for (long i = 0; i < 1000; i++) {
            if (plan.isLeased(i)) {
                leased++;
                perLease[(int) plan.leaseOf(i)]++;
            }
        }
        assertThat(leased).isEqualTo(200).isEqualTo((int) plan.count(1000));
        assertThat(perLease).containsExactly(67, 67, 66);
        assertThat(new LeasePlan(0, 0).isLeased(5)).isFalse();
        assertThat(new LeasePlan(1, 1).count(10)).isEqualTo(10);
        assertThatThrownBy(() -> new LeasePlan(0.1, 0)).hasMessageContaining("needs at least one lease");
    }

    @Test
    void watchRangesCoverEveryKeyAndShareThemOut() {
        KeyGenerator keys = KeyGenerator.of(KeyPattern.HIERARCHICAL, 48, 1, 50_000);
        List<byte[]> starts = WatchRanges.starts(keys, 50_000, 100);
        assertThat(starts).hasSize(100);
        assertThat(starts.get(0)).isEmpty();
        int[] hits = new int[starts.size()];
        for (long i = 0; i < 50_000; i++) {
            byte[] k = keys.key(i);
            int w = starts.size() - 1;
            while (Arrays.compareUnsigned(k, starts.get(w)) < 0) {
                w--;
            }
            hits[w]++;
        }
        // every range sees keys, none more than about three times its share
        assertThat(Arrays.stream(hits).min().getAsInt()).isPositive();
        assertThat(Arrays.stream(hits).max().getAsInt()).isLessThan(3 * 50_000 / 100);
        Set<String> distinct = new HashSet<>();
        starts.forEach(s -> distinct.add(Arrays.toString(s)));
        assertThat(distinct).hasSize(100);
        assertThat(WatchRanges.starts(keys, 50_000, 0)).isEmpty();
    }

    @Test
    void compactionOnAPeriodKeepsOneToTwoWindowsOfHistory() {
        RowParams p = RowParams.builder("w").keys(1000).versions(5).keySize(16).valueSize(0).store(StoreKind.NONE)
                .seed(3).shape(new LoadShape(0, 1500, 0, 0, 0)).build();
        Map<String, Number> m = new Probe(new ProbeArgs(new Row("t", p), dir.resolve("r.json"), dir, 100), s -> { })
                .run();
        // 5,000 puts: compactions after the 3,000th and 4,500th write, at revisions 1,500 and 3,000; each key keeps
        // its revision at 3,000 (1,000) and those after it (2,000), and none is lost
        assertThat(m.get(Metrics.LOAD_COMPACTIONS)).isEqualTo(2L);
        assertThat(m.get(Metrics.INDEX_KEYS)).isEqualTo(1000L);
        assertThat(m.get(Metrics.INDEX_REVISIONS)).isEqualTo(3000L);
        assertThat(m.get(Metrics.WATCH_EVENTS)).isNull();
    }
}
