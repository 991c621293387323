package io.memstore.store.internal.image;

import io.memstore.store.Revision;
import io.memstore.store.internal.index.BTreeLeaf;
import io.memstore.store.internal.index.LeafCodec;
import io.memstore.store.internal.index.LeafSlabs;
import io.memstore.store.internal.sqlite.KeyDigest;
import io.memstore.store.internal.sqlite.RecordChecksum;
import io.memstore.store.internal.sqlite.RecordScan;
import io.memstore.store.internal.sqlite.SqliteConnections;
import io.memstore.store.internal.sqlite.StoreMeta;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * What {@code MvccStore.verify} finds wrong with a file's index image ({@code index_image}, {@link IndexImage}). An
 * open never loads a damaged image: it rebuilds the index from every record instead, as correct but slower, and says
 * nothing; so verify is where the damage is reported. Damage is what a whole image never has: a header or part that
 * fails its checksum, a part that does not decode into settled leaves, a part missing or beyond the header's count,
 * counts that disagree with the header, leaves out of key order, a header that claims more than the file holds. An
 * image made from other records than this file's (another file's, or those of a copy of this file that took other
 * writes after the copy) is reported as well: its digest ({@link KeyDigest}) is not that of the file's records it
 * claims to cover, and the open does not load it. An image older than the records, one made stale by a later
 * compaction and one of another leaf capacity are not damage: the open completes the first from the records and
 * rebuilds instead of the others, by design.
 *
 * <p>The parts are checked one at a time and their leaves dropped after, so verify holds one part, not the index.
 */
public final class IndexImageCheck {
    private static final String TABLE = "index_image";
    /** What every problem ends with: what the damage costs. */
    private static final String EFFECT = "; an open rebuilds the index from the rows instead";

    private IndexImageCheck() {
    }

    /**
     * The problems of the image in the file of {@code s} against its meta records and {@code scan} (what verify's
     * scan of every kv_key record saw; null when SQLite stopped it, and the records are then not compared); empty when
     * it has none or it is whole.
     */
    public static List<String> problems(Statement s, StoreMeta meta, RecordScan.Scan scan) {
        List<String> problems = new ArrayList<>();
        try {
            check(s, meta, scan, problems);
        } catch (SQLException e) {
            problems.add(TABLE + ": SQLite could not read the index image: " + e.getMessage() + EFFECT);
        }
        return problems;
    }

