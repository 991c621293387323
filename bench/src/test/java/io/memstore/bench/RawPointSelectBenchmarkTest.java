package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The select body on a small N (no JMH run): every row is found with its value, and the files go away. */
class RawPointSelectBenchmarkTest {
    @Test
    void selectsEveryRowInShuffledOrderThenTheFilesAreDeleted() throws Exception {
        RawPointSelectBenchmark bench = new RawPointSelectBenchmark();
        bench.keys = 500;
        bench.buildFile();
        assertThat(bench.revs).doesNotHaveDuplicates().isSorted();
        for (int n = 0; n < 2 * bench.keys; n++) {
            assertThat(bench.select()).isEqualTo(Workload.value());
        }
        bench.deleteFile();
        assertThat(Files.exists(bench.dir)).isFalse();
    }
}
