package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The get body on a small N (no JMH run): every stored key is found with its value, and the files go away. */
class StoreGetBenchmarkTest {
    @Test
    void getsEveryKeyInShuffledOrderThenTheFilesAreDeleted() throws Exception {
        StoreGetBenchmark bench = new StoreGetBenchmark();
        bench.keys = 500;
        bench.buildStore();
        for (int n = 0; n < 2 * bench.keys; n++) {
            assertThat(bench.get()).isEqualTo(Workload.value());
        }
        bench.deleteStore();
        assertThat(Files.exists(bench.dir)).isFalse();
    }
}
