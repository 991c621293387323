package io.memstore.store.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.Revision;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ValueRecord}: a row gives its value back, and its checksum fails for every flipped bit of the row, and for the
 * row read as the change of another revision, key, created revision or version, so that a get, which reads the
 * value row alone, cannot return the value of another change than the one its index names.
 */
class ValueRecordTest {
    private static final byte[] KEY = "some/key".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] VALUE = "a value".getBytes(StandardCharsets.ISO_8859_1);
    private static final long REV = Revision.pack(1234, 5);
    private static final long CREATED = Revision.pack(1000, 0);

    @Test
    void aRowIsTheChecksumAndTheValue() {
        ValueRecord v = new ValueRecord();
        byte[] row = v.encode(REV, KEY, CREATED, 42, VALUE);
        assertThat(row).hasSize(RowChecksum.BYTES + VALUE.length);
        assertThat(v.problem(REV, KEY, CREATED, 42, row)).isNull();
        assertThat(ValueRecord.value(row)).isEqualTo(VALUE);
        byte[] tombstone = v.encode(REV, KEY, 0, 0, new byte[0]);
        assertThat(v.problem(REV, KEY, 0, 0, tombstone)).isNull();
        assertThat(ValueRecord.value(tombstone)).isEmpty();
    }

    @Test
    void everyFlippedBitFails() {
        ValueRecord v = new ValueRecord();
        byte[] row = v.encode(REV, KEY, CREATED, 42, VALUE);
        for (int bit = 0; bit < row.length * 8; bit++) {
            byte[] flipped = row.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(v.problem(REV, KEY, CREATED, 42, flipped)).as("bit %d", bit)
                    .contains("value that fails its checksum");
        }
    }

    /** The row read as another change: every bit of the revision, created revision and version, another key. */
    @Test
    void theRowOfAnotherChangeFails() {
        ValueRecord v = new ValueRecord();
        byte[] row = v.encode(REV, KEY, CREATED, 42, VALUE);
        for (int bit = 0; bit < 64; bit++) {
            assertThat(v.problem(REV ^ (1L << bit), KEY, CREATED, 42, row)).as("revision bit %d", bit).isNotNull();
            assertThat(v.problem(REV, KEY, CREATED ^ (1L << bit), 42, row)).as("created bit %d", bit).isNotNull();
            assertThat(v.problem(REV, KEY, CREATED, 42 ^ (1L << bit), row)).as("version bit %d", bit).isNotNull();
        }
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            byte[] other = new byte[1 + rnd.nextInt(20)];
            rnd.nextBytes(other);
            if (!java.util.Arrays.equals(other, KEY)) {
                assertThat(v.problem(REV, other, CREATED, 42, row)).as("key %d", i).isNotNull();
            }
        }
        assertThat(v.problem(REV, KEY, CREATED, 42, new byte[3])).contains("of 3 B, shorter than its 4 B checksum");
    }

    @Test
    void aTombstoneWithAValueIsReported() {
        ValueRecord v = new ValueRecord();
        byte[] row = v.encode(REV, KEY, 0, 0, VALUE);
        assertThat(v.problem(REV, KEY, 0, 0, row)).isEqualTo("is a tombstone with a value of 7 B");
    }
}
