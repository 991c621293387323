package io.memstore.measure.result;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.probe.MeasuredStore;
import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreSettings;
import io.memstore.store.Durability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The store measured, the store options and a project's index class survive memstore.json and show in the tables. */
class StoreRecordJsonTest {
    @TempDir
    Path dir;

    private static RunResult run() {
        RowParams p = RowParams.builder("own").keys(1000).index(IndexKind.of("com.example.CopyingIndex"))
                .settings(new StoreSettings(128, Durability.FULL, 8192, 4, 500, 1L << 20, 250)).build();
        RowResult row = new RowResult("own/index=com.example.CopyingIndex", p,
                TestRows.metrics("index.liveHeap", 200_000), Map.of(), 1);
        RowResult plain = new RowResult("own/index=btree", RowParams.builder("own").keys(1000).build(),
                TestRows.metrics("index.liveHeap", 100_000),
                Map.of(), 1);
        Environment env = new Environment("17", List.of(), "Linux", 2,
                new MeasuredStore("0.9.0-pinned", MeasuredStore.PROJECT, "io.memstore:memstore-store:0.9.0-pinned"));
        return new RunResult("own", "workload.yaml", env, List.of(row, plain), null, List.of());
    }

    @Test
    void roundTripsTheStoreOptionsTheIndexClassAndTheStoreMeasured() throws IOException {
        Path file = dir.resolve("memstore.json");
        ResultJson.write(run(), file);
        RunResult back = ResultJson.read(file);
        assertThat(back).isEqualTo(run());
        assertThat(back.rows().get(0).params().index().specName()).isEqualTo("com.example.CopyingIndex");
        assertThat(back.environment().store().describe()).isEqualTo("memstore-store 0.9.0-pinned from the project's"
                + " test classpath (io.memstore:memstore-store:0.9.0-pinned)");
        String json = Files.readString(file);
        assertThat(json).contains("\"sqliteCache\": 8388608", "\"batchInterval\": 250", "\"durability\": \"full\"");
    }

    @Test
    void aFileWithoutStoreOptionsOrStoreReadsAsTheDefaults() throws IOException {
        Path file = dir.resolve("memstore.json");
        ResultJson.write(run(), file);
        String old = Files.readString(file)
                .replaceAll(",\\s*\"leafCapacity\": \\d+,\\s*\"durability\": \"\\w+\",\\s*\"sqliteCache\": \\d+,"
                        + "\\s*\"readConnections\": \\d+,\\s*\"batchLimit\": \\d+,\\s*\"batchBytes\": \\d+,"
                        + "\\s*\"batchInterval\": \\d+", "")
                .replaceAll(",\\s*\"store\": \\{[^}]*\\}", "");
        assertThat(old).doesNotContain("leafCapacity", "memstore-store");
        Files.writeString(file, old);
        RunResult back = ResultJson.read(file);
        assertThat(back.rows()).allSatisfy(r -> assertThat(r.params().settings()).isEqualTo(StoreSettings.DEFAULTS));
        assertThat(back.environment().store()).isNull();
    }

    @Test
    void aCacheThatIsNotWholeKiBIsRefusedAtItsPosition() throws IOException {
        Path file = dir.resolve("memstore.json");
        ResultJson.write(run(), file);
        Files.writeString(file, Files.readString(file).replace("\"sqliteCache\": 8388608", "\"sqliteCache\": 1000"));
        assertThatThrownBy(() -> ResultJson.read(file)).hasMessageContaining("sqliteCache must be a whole number of KiB");
    }

    @Test
    void tablesShowTheOptionsThatVaryOrDifferFromTheDefaultsAndTheStoreMeasured() {
        List<String> console = ConsoleTables.render(run());
        assertThat(console.get(1)).isEqualTo("store measured: memstore-store 0.9.0-pinned from the project's test"
                + " classpath (io.memstore:memstore-store:0.9.0-pinned)");
        String all = String.join("\n", console);
        assertThat(all).contains("leaf capacity", "durability", "SQLite cache", "com.example.CopyingIndex");
        assertThat(ResultMarkdown.render(run())).contains("Store measured: memstore-store 0.9.0-pinned");
        assertThat(String.join("\n", ConsoleTables.render(TestRows.sampleRun()))).doesNotContain("leaf capacity");
    }
}
