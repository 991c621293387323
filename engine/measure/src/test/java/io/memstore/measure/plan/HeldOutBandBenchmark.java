package io.memstore.measure.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.result.ResultJson;
import io.memstore.measure.result.RunResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The plan's bands against rows they were not calibrated on, from a check's results: every row is predicted from
 * the rows of its configuration with at most a quarter of its keys ({@link Validation#heldOut}), and the table says
 * whether the measured heap and RSS fell inside the printed bands. For the built-in spec that predicts each 1M-key
 * row from its 100K-key row. Not part of the normal suite (it needs a full-scale memstore.json): run with
 * {@code mvn -pl engine/measure test -Dtest=HeldOutBandBenchmark -Dmemstore.bench.results=site/target/memstore/memstore.json}.
 */
@EnabledIfSystemProperty(named = "memstore.bench.results", matches = ".+")
class HeldOutBandBenchmark {
    @Test
    void measuredRowsFallInsideTheBandsPredictedFromSmallerRows() throws Exception {
        RunResult run = ResultJson.read(Path.of(System.getProperty("memstore.bench.results")));
        List<Validation.Check> checks = Validation.heldOut(run.rows());
        Validation.markdown(checks).forEach(System.out::println);
        assertThat(checks).isNotEmpty();
        assertThat(checks).allSatisfy(c -> assertThat(c.rssInBand()).as("RSS of %s in its band", c.row()).isTrue());
    }
}
