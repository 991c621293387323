package io.memstore.store.internal.image;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.index.BTreeLeaf;
import io.memstore.store.internal.index.LeafCodec;
import io.memstore.store.internal.index.LeafSlabs;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * {@link IndexImage}: the leaves of an index, written in many small parts and read back, make an index that holds
 * exactly what the first held (keys, histories, compaction headers, coded and uncoded words); a part read under
 * another number or image, or with a flipped bit, is refused rather than decoded.
 */
class IndexImageTest {
    /** An index of every shape a leaf takes: long and short keys, several versions, tombstones, a compaction. */
    private static BTreeIndex index(Random rnd) {
        BTreeIndex index = new BTreeIndex();
        long main = 0;
        for (int i = 0; i < 20_000; i++) {
            String key = rnd.nextInt(4) == 0 ? "long/prefix/of/some/key/" + rnd.nextInt(3000) : "k" + rnd.nextInt(3000);
            byte[] k = key.getBytes(StandardCharsets.ISO_8859_1);
            KeyState s = index.get(k, main);
            main++;
            if (s != null && rnd.nextInt(8) == 0) {
                index.tombstone(k, Revision.pack(main, 0));
            } else {
                index.put(k, Revision.pack(main, rnd.nextInt(10) == 0 ? 1 : 0));
            }
            if (i == 12_000) {
                index.compact(main - 2_000);
            }
        }
        index.settle();
        return index;
    }

    private record Part(int number, byte[] data) {
    }

    private static List<Part> parts(BTreeIndex index, IndexImage.Header header, int partBytes) {
        List<Part> parts = new ArrayList<>();
        IndexImage.write(leaves(index), header, partBytes,
                (number, data, length) -> parts.add(new Part(number, Arrays.copyOf(data, length))));
        return parts;
    }

    private static IndexImage.Header header(BTreeIndex index) {
        return new IndexImage.Header(20_000, Revision.pack(20_000, 0), 10_000, 20_000, 0x5eed_d16e_57L,
                index.keyCount(), index.revisionCount(), index.leafCapacity());
    }

    private static List<BTreeLeaf> leaves(BTreeIndex index) {
        return index.leaves();
    }

    @Test
    void theLeavesReadBackMakeTheSameIndex() {
        BTreeIndex index = index(new Random(1));
        List<Part> parts = parts(index, header(index), 4096);
        assertThat(parts.size()).as("parts").isGreaterThan(20);
        Part head = parts.get(parts.size() - 1);
        assertThat(head.number()).isZero();
        CRC32C crc = new CRC32C();
        IndexImage.Header h = IndexImage.header(head.data(), crc);
        assertThat(h).isNotNull();
        assertThat(h.parts()).isEqualTo(parts.size() - 1);
        List<BTreeLeaf> leaves = new ArrayList<>();
        LeafSlabs slabs = new LeafSlabs(h.suffixBytes(), h.codes());
        for (Part p : parts.subList(0, parts.size() - 1)) {
            assertThat(IndexImage.readPart(p.data(), p.number(), h, crc, slabs, leaves)).isTrue();
        }
        assertThat(slabs.filled()).as("the leaves take the header's totals").isTrue();
        assertThat(leaves).hasSize((int) h.leaves());
        assertThat(LeafCodec.ascending(leaves)).isTrue();
        BTreeIndex loaded = new BTreeIndex();
        loaded.replace(leaves, h.revisions());
        assertThat(loaded.keyCount()).isEqualTo(index.keyCount());
        assertThat(loaded.revisionCount()).isEqualTo(index.revisionCount());
        assertThat(loaded.toString()).isEqualTo(index.toString());
        for (long at : new long[] {10_000, 15_000, 20_000}) {
            assertThat(loaded.range(new byte[0], new byte[0], at, 0, true).revisions())
                    .isEqualTo(index.range(new byte[0], new byte[0], at, 0, true).revisions());
        }
    }

    /** The index that {@code index}'s image, written in parts of {@code partBytes}, loads into. */
    private static BTreeIndex loaded(BTreeIndex index, int partBytes) {
        List<Part> parts = parts(index, header(index), partBytes);
        CRC32C crc = new CRC32C();
        IndexImage.Header h = IndexImage.header(parts.get(parts.size() - 1).data(), crc);
        List<BTreeLeaf> leaves = new ArrayList<>();
        LeafSlabs slabs = slabs(h);
        for (Part p : parts.subList(0, parts.size() - 1)) {
            assertThat(IndexImage.readPart(p.data(), p.number(), h, crc, slabs, leaves)).isTrue();
        }
        assertThat(slabs.filled()).isTrue();
        BTreeIndex loaded = new BTreeIndex();
        loaded.replace(leaves, h.revisions());
        return loaded;
    }

