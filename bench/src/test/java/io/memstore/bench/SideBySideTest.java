package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.measure.result.Environment;
import io.memstore.measure.run.RowResult;
import io.memstore.measure.result.RunResult;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.SpecLoader;
import io.memstore.measure.spec.WorkloadSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SideBySide on results shaped like a run of the real side-by-side spec: every btree row finds its twin. */
class SideBySideTest {
    @Test
    void printsEachBtreeRowBesideItsReferenceTwinAndTheCompactionRatio() throws Exception {
        WorkloadSpec spec = SpecLoader.load(Path.of("src/side-by-side/side-by-side.yaml"));
        List<RowResult> rows = new ArrayList<>();
        for (Row row : spec.rows()) {
            boolean btree = row.params().index() == IndexKind.BTREE;
            // btree: 75 B per key, compacted 78; reference: 300 B per key
            double perKey = btree ? (row.params().compact() ? 78 : 75) : 300;
            double heap = perKey * row.params().keys();
            rows.add(new RowResult(row.name(), row.params(),
                    Map.of("index.liveHeap", heap, "index.bytesPerKey", perKey), Map.of(), 1));
        }
        RunResult result = new RunResult(spec.name(), "side-by-side.yaml",
                new Environment("17", List.of(), "Linux", 2), rows, null, List.of());

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SideBySide.print(result, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        long btreeRows = spec.rows().stream().filter(r -> r.params().index() == IndexKind.BTREE).count();
        List<String> perKeyLines = lines.stream().filter(l -> l.contains("index.bytesPerKey")).toList();
        assertThat(perKeyLines).hasSize((int) btreeRows);
        assertThat(perKeyLines).filteredOn(l -> l.startsWith("compacted")).singleElement().asString()
                .contains("78.0 B").contains("300.0 B").endsWith("0.260");
        assertThat(perKeyLines).filteredOn(l -> !l.startsWith("compacted")).allMatch(l -> l.endsWith("0.250"));
        assertThat(lines).last().asString().contains("1.040 (target <= 1.05: met)");
    }
}
