package io.memstore.measure.plan;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.KeyPattern;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The validation of capacity-planning.md: fit on 25K and 100K-key rows, predict the 1M-key rows, measure them,
 * and print the error table with the bands and how many measurements fell inside them; index live heap within
 * 3 %. About three minutes on two cores. Not part of the normal
 * suite: run with
 * {@code mvn -pl engine/measure test -Dtest=PredictionValidationBenchmark -Dmemstore.bench=true}, optionally
 * {@code -Dmemstore.bench.index=btree -Dmemstore.bench.keySizes=64,256 -Dmemstore.bench.versions=1,3,5}.
 */
@EnabledIfSystemProperty(named = "memstore.bench", matches = "true")
class PredictionValidationBenchmark {
    @TempDir
    java.nio.file.Path work;

    @Test
    void fitAt100KPredict1M() {
        IndexKind index = IndexKind.of(System.getProperty("memstore.bench.index", "reference"));
        List<Integer> versions = ints(System.getProperty("memstore.bench.versions", "1,3,5"));
        List<Validation.Check> all = new ArrayList<>();
        for (int keySize : ints(System.getProperty("memstore.bench.keySizes", "64,256"))) {
            RowParams base = new RowParams("v", 1, 1, keySize, 0, KeyPattern.RANDOM, StoreKind.NONE, index, 1, 1, 0.0,
                    false);
            all.addAll(Validation.run(base, List.of(25_000L, 100_000L), 1_000_000, versions,
                    PredictionValidationTest.runner(work, java.time.Duration.ofMillis(
                            io.memstore.measure.probe.SettledState.DEFAULT_SETTLE_MILLIS))));
        }
        Validation.markdown(all).forEach(System.out::println);
        assertThat(all).allSatisfy(c -> assertThat(Math.abs(c.heapError())).as(c.row()).isLessThanOrEqualTo(0.03));
    }

    private static List<Integer> ints(String csv) {
        return java.util.Arrays.stream(csv.split(",")).map(String::strip).map(Integer::valueOf).toList();
    }
}