    private static void check(Statement s, StoreMeta meta, RecordScan.Scan scan, List<String> problems)
            throws SQLException {
        long parts = SqliteConnections.queryLong(s, "SELECT count(*) FROM " + TABLE);
        if (parts == 0) {
            return; // no image: the open scans every record
        }
        CRC32C crc = new CRC32C();
        byte[] part0 = null;
        boolean hasHeader;
        try (ResultSet rs = s.executeQuery("SELECT data FROM " + TABLE + " WHERE part = 0")) {
            hasHeader = rs.next();
            if (hasHeader) {
                part0 = SqliteConnections.orEmpty(rs.getBytes(1));
            }
        }
        if (!hasHeader) {
            problems.add(TABLE + ": " + parts + " parts of an index image without its header (part 0)" + EFFECT);
            return;
        }
        IndexImage.Header h = IndexImage.header(part0, crc);
        if (h == null) {
            problems.add(TABLE + ": the index image's header (part 0, " + part0.length + " B) fails its checksum or is"
                    + " not " + (RecordChecksum.BYTES + 8 * IndexImage.IMAGE_FIELDS) + " B long" + EFFECT);
            return;
        }
        String where = TABLE + ": the index image of revision " + h.revision();
        String header = headerProblem(h, meta);
        if (header != null) {
            problems.add(where + " " + header + EFFECT);
            return;
        }
        String foreign = scan == null ? null : recordsProblem(s, h, meta, scan);
        if (foreign != null) {
            problems.add(where + " " + foreign + EFFECT);
            return;
        }
        long expected = 1;
        long leaves = 0;
        long keys = 0;
        long revisions = 0;
        BTreeLeaf last = null;
        LeafSlabs slabs = new LeafSlabs(h.suffixBytes(), h.codes(), IndexImage.PART_BYTES);
        try (ResultSet rs = s.executeQuery("SELECT part, data FROM " + TABLE + " WHERE part > 0 ORDER BY part")) {
            while (rs.next()) {
                long number = rs.getLong(1);
                byte[] data = SqliteConnections.orEmpty(rs.getBytes(2));
                if (number > h.parts()) {
                    problems.add(where + " has part " + number + ", beyond the " + h.parts() + " its header counts"
                            + EFFECT);
                    return;
                }
                if (number != expected) {
                    problems.add(where + " lacks part " + expected + " of " + h.parts() + EFFECT);
                    return;
                }
                if (data.length < RecordChecksum.BYTES || RecordChecksum.stored(data) != IndexImage.checksum(crc,
                        (int) number, h, data, data.length)) {
                    problems.add(where + ": part " + number + " of " + h.parts() + " (" + data.length + " B) fails its"
                            + " checksum" + EFFECT);
                    return;
                }
                List<BTreeLeaf> read = new ArrayList<>();
                if (last != null) {
                    read.add(last);
                }
                int before = read.size();
                if (!IndexImage.readPart(data, (int) number, h, crc, slabs, read)) {
                    problems.add(where + ": part " + number + " of " + h.parts() + " passes its checksum but does not"
                            + " decode into settled leaves" + EFFECT);
                    return;
                }
                if (!LeafCodec.ascending(read)) {
                    problems.add(where + ": the keys of part " + number + " are not in ascending order after those"
                            + " before them" + EFFECT);
                    return;
                }
                for (BTreeLeaf leaf : read.subList(before, read.size())) {
                    leaves++;
                    keys += leaf.size();
                    revisions += leaf.revisionCount();
                }
                last = read.get(read.size() - 1);
                expected++;
            }
        }
        if (expected != h.parts() + 1) {
            problems.add(where + " lacks part " + expected + " of " + h.parts() + EFFECT);
        } else if (leaves != h.leaves() || keys != h.keys() || revisions != h.revisions()) {
            problems.add(String.format("%s: its header counts %d leaves, %d keys and %d revisions, its parts hold %d,"
                    + " %d and %d%s", where, h.leaves(), h.keys(), h.revisions(), leaves, keys, revisions, EFFECT));
        } else if (!slabs.filled()) {
            problems.add(String.format("%s: header totals (%d B of suffixes, %d codes) above its parts'%s", where,
                    h.suffixBytes(), h.codes(), EFFECT));
        }
    }

    /**
     * Null when the image was made from this file's records, as far as they can tell: when its compaction is the
     * file's, the records up to its last revision (all of them, less those after it) must be as many as it covers and
     * of its digest. Else what is wrong, as the open sees it (which then does not load the image).
     */
    private static String recordsProblem(Statement s, IndexImage.Header h, StoreMeta meta, RecordScan.Scan scan)
            throws SQLException {
        if (h.compacted() != meta.finishedCompaction()) {
            return null; // made stale by a later compaction: not loaded, not damage
        }
        RecordScan.Scan after = RecordScan.after(s, h.lastRev());
        long covered = scan.records() - after.records();
        long digest = scan.digest() ^ after.digest();
        if (covered == h.records() && digest == h.digest()) {
            return null;
        }
        return "does not describe this file's rows: it was made from " + h.records() + " rows up to revision "
                + Revision.toString(h.lastRev()) + " of digest " + KeyDigest.toString(h.digest()) + ", the file holds "
                + covered + " of digest " + KeyDigest.toString(digest) + " there (the image of another file, or of a"
                + " copy of this one that took other writes)";
    }

    /** What makes a header whose checksum passes impossible for this file, or null. */
    private static String headerProblem(IndexImage.Header h, StoreMeta meta) {
        if (h.revision() < 0 || h.records() < 0 || h.parts() < 0 || h.leaves() < 0 || h.keys() < 0 || h.revisions() < 0
                || h.leafCapacity() < 1 || h.suffixBytes() < 0 || h.codes() < 0) {
            return "has a negative field in its header";
        }
        if (h.revision() > meta.currentRevision()) {
            return "is beyond the file's current revision " + meta.currentRevision();
        }
        if (Revision.main(h.lastRev()) > h.revision()) {
            return "covers a row at revision " + Revision.toString(h.lastRev()) + ", after its own";
        }
        if (h.records() > meta.recordCount()) {
            return "covers " + h.records() + " rows, more than the " + meta.recordCount() + " the file holds";
        }
        return null;
    }
}
