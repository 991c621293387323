package io.memstore.measure.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The record a run writes over the previous outputs as it starts: every output says the run has not completed,
 * none says PASSED, and it reads back as an incomplete run without a failed row.
 */
class InProgressRecordTest {
    @TempDir
    Path dir;

    private static final Instant STARTED = Instant.parse("2026-01-31T09:15:02.734Z");

    private static RunResult record() {
        return RunResult.inProgress(RunResult.SPEC_NOT_READ, "src/memstore/workload.yaml", STARTED, 4242);
    }

    @Test
    void theRecordFailsAndSaysTheRunHasNotWrittenItsResults() {
        RunResult r = record();
        assertThat(r.passed()).isFalse();
        assertThat(r.complete()).isFalse();
        assertThat(r.rows()).isEmpty();
        assertThat(r.failure().row()).isNull();
        assertThat(Verdict.of(r).line()).isEqualTo("FAILED: incomplete, the run started 2026-01-31T09:15:02Z"
                + " (pid 4242) has not written its results: it is still running, or it was stopped or failed before"
                + " its end; 0 budget outcome(s): 0 passed, 0 warned, 0 failed");
    }

    @Test
    void everyOutputOfAPassingRunIsReplacedByOneThatSaysSo() throws Exception {
        RunResult passing = new RunResult(TestRows.sampleRun().specName(), TestRows.sampleRun().specFile(),
                TestRows.sampleRun().environment(), TestRows.sampleRun().rows(), null, List.of());
        assertThat(passing.passed()).isTrue();
        List<Path> files = ResultFiles.writeAll(passing, dir);
        assertThat(Files.readString(dir.resolve(ResultMarkdown.FILE_NAME))).contains("**PASSED");

        assertThat(ResultFiles.writeAll(record(), dir)).isEqualTo(files);
        for (Path f : files) {
            assertThat(Files.readString(f)).as("%s", f.getFileName()).doesNotContain("PASSED")
                    .contains("has not written its results");
        }
        String json = Files.readString(dir.resolve(ResultJson.FILE_NAME));
        assertThat(json).containsSubsequence("\"incomplete\": {", "\"row\": null,", "\"reason\": \"the run started"
                        + " 2026-01-31T09:15:02Z (pid 4242) has not written its results", "\"selected\": 0",
                        "\"passed\": false")
                .contains("\"rows\": []").contains("\"started\": \"2026-01-31T09:15:02Z\"");
        RunResult back = ResultJson.read(dir.resolve(ResultJson.FILE_NAME));
        assertThat(back.failure().row()).isNull();
        assertThat(back.failure().reason()).isEqualTo(record().failure().reason());
        assertThat(back.specName()).isEqualTo(RunResult.SPEC_NOT_READ);
        assertThat(back.passed()).isFalse();

        String xml = Files.readString(dir.resolve(ResultJUnit.FILE_NAME));
        assertThat(xml).contains("tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\"")
                .contains("<property name=\"passed\" value=\"false\"/>")
                .contains("name=\"run\" time=\"0.000\">\n    <error type=\"memstore.incomplete\" message=\"FAILED:"
                        + " incomplete, the run started 2026-01-31T09:15:02Z (pid 4242)")
                .doesNotContain("<failure");

        List<String> csv = Files.readAllLines(dir.resolve(ResultCsv.FILE_NAME));
        assertThat(csv).hasSize(2);
        assertThat(csv.get(0)).endsWith(",status,runStarted");
        assertThat(csv.get(1)).startsWith(",,").endsWith(",\"incomplete: the run started 2026-01-31T09:15:02Z"
                + " (pid 4242) has not written its results: it is still running, or it was stopped or failed before"
                + " its end\",2026-01-31T09:15:02Z");

        assertThat(Files.readString(dir.resolve(ResultMarkdown.FILE_NAME)))
                .contains("**FAILED: incomplete, the run started").contains("Run started 2026-01-31T09:15:02Z.");
        assertThat(StepSummary.render(record())).contains("❌").contains("FAILED: incomplete");
        try (var left = Files.list(dir)) {
            assertThat(left).as("no temporary file left").hasSize(4);
        }
    }
}
