package io.memstore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The select body on a small N (no JMH run): every row is found with its value, and the files go away. A value row
 * is the store's checksum of the change (a CRC32C, 4 B) followed by the value; the select returns it as it is.
 */
class RawPointSelectBenchmarkTest {
    @Test
    void selectsEveryRowInShuffledOrderThenTheFilesAreDeleted() throws Exception {
        RawPointSelectBenchmark bench = new RawPointSelectBenchmark();
        bench.keys = 500;
        bench.buildFile();
        assertThat(bench.revs).doesNotHaveDuplicates().isSorted();
        for (int n = 0; n < 2 * bench.keys; n++) {
            byte[] row = bench.select();
            assertThat(java.util.Arrays.copyOfRange(row, Integer.BYTES, row.length)).isEqualTo(Workload.value());
        }
        bench.deleteFile();
        assertThat(Files.exists(bench.dir)).isFalse();
    }
}
