package io.memstore.store.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.Revision;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyEntry}: what {@link KeyEntry#encode} writes, {@link KeyEntry#read} gives back field for field, its
 * checksum finds every flipped bit of the entry and of its revision, and bytes that cannot be an entry are reported
 * rather than decoded into something else.
 */
class KeyEntryTest {
    private static final byte[] KEY = "some/key".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void aFirstPutIsTheChecksumTwoBytesAndTheKey() {
        long rev = Revision.pack(7, 2);
        byte[] e = KeyEntry.encode(rev, KEY, rev, 1);
        assertThat(e).hasSize(KeyEntry.CHECKSUM_BYTES + 2 + KEY.length);
        assertThat(e[4]).isEqualTo((byte) 1); // version
        assertThat(e[5]).isEqualTo((byte) 0); // distance to create_rev
        KeyEntry r = new KeyEntry();
        assertThat(r.read(rev, e)).isNull();
        assertThat(r.key()).isEqualTo(KEY);
        assertThat(r.version).isEqualTo(1);
        assertThat(r.createRev).isEqualTo(rev);
        assertThat(r.keyFrom).isEqualTo(6);
    }

    @Test
    void aTombstoneHasNoCreatedRevision() {
        long rev = Revision.pack(9, 0);
        byte[] e = KeyEntry.encode(rev, KEY, 0, 0);
        assertThat(e).hasSize(KeyEntry.CHECKSUM_BYTES + 1 + KEY.length);
        KeyEntry r = new KeyEntry();
        assertThat(r.read(rev, e)).isNull();
        assertThat(r.version).isZero();
        assertThat(r.createRev).isZero();
        assertThat(r.key()).isEqualTo(KEY);
    }

    /** Any version and created revision, multi-byte varints and the extremes included, read back as written. */
    @Test
    void everyFieldRoundTrips() {
        SplittableRandom rnd = new SplittableRandom(5);
        KeyEntry r = new KeyEntry();
        long[] versions = {1, 127, 128, 16_383, 16_384, Long.MAX_VALUE, -1};
        for (int i = 0; i < 2_000; i++) {
            long rev = Revision.pack(1 + rnd.nextLong(Revision.MAX_MAIN), rnd.nextLong(Revision.MAX_SUB + 1));
            long version = i < versions.length ? versions[i] : 1 + rnd.nextLong(1L << rnd.nextInt(1, 63));
            long createRev = i % 3 == 0 ? rev : rnd.nextLong(rev + 1);
            byte[] key = new byte[1 + rnd.nextInt(300)];
            rnd.nextBytes(key);
            byte[] e = KeyEntry.encode(rev, key, createRev, version);
            assertThat(r.read(rev, e)).as("entry %d", i).isNull();
            assertThat(r.key()).isEqualTo(key);
            assertThat(r.version).isEqualTo(version);
            assertThat(r.createRev).isEqualTo(createRev);
        }
    }

    /** Every single flipped bit of an entry fails its checksum, as does the entry read at another revision. */
    @Test
    void everyFlippedBitAndAnotherRevisionFail() {
        long rev = Revision.pack(1234, 5);
        byte[] e = KeyEntry.encode(rev, KEY, Revision.pack(1000, 0), 42);
        KeyEntry r = new KeyEntry();
        for (int bit = 0; bit < e.length * 8; bit++) {
            byte[] flipped = e.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(r.read(rev, flipped)).as("bit %d", bit).isNotNull().contains("checksum");
        }
        for (int bit = 0; bit < 64; bit++) {
            assertThat(r.read(rev ^ (1L << bit), e)).as("revision bit %d", bit).isNotNull();
        }
        assertThat(r.read(rev, e)).isNull();
    }

    @Test
    void bytesThatCannotBeAnEntryAreReported() {
        KeyEntry r = new KeyEntry();
        assertThat(r.read(Revision.first(1), new byte[3])).contains("an entry of 3 B, shorter than its 4 B checksum");
        // eleven continuation bytes: no varint of 64 bits is that long
        long rev = Revision.first(2);
        byte[] e = new byte[KeyEntry.CHECKSUM_BYTES + 12];
        java.util.Arrays.fill(e, KeyEntry.CHECKSUM_BYTES, e.length, (byte) 0x80);
        RecordChecksum.store(e, RecordChecksum.ofEntry(new java.util.zip.CRC32C(), new byte[8], rev, e));
        assertThat(r.read(rev, e)).contains("passes its checksum but its entry does not decode");
    }
}