    /**
     * A loaded index's leaves view arrays they share (a part of a slab each); writes of every kind (new keys that
     * split leaves, revisions appended to runs, tombstones, a compaction, a settle) on the loaded index and on the
     * index it was loaded from leave both the same; its image written again, from leaves that share and leaves
     * that own their arrays, loads the same index once more.
     */
    @Test
    void writesToALoadedIndexChangeNoOtherLeaf() {
        Random rnd = new Random(4);
        BTreeIndex index = index(rnd);
        BTreeIndex loaded = loaded(index, 4096);
        assertThat(leaves(loaded).stream().filter(BTreeLeaf::shared).count()).as("leaves viewing a slab")
                .isGreaterThan(leaves(loaded).size() / 2);
        loaded.checkInvariants();
        long main = 20_000;
        for (int i = 0; i < 6_000; i++) {
            String key = rnd.nextInt(4) == 0 ? "long/prefix/of/some/key/" + rnd.nextInt(6000) : "k" + rnd.nextInt(6000);
            byte[] k = key.getBytes(StandardCharsets.ISO_8859_1);
            main++;
            if (index.get(k, main) != null && rnd.nextInt(8) == 0) {
                index.tombstone(k, Revision.pack(main, 0));
                loaded.tombstone(k, Revision.pack(main, 0));
            } else {
                index.put(k, Revision.pack(main, 0));
                loaded.put(k, Revision.pack(main, 0));
            }
            if (i % 1_500 == 0) {
                loaded.checkInvariants();
                assertThat(loaded.toString()).as("after write %d", i).isEqualTo(index.toString());
            }
            if (i == 100) { // some leaves written, the others still sharing: the image of both kinds
                assertThat(leaves(loaded).stream().anyMatch(BTreeLeaf::shared)).isTrue();
                assertThat(leaves(loaded).stream().allMatch(BTreeLeaf::shared)).isFalse();
                loaded.settle();
                BTreeIndex again = loaded(loaded, 4096);
                again.checkInvariants();
                assertThat(again.toString()).isEqualTo(loaded.toString());
            }
            if (i == 3_000) {
                assertThat(loaded.compact(main - 500)).isEqualTo(index.compact(main - 500));
            }
        }
        index.settle();
        loaded.settle();
        loaded.checkInvariants();
        assertThat(loaded.toString()).isEqualTo(index.toString());
        BTreeIndex again = loaded(loaded, 4096);
        again.checkInvariants();
        assertThat(again.toString()).isEqualTo(index.toString());
        assertThat(again.revisionCount()).isEqualTo(index.revisionCount());
    }

    @Test
    void aPartOfAnotherPlaceOrImageOrWithAFlippedBitIsRefused() {
        BTreeIndex index = index(new Random(2));
        List<Part> parts = parts(index, header(index), 4096);
        CRC32C crc = new CRC32C();
        IndexImage.Header h = IndexImage.header(parts.get(parts.size() - 1).data(), crc);
        Part first = parts.get(0);
        List<BTreeLeaf> out = new ArrayList<>();
        assertThat(IndexImage.readPart(first.data(), 2, h, crc, slabs(h), out)).as("read as part 2").isFalse();
        IndexImage.Header other = new IndexImage.Header(h.revision() + 1, h.lastRev(), h.compacted(), h.records(),
                h.digest(), h.keys(), h.revisions(), h.leaves(), h.parts(), h.leafCapacity(), h.suffixBytes(),
                h.codes());
        assertThat(IndexImage.readPart(first.data(), 1, other, crc, slabs(h), out)).as("of another image").isFalse();
        IndexImage.Header otherRows = new IndexImage.Header(h.revision(), h.lastRev(), h.compacted(), h.records(),
                h.digest() ^ 1, h.keys(), h.revisions(), h.leaves(), h.parts(), h.leafCapacity(), h.suffixBytes(),
                h.codes());
        assertThat(IndexImage.readPart(first.data(), 1, otherRows, crc, slabs(h), out))
                .as("of an image of the same revision made from other rows").isFalse();
        assertThat(IndexImage.readPart(first.data(), 1, h, crc, new LeafSlabs(0, 0), out))
                .as("leaves beyond the header's totals").isFalse();
        Random rnd = new Random(3);
        for (int i = 0; i < 300; i++) {
            byte[] d = first.data().clone();
            int bit = rnd.nextInt(d.length * 8);
            d[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(IndexImage.readPart(d, 1, h, crc, slabs(h), out)).as("bit %d", bit).isFalse();
            byte[] head = parts.get(parts.size() - 1).data().clone();
            int hb = rnd.nextInt(head.length * 8);
            head[hb / 8] ^= (byte) (1 << (hb % 8));
            assertThat(IndexImage.header(head, crc)).as("header bit %d", hb).isNull();
        }
        assertThat(out).as("nothing decoded from a refused part").isEmpty();
    }

    private static LeafSlabs slabs(IndexImage.Header h) {
        return new LeafSlabs(h.suffixBytes(), h.codes());
    }
}
