package io.memstore.store.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.Revision;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ValueRecord}: a record gives its value back, and its checksum fails for every flipped bit of the record, and
 * for the record read as the change of another revision, key, created revision or version, so that a get, which reads
 * the value record alone, cannot return the value of another change than the one its index names.
 */
class ValueRecordTest {
    private static final byte[] KEY = "some/key".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] VALUE = "a value".getBytes(StandardCharsets.ISO_8859_1);
    private static final long REV = Revision.pack(1234, 5);
    private static final long CREATED = Revision.pack(1000, 0);

    @Test
    void aRecordIsTheChecksumAndTheValue() {
        ValueRecord v = new ValueRecord();
        byte[] record = v.encode(REV, KEY, CREATED, 42, VALUE);
        assertThat(record).hasSize(RecordChecksum.BYTES + VALUE.length);
        assertThat(v.problem(REV, KEY, CREATED, 42, record)).isNull();
        assertThat(ValueRecord.value(record)).isEqualTo(VALUE);
        byte[] tombstone = v.encode(REV, KEY, 0, 0, new byte[0]);
        assertThat(v.problem(REV, KEY, 0, 0, tombstone)).isNull();
        assertThat(ValueRecord.value(tombstone)).isEmpty();
    }

    @Test
    void everyFlippedBitFails() {
        ValueRecord v = new ValueRecord();
        byte[] record = v.encode(REV, KEY, CREATED, 42, VALUE);
        for (int bit = 0; bit < record.length * 8; bit++) {
            byte[] flipped = record.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(v.problem(REV, KEY, CREATED, 42, flipped)).as("bit %d", bit)
                    .contains("value that fails its checksum");
        }
    }

    /** The record read as another change: every bit of the revision, created revision and version, another key. */
    @Test
    void theRecordOfAnotherChangeFails() {
        ValueRecord v = new ValueRecord();
        byte[] record = v.encode(REV, KEY, CREATED, 42, VALUE);
        for (int bit = 0; bit < 64; bit++) {
            assertThat(v.problem(REV ^ (1L << bit), KEY, CREATED, 42, record)).as("revision bit %d", bit).isNotNull();
            assertThat(v.problem(REV, KEY, CREATED ^ (1L << bit), 42, record)).as("created bit %d", bit).isNotNull();
            assertThat(v.problem(REV, KEY, CREATED, 42 ^ (1L << bit), record)).as("version bit %d", bit).isNotNull();
        }
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            byte[] other = new byte[1 + rnd.nextInt(20)];
            rnd.nextBytes(other);
            if (!java.util.Arrays.equals(other, KEY)) {
                assertThat(v.problem(REV, other, CREATED, 42, record)).as("key %d", i).isNotNull();
            }
        }
        assertThat(v.problem(REV, KEY, CREATED, 42, new byte[3])).contains("of 3 B, shorter than its 4 B checksum");
    }

    @Test
    void aTombstoneWithAValueIsReported() {
        ValueRecord v = new ValueRecord();
        byte[] record = v.encode(REV, KEY, 0, 0, VALUE);
        assertThat(v.problem(REV, KEY, 0, 0, record)).isEqualTo("is a tombstone with a value of 7 B");
    }
}
