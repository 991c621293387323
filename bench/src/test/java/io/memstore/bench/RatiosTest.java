package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ratios on a real JMH result file (a quick run of every benchmark, keys=100000) and on malformed input. */
class RatiosTest {
    private static Path sample() throws URISyntaxException {
        return Path.of(RatiosTest.class.getResource("jmh-result-keys100000.json").toURI());
    }

    @Test
    void readsEveryResultOfAJmhFileWithParamsAndTheAuxiliaryCounter() throws Exception {
        List<Ratios.Result> results = Ratios.read(sample());

        assertThat(results).extracting(Ratios.Result::benchmark).containsExactly(
                "io.memstore.bench.IndexBenchmark.get", "io.memstore.bench.IndexBenchmark.get",
                "io.memstore.bench.IndexBenchmark.put", "io.memstore.bench.IndexBenchmark.put",
                "io.memstore.bench.RawPointSelectBenchmark.select", "io.memstore.bench.StoreGetBenchmark.get",
                "io.memstore.bench.IngestBenchmark.raw", "io.memstore.bench.IngestBenchmark.store");
        Ratios.Result put = results.get(2);
        assertThat(put.params()).isEqualTo(Map.of("index", "btree", "keys", "100000"));
        assertThat(put.primary().unit()).isEqualTo("ops/s");
        assertThat(put.secondary().get("puts").value()).isCloseTo(put.primary().value() * 100_000, within(1e-3));
        assertThat(results.get(6).primary().unit()).isEqualTo("ms/op");
    }

    @Test
    void reportsEachRatioAgainstItsTarget() throws Exception {
        List<Ratios.Result> results = Ratios.read(sample());
        double getRatio = results.get(0).primary().value() / results.get(1).primary().value();
        double putRatio = results.get(2).secondary().get("puts").value() / results.get(3).secondary().get("puts").value();
        double ingestRatio = results.get(6).primary().value() / results.get(7).primary().value(); // raw time / store time
        double readRatio = results.get(5).primary().value() / results.get(4).primary().value();

        List<String> lines = Ratios.report(results);

        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).isEqualTo("keys=100000");
        assertThat(lines.get(1)).startsWith("  get ").contains(String.format(java.util.Locale.ROOT,
                "btree/reference %.2f (target >= 4.2: %s)", getRatio, getRatio >= 4.2 ? "met" : "MISSED"));
        assertThat(lines.get(2)).startsWith("  put ").contains(String.format(java.util.Locale.ROOT,
                "btree/reference %.2f (target >= 1.9: %s)", putRatio, putRatio >= 1.9 ? "met" : "MISSED"));
        assertThat(lines.get(3)).startsWith("  ingest ").contains(String.format(java.util.Locale.ROOT,
                "store/raw %.2f (target >= 0.9: %s)", ingestRatio, ingestRatio >= 0.9 ? "met" : "MISSED"));
        assertThat(lines.get(4)).startsWith("  read ").endsWith(String.format(java.util.Locale.ROOT,
                "store/select %.2f (target >= 0.9: %s)", readRatio, readRatio >= 0.9 ? "met" : "MISSED"));
        // rows/s = keys / seconds per ingest
        double storeRows = 100_000 / (results.get(7).primary().value() / 1e3);
        assertThat(lines.get(3)).contains(String.format(java.util.Locale.ROOT, "%,14.0f rows/s", storeRows));
    }

    @Test
    void aPairWithOneHalfMissingIsSkipped() throws Exception {
        List<Ratios.Result> results = Ratios.read(sample()).subList(1, 8); // no btree get

        assertThat(Ratios.report(results)).hasSize(4).noneMatch(l -> l.startsWith("  get"));
        assertThat(Ratios.report(results.subList(5, 6))).isEmpty();
    }

    @Test
    void convertsTimeUnits() {
        assertThat(new Ratios.Score(2, "ops/ms").perSecond("x")).isEqualTo(2_000, within(1e-9));
        assertThat(new Ratios.Score(1_500, "ms/op").secondsPerOp("x")).isEqualTo(1.5, within(1e-12));
        assertThat(new Ratios.Score(3, "s/op").secondsPerOp("x")).isEqualTo(3);
        assertThatThrownBy(() -> new Ratios.Score(1, "ms/op").perSecond("IndexBenchmark.get"))
                .hasMessage("IndexBenchmark.get: expected a throughput unit ops/<time>, was ms/op");
        assertThatThrownBy(() -> new Ratios.Score(1, "ops/fortnight").perSecond("x"))
                .hasMessage("x: unknown time unit 'fortnight'");
    }

    @Test
    void malformedInputIsNamedWithItsPosition() {
        assertThatThrownBy(() -> Ratios.parse("[{\"benchmark\": \"a\",\n  \"primaryMetric\": {\"score\": 1,}", "r.json"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("r.json:2:");
        assertThatThrownBy(() -> Ratios.parse("{\"benchmark\": \"a\"}", "r.json"))
                .hasMessage("r.json: expected a JSON array of JMH results (the file that -rf json -rff FILE writes),"
                        + " found an object");
        assertThatThrownBy(() -> Ratios.parse("[{\"benchmark\": \"a.b\", \"primaryMetric\": {\"score\": \"NaN\","
                + " \"scoreUnit\": \"ops/s\"}}]", "r.json"))
                .hasMessage("r.json: result [0] (a.b).primaryMetric.score: expected a number, found the string \"NaN\"");
        assertThatThrownBy(() -> Ratios.parse("[{\"primaryMetric\": {}}]", "r.json"))
                .hasMessage("r.json: result [0].benchmark: expected a string, found nothing (null or missing)");
        assertThatThrownBy(() -> Ratios.read(Path.of("no-such-result.json")))
                .hasMessage("no-such-result.json: no such file");
    }
}
