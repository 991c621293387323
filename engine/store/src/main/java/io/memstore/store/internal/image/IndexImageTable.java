package io.memstore.store.internal.image;

import io.memstore.store.Revision;
import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.index.BTreeLeaf;
import io.memstore.store.internal.index.LeafCodec;
import io.memstore.store.internal.index.LeafSlabs;
import io.memstore.store.internal.sqlite.KeyDigest;
import io.memstore.store.internal.sqlite.SqliteConnections;
import io.memstore.store.internal.sqlite.StoreMeta;
import io.memstore.store.internal.sqlite.StoreSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The records of {@code index_image} ({@link StoreSchema}): an {@link IndexImage} written in the writer's transaction,
 * and read back on open only when it is whole and current. "Current" is decided against the meta records: the image's
 * compacted revision must be the file's finished compaction (a compaction after the image deleted records the image
 * still holds), its revision and record count no more than the file's, and when it covers as many records as the file
 * holds, its digest must be the file's ({@link KeyDigest}; with fewer, the open checks the digest after it read the
 * records after the image). Anything else (no header, a part missing or failing its checksum, a leaf that does not
 * decode, counts that disagree, another leaf capacity) is no image, and the open rebuilds the index from every record
 * instead.
 */
public final class IndexImageTable {
    private IndexImageTable() {
    }

    /**
     * Replaces the image in the file by one of {@code index} ({@code leaves}, settled) as of main revision
     * {@code revision} with compaction at {@code compacted}, in the caller's transaction on {@code w}, every write
     * up to {@code revision} being in the file. Returns its header.
     */
    public static IndexImage.Header write(Connection w, BTreeIndex index, List<BTreeLeaf> leaves, long revision,
                                   long compacted) throws SQLException {
        long records;
        long digest;
        long lastRev;
        try (Statement s = w.createStatement()) {
            s.execute("DELETE FROM index_image");
            records = SqliteConnections.queryLong(s, "SELECT value FROM meta WHERE name = '"
                    + StoreSchema.META_RECORD_COUNT + "'");
            digest = SqliteConnections.queryLong(s, "SELECT value FROM meta WHERE name = '"
                    + StoreSchema.META_KEY_DIGEST + "'");
            lastRev = SqliteConnections.queryLong(s, "SELECT coalesce(max(rev), 0) FROM kv_key");
        }
        IndexImage.Header header = new IndexImage.Header(revision, lastRev, compacted, records, digest,
                index.keyCount(), index.revisionCount(), index.leafCapacity());
        SQLException[] failure = new SQLException[1];
        IndexImage.Header written;
        try (PreparedStatement insert = w.prepareStatement("INSERT INTO index_image (part, data) VALUES (?, ?)")) {
            written = IndexImage.write(leaves, header, (part, data, length) -> {
                if (failure[0] != null) {
                    return;
                }
                try {
                    insert.setInt(1, part);
                    insert.setBytes(2, Arrays.copyOf(data, length));
                    insert.executeUpdate();
                } catch (SQLException e) {
                    failure[0] = e;
                }
            });
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        return written;
    }

    /**
     * The header of the file's image when it is whole, current against {@code meta} and of an index of
     * {@code index}'s leaf capacity, its leaves appended to {@code leaves}; else null, with nothing appended.
     */
    public static IndexImage.Header read(Connection ro, StoreMeta meta, BTreeIndex index, List<BTreeLeaf> leaves)
            throws SQLException {
        CRC32C crc = new CRC32C();
        IndexImage.Header h;
        try (Statement s = ro.createStatement();
             ResultSet rs = s.executeQuery("SELECT data FROM index_image WHERE part = 0")) {
            h = rs.next() ? IndexImage.header(rs.getBytes(1), crc) : null;
        }
        if (h == null || h.compacted() != meta.finishedCompaction() || h.revision() > meta.currentRevision()
                || h.revision() < 0 || Revision.main(h.lastRev()) > h.revision() || h.records() > meta.recordCount()
                || h.records() < 0 || (h.records() == meta.recordCount() && h.digest() != meta.keyDigest())
                || h.leafCapacity() != index.leafCapacity() || h.parts() < 0 || h.leaves() < 0
                || h.suffixBytes() < 0 || h.codes() < 0) {
            return null;
        }
        LeafSlabs slabs = new LeafSlabs(h.suffixBytes(), h.codes());
        List<BTreeLeaf> read = new ArrayList<>((int) Math.min(h.leaves(), 1 << 24));
        long expected = 1;
        try (Statement s = ro.createStatement();
             ResultSet rs = s.executeQuery("SELECT part, data FROM index_image WHERE part > 0 ORDER BY part")) {
            while (rs.next()) {
                if (rs.getLong(1) != expected || expected > h.parts()
                        || !IndexImage.readPart(rs.getBytes(2), (int) expected, h, crc, slabs, read)) {
                    return null;
                }
                expected++;
            }
        }
        if (expected != h.parts() + 1 || read.size() != h.leaves() || !slabs.filled()) {
            return null;
        }
        long keys = 0;
        long revisions = 0;
        for (BTreeLeaf leaf : read) {
            keys += leaf.size();
            revisions += leaf.revisionCount();
        }
        if (keys != h.keys() || revisions != h.revisions() || !LeafCodec.ascending(read)) {
            return null;
        }
        leaves.addAll(read);
        return h;
    }
}
