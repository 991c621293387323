package io.memstore.measure.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The {@code plan:} section and the regression fields of budgets: what they read, and their refusals. */
class PlanSpecTest {
    private static final String BASE = "version: 1\ndefaults: {index: reference, store: none, keySize: 32B, seed: 7,"
            + " runs: 3, deletes: 10%}\nworkloads:\n  - name: a\n";

    @Test
    void scenariosTakeTheSpecDefaultsButNeverDeletesOrRuns() throws SpecException {
        WorkloadSpec spec = SpecLoader.load(BASE + "plan:\n  - name: prod\n    keys: 10M\n    versions: 3\n"
                + "    machineMemory: 4GiB\n  - {name: small, keys: 1K, keyPattern: sequential, store: sqlite}\n",
                "p.yaml");
        assertThat(spec.plan()).hasSize(2);
        PlanScenario prod = spec.plan().get(0);
        assertThat(prod.name()).isEqualTo("prod");
        assertThat(prod.params()).isEqualTo(RowParams.builder("prod").keys(10_000_000L).versions(3).keySize(32)
                .valueSize(256).keyPattern(KeyPattern.RANDOM).store(StoreKind.NONE).index(IndexKind.REFERENCE).seed(7)
                .runs(1).deletes(0.0).compact(false).build());
        assertThat(prod.machineMemory()).isEqualTo(4L << 30);
        assertThat(prod.origin()).isEqualTo("p.yaml:6:5");
        PlanScenario small = spec.plan().get(1);
        assertThat(small.machineMemory()).isNull();
        assertThat(small.params().store()).isEqualTo(StoreKind.SQLITE);
        assertThat(small.params().keyPattern()).isEqualTo(KeyPattern.SEQUENTIAL);
        assertThat(small.row().name()).isEqualTo("plan/small");
        // scaling a spec for a quick check leaves the plan's questions alone
        assertThat(spec.scaled(0.01).plan()).isEqualTo(spec.plan());
    }

    @Test
    void adHocScenariosParseLikeTheSpecAndNameTheProperty() throws SpecException {
        WorkloadSpec spec = SpecLoader.load(BASE, "p.yaml");
        Map<String, String> f = new LinkedHashMap<>();
        f.put("keys", "10M");
        f.put("versions", "3");
        f.put("machineMemory", "2GiB");
        PlanScenario s = spec.scenario("cli", f, "memstore.", "command line");
        assertThat(s.params().keys()).isEqualTo(10_000_000L);
        assertThat(s.params().versions()).isEqualTo(3);
        assertThat(s.params().keySize()).isEqualTo(32);
        assertThat(s.params().runs()).isEqualTo(1);
        assertThat(s.machineMemory()).isEqualTo(2L << 30);
        assertThatThrownBy(() -> spec.scenario("cli", Map.of("keys", "10X"), "memstore.", "cli"))
                .hasMessage("memstore.keys: unknown unit 'X' in '10X'; expected a count from 1 to 100M, like 100K or 1M");
        assertThatThrownBy(() -> spec.scenario("cli", Map.of("deletes", "10%"), "memstore.", "cli"))
                .hasMessageStartingWith("unknown scenario field 'memstore.deletes'; expected one of memstore.keys,");
        assertThatThrownBy(() -> spec.scenario("cli", Map.of("machineMemory", "0"), "memstore.", "cli"))
                .hasMessage("memstore.machineMemory: '0' is no memory; expected a size like 4GiB");
    }

    @Test
    void budgetsReadRegressionLimits() throws SpecException {
        WorkloadSpec spec = SpecLoader.load(BASE + "budgets:\n"
                + "  - {metric: index.liveHeap, maxIncrease: 5%, maxIncreaseBytes: 8MiB}\n"
                + "  - {metric: load.seconds, maxIncrease: 0.5, max: 60}\n"
                + "  - {metric: process.rss, maxIncrease: 250%}\n", "p.yaml");
        Budget heap = spec.budgets().get(0);
        assertThat(heap.maxIncrease()).isEqualTo(0.05);
        assertThat(heap.maxIncreaseBytes()).isEqualTo(8.0 * (1 << 20));
        assertThat(heap.hasBounds()).isFalse();
        assertThat(heap.limitsIncrease()).isTrue();
        assertThat(heap).hasToString("index.liveHeap increase <= 5% and 8MiB (error)");
        Budget time = spec.budgets().get(1);
        assertThat(time.hasBounds()).isTrue();
        assertThat(time).hasToString("load.seconds <= 60.000 s and increase <= 50% (error)");
        assertThat(spec.budgets().get(2).maxIncrease()).isEqualTo(2.5);
    }

