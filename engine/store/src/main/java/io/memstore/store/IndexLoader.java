package io.memstore.store;

import io.memstore.store.internal.image.IndexImage;
import io.memstore.store.internal.image.IndexImageTable;
import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.index.BTreeLeaf;
import io.memstore.store.internal.index.RestoreRecords;
import io.memstore.store.internal.sqlite.ImageCover;
import io.memstore.store.internal.sqlite.RecordScan;
import io.memstore.store.internal.sqlite.StoreMeta;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rebuilds a {@link RevisionIndex} from the records of an existing file, which arrive in revision order (etcd's
 * restore): a put becomes {@link RevisionIndex#restore} (the first record seen of a key after compaction carries its
 * generation's creation and version), a tombstone {@link RevisionIndex#tombstone}. A record that breaks the format's
 * rules stops the open with an error naming the revision.
 *
 * <p>An empty {@link BTreeIndex} is not given the records one by one: they are collected in {@link RestoreRecords},
 * grouped by key, and the index is built from them at the {@link #end} of the scan in one pass in key order
 * ({@link BTreeIndex#load}). The records are checked as they arrive either way, against the key's state the buffer
 * reports, so the same file gives the same error at the same revision. Any other index gets the calls in revision
 * order.
 */
final class IndexLoader implements RecordScan.RecordSink {
    private final Path file;
    private final RevisionIndex index;
    private final int maxKeySize;
    private long lastRev = -1;
    private long records;
    private RestoreRecords buffer;
    /** The image the index was loaded from, or null. */
    private IndexImage.Header image;

    IndexLoader(Path file, RevisionIndex index, int maxKeySize) {
        this.file = file;
        this.index = index;
        this.maxKeySize = maxKeySize;
        this.buffer = index instanceof BTreeIndex && index.keyCount() == 0 ? new RestoreRecords() : null;
    }

    @Override
    public void accept(long rev, byte[] bytes, int keyFrom, long createRev, long version) {
        if (rev <= lastRev) {
            throw inconsistent(rev, "revisions are not ascending (previous row " + Revision.toString(lastRev) + ")");
        }
        String problem = recordProblem(rev, bytes.length - keyFrom, createRev, version, maxKeySize);
        if (problem != null) {
            throw inconsistent(rev, problem);
        }
        lastRev = rev;
        records++;
        boolean tombstone = version == 0; // StoreSchema: a tombstone has version 0
        if (buffer != null) {
            int before = buffer.add(bytes, keyFrom, rev, tombstone, createRev, version);
            if (tombstone && before != RestoreRecords.LIVE) {
                throw notLive(rev, Arrays.copyOfRange(bytes, keyFrom, bytes.length));
            }
            if (!tombstone && before != RestoreRecords.LIVE && version > BTreeIndex.MAX_VERSION) {
                throw inconsistent(rev, "put with version " + version + " (at most " + BTreeIndex.MAX_VERSION + ")");
            }
            return;
        }
        byte[] key = keyFrom == 0 ? bytes : Arrays.copyOfRange(bytes, keyFrom, bytes.length);
        try {
            if (tombstone) {
                index.tombstone(key, rev);
            } else {
                index.restore(key, createRev, rev, version);
            }
        } catch (KeyNotFoundException e) {
            throw notLive(rev, key);
        } catch (IllegalArgumentException e) {
            throw inconsistent(rev, e.getMessage());
        }
    }

    /**
     * Loads the file's index image ({@link IndexImageTable#read}) into the index when it is an empty {@link BTreeIndex}
     * that no record reached yet and the image is whole and current (the open then checks that it was made from the
     * file's records, by their digest, and resets this loader when not): the records after the image's then go to the
     * index one by one, in revision order, as to any non-empty index.
     */
    @Override
    public ImageCover loadImage(Connection ro, StoreMeta meta) throws SQLException {
        if (buffer == null || records != 0) {
            return null;
        }
        BTreeIndex target = (BTreeIndex) index;
        List<BTreeLeaf> leaves = new ArrayList<>();
        IndexImage.Header header = IndexImageTable.read(ro, meta, target, leaves);
        if (header == null) {
            return null;
        }
        target.replace(leaves, header.revisions());
        image = header;
        buffer = null;
        lastRev = header.lastRev();
        records = header.records();
        return new ImageCover(header.lastRev(), header.records(), header.digest());
    }

    @Override
    public void reset() {
        if (index instanceof BTreeIndex tree) {
            tree.replace(List.of(), 0);
            buffer = new RestoreRecords();
        }
        image = null;
        lastRev = -1;
        records = 0;
    }

    /** The image the index was loaded from, or null when it was rebuilt from every record. */
    IndexImage.Header image() {
        return image;
    }

    @Override
    public void begin(long expectedRecords) {
        if (buffer != null) {
            buffer.expect(expectedRecords);
        }
    }

    /** Builds the index from the collected records, once every record was accepted; the buffer is then dropped. */
    @Override
    public void end() {
        if (buffer != null) {
            RestoreRecords collected = buffer;
            buffer = null;
            ((BTreeIndex) index).load(collected);
        }
    }

    long records() {
        return records;
    }

    /**
     * What makes a key record impossible on its own, whatever the records before it, or null: a main revision out of
     * range, a key of 0 B or above {@code maxKeySize}, a tombstone (version 0) that names a created revision, a
     * put whose created revision or version cannot be. The open refuses such a record; {@link MvccStore#verify}
     * lists it.
     */
    static String recordProblem(long rev, byte[] key, long createRev, long version, int maxKeySize) {
        return recordProblem(rev, key.length, createRev, version, maxKeySize);
    }

    /** {@link #recordProblem(long, byte[], long, long, int)} of a key of {@code keyLength} bytes. */
    static String recordProblem(long rev, int keyLength, long createRev, long version, int maxKeySize) {
        if (Revision.main(rev) < 1 || Revision.main(rev) > Revision.MAX_MAIN) {
            return "main revision out of range 1.." + Revision.MAX_MAIN;
        }
        if (keyLength == 0 || keyLength > maxKeySize) {
            return "key of " + keyLength + " B (allowed 1.." + maxKeySize
                    + " B; raise StoreOptions.maxKeySize if the file was written with a larger limit)";
        }
        if (version == 0 && createRev != 0) {
            return "tombstone with create_rev " + Revision.toString(createRev) + " (expected 0)";
        }
        if (version != 0 && (version < 1 || createRev < Revision.first(1) || createRev > rev)) {
            return "put with create_rev " + Revision.toString(createRev) + ", version " + version
                    + " (expected 1.0 <= create_rev <= rev, version >= 1)";
        }
        return null;
    }

    private StoreFormatException notLive(long rev, byte[] key) {
        return inconsistent(rev, "tombstone of key " + KeyValue.printable(key) + ", which is not live");
    }

    private StoreFormatException inconsistent(long rev, String what) {
        return new StoreFormatException(file + " is inconsistent at revision " + Revision.toString(rev) + ": " + what
                + "; the file was not modified");
    }
}
