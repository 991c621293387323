package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeJvmTest {
    private static RowParams row(long keys, int versions, IndexKind index, StoreKind store) {
        return RowParams.builder("w").keys(keys).versions(versions).store(store).index(index).build();
    }

    @Test
    void flagsAreFixedForARowAndKeepRssHonest() {
        RowParams p = row(1_000_000, 5, IndexKind.BTREE, StoreKind.SQLITE);
        assertThat(ProbeJvm.flags(p)).isEqualTo(ProbeJvm.flags(p))
                .contains("-XX:+UseSerialGC", "-XX:MarkSweepDeadRatio=0", "-XX:MaxNewSize=8m", "-XX:MinHeapFreeRatio=10",
                        "-XX:MaxHeapFreeRatio=10", "-XX:+ExitOnOutOfMemoryError", "-XX:-UsePerfData")
                .contains("-Xmx" + (ProbeJvm.heapLimit(p) >> 20) + "m")
                .noneMatch(f -> f.contains("AlwaysPreTouch"));
    }

    @Test
    void theFreeRatiosAreARange() {
        assertThat(ProbeJvm.MIN_HEAP_FREE_PERCENT).isBetween(0, ProbeJvm.MAX_HEAP_FREE_PERCENT);
        assertThat(ProbeJvm.MAX_HEAP_FREE_PERCENT).isLessThan(100);
    }

    @Test
    void theSettledReadingLeavesTheOldGenerationAtTheFreeRatiosThoughTheCollectorShrinksItInSteps() throws Exception {
        double kLow = 100.0 / (100 - ProbeJvm.MIN_HEAP_FREE_PERCENT);
        double kHigh = 100.0 / (100 - ProbeJvm.MAX_HEAP_FREE_PERCENT);
        // half of a 96 MiB old generation dies: the first three full collections after it leave more free than
        // MaxHeapFreeRatio allows (they shrink by none, 10 % and 40 % of the excess), the fourth takes all of it
        List<Double> steps = child("steps");
        assertThat(steps).hasSize(4);
        assertThat(steps.subList(0, 3)).allMatch(k -> k > kHigh * 1.05);
        assertThat(steps.get(0)).isGreaterThan(steps.get(1));
        assertThat(steps.get(1)).isGreaterThan(steps.get(2));
        assertThat(steps.get(3)).isBetween(kLow * 0.99, kHigh * 1.01);
        // the probe's reading collects often enough that the heap it leaves is the one the free ratios describe
        assertThat(child("meter")).singleElement().satisfies(k -> assertThat(k).isBetween(kLow * 0.99, kHigh * 1.01));
    }

    private static List<Double> child(String mode) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(ProbeJvm.flags(row(1_000_000, 1, IndexKind.BTREE, StoreKind.NONE)));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), OldGenerationChild.class.getName(),
                mode));
        Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<Double> ratios = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                ratios.add(Double.parseDouble(line));
            }
        }
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isZero();
        return ratios;
    }

    @Test
    void heapLimitIsTwiceTheEstimatePlusRoomAndNeverTiny() {
        assertThat(ProbeJvm.heapLimit(row(10, 1, IndexKind.BTREE, StoreKind.NONE))).isEqualTo(128L << 20);
        RowParams big = row(1_000_000, 5, IndexKind.REFERENCE, StoreKind.NONE);
        // measured 320 MB live for this row: the limit must leave room for it with margin
        assertThat(ProbeJvm.estimatedLiveHeap(big)).isGreaterThan(320_000_000L);
        assertThat(ProbeJvm.heapLimit(big)).isGreaterThanOrEqualTo(2 * ProbeJvm.estimatedLiveHeap(big) + (64L << 20))
                .isEqualTo(ProbeJvm.heapLimit(big) & ~((1L << 20) - 1));
        assertThat(ProbeJvm.heapLimit(row(1_000_000, 5, IndexKind.BTREE, StoreKind.SQLITE)))
                .isGreaterThan(ProbeJvm.heapLimit(row(1_000_000, 5, IndexKind.BTREE, StoreKind.NONE)));
        assertThat(ProbeJvm.estimatedLiveHeap(row(1_000_000, 5, IndexKind.BTREE, StoreKind.NONE)))
                .isLessThan(ProbeJvm.estimatedLiveHeap(big));
    }
}