    static Stream<Arguments> refused() {
        String b = BASE + "budgets:\n  - ";
        String p = BASE + "plan:\n  - ";
        return Stream.of(
            Arguments.of(b + "{metric: index.liveHeap}\n", "bad.yaml:6:5: budgets[0]: a budget needs max, min,"
                + " maxIncrease or maxIncreaseBytes; expected max and/or min, like max: 120MiB, or a limit against a"
                + " baseline like maxIncrease: 5%"),
            Arguments.of(b + "{metric: index.liveHeap, maxIncrease: five}\n", "bad.yaml:6:43: budgets[0].maxIncrease:"
                + " 'five' is not a share; expected a share of the baseline value like 5% or 0.05 (at least 0)"),
            Arguments.of(b + "{metric: index.liveHeap, maxIncrease: -5%}\n", "bad.yaml:6:43: budgets[0].maxIncrease:"
                + " '-5%' is negative; expected a share of the baseline value like 5% or 0.05 (at least 0)"),
            Arguments.of(b + "{metric: index.liveHeap, maxIncreaseBytes: 8mib}\n", "bad.yaml:6:48:"
                + " budgets[0].maxIncreaseBytes: unknown unit 'mib' in '8mib'; expected one of B, KB, MB, GB, KiB,"
                + " MiB, GiB (KB = 1000 B, KiB = 1024 B)"),
            Arguments.of(b + "{metric: load.seconds, maxIncreaseBytes: 1MiB}\n", "bad.yaml:6:28:"
                + " budgets[0].maxIncreaseBytes: load.seconds is not a size; expected maxIncreaseBytes on byte"
                + " metrics only; maxIncrease (a share) for load.seconds"),
            Arguments.of(b + "{metric: get.opsPerSecond, maxIncrease: 5%}\n", "bad.yaml:6:32: budgets[0].maxIncrease:"
                + " get.opsPerSecond regresses when it falls, so an increase limit does not apply; expected"
                + " maxIncrease on sizes and times, or min"),
            Arguments.of(b + "{metric: model.c1, maxIncrease: 5%}\n", "bad.yaml:6:24: budgets[0].maxIncrease:"
                + " model.c1 is fitted over all rows and takes no maxIncrease; expected maxIncrease and"
                + " maxIncreaseBytes on row metrics only"),
            Arguments.of(b + "{metric: index.liveHeap, maxIncrase: 5%}\n", "bad.yaml:6:30: budgets[0].maxIncrase:"
                + " unknown field 'maxIncrase' (did you mean 'maxIncrease'?); expected one of metric, max, min,"
                + " maxIncrease, maxIncreaseBytes, where, level, message"),
            Arguments.of(BASE + "plan: {name: x}\n", "bad.yaml:5:7: plan: wrong type: a mapping is not a list;"
                + " expected a list of scenarios, each with a name and keys"),
            Arguments.of(p + "{keys: 1M}\n", "bad.yaml:6:5: plan[0].name: missing; expected a name of letters,"
                + " digits, '.', '_' or '-' (at most 64), like index"),
            Arguments.of(p + "{name: x, keys: [1M, 2M]}\n", "bad.yaml:6:21: plan[0].keys: a scenario takes one value"
                + " per field; expected a single value (write one scenario per configuration)"),
            Arguments.of(p + "{name: x, kyes: 1M}\n", "bad.yaml:6:15: plan[0].kyes: unknown field 'kyes' (did you"
                + " mean 'keys'?); expected one of name, keys, versions, keySize, valueSize, keyPattern, store,"
                + " index, system, snapshotCount, compact, leases, leasedKeys, watchers, machineMemory"),
            Arguments.of(p + "{name: x, deletes: 10%}\n", "bad.yaml:6:15: plan[0].deletes: unknown field 'deletes';"
                + " expected one of name, keys, versions, keySize, valueSize, keyPattern, store, index,"
                + " system, snapshotCount, compact, leases, leasedKeys, watchers, machineMemory"),
            Arguments.of(p + "{name: x, machineMemory: 4 gigs}\n", "bad.yaml:6:30: plan[0].machineMemory: unknown"
                + " unit 'gigs' in '4 gigs'; expected one of B, KB, MB, GB, KiB, MiB, GiB (KB = 1000 B, KiB ="
                + " 1024 B)"),
            Arguments.of(p + "{name: x, machineMemory: 0B}\n", "bad.yaml:6:30: plan[0].machineMemory: '0B' is no"
                + " memory; expected a size like 4GiB"),
            Arguments.of(p + "{name: x}\n  - {name: x}\n", "bad.yaml:7:12: plan[1].name: duplicate scenario name 'x'"
                + " (first at 6:12); expected a name used by no other scenario"),
            Arguments.of(p + "{name: x, index: bree}\n", "bad.yaml:6:22: plan[0].index: unknown index 'bree' (did"
                + " you mean 'btree'?); expected " + IndexKind.FORMS));
    }

    @ParameterizedTest(name = "{index}")
    @MethodSource("refused")
    void refusesWithPositionFieldAndExpectation(String yaml, String message) {
        assertThat(BadSpecTest.refusal(yaml)).hasMessage(message);
    }
}
