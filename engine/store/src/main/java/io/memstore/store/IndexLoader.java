package io.memstore.store;

import java.nio.file.Path;

/**
 * Rebuilds a {@link RevisionIndex} from the rows of an existing file, in revision order (etcd's restore):
 * a put becomes {@link RevisionIndex#restore} (the first row seen of a key after compaction carries its
 * generation's creation and version), a tombstone {@link RevisionIndex#tombstone}. A row that breaks the
 * format's rules stops the open with an error naming the revision.
 */
final class IndexLoader implements SqliteBackend.RowSink {
    private final Path file;
    private final RevisionIndex index;
    private final int maxKeySize;
    private long lastRev = -1;
    private long rows;

    IndexLoader(Path file, RevisionIndex index, int maxKeySize) {
        this.file = file;
        this.index = index;
        this.maxKeySize = maxKeySize;
    }

    @Override
    public void accept(long rev, byte[] key, long createRev, long version, int tombstone) {
        if (rev <= lastRev) {
            throw inconsistent(rev, "revisions are not ascending (previous row " + Revision.toString(lastRev) + ")");
        }
        if (Revision.main(rev) < 1 || Revision.main(rev) > Revision.MAX_MAIN) {
            throw inconsistent(rev, "main revision out of range 1.." + Revision.MAX_MAIN);
        }
        if (key.length == 0 || key.length > maxKeySize) {
            throw inconsistent(rev, "key of " + key.length + " B (allowed 1.." + maxKeySize
                    + " B; raise StoreOptions.maxKeySize if the file was written with a larger limit)");
        }
        lastRev = rev;
        rows++;
        try {
            if (tombstone == 1) {
                if (createRev != 0 || version != 0) {
                    throw inconsistent(rev, "tombstone with create_rev " + createRev + ", version " + version
                            + " (expected 0, 0)");
                }
                index.tombstone(key, rev);
            } else if (tombstone == 0) {
                if (version < 1 || createRev < Revision.first(1) || createRev > rev) {
                    throw inconsistent(rev, "put with create_rev " + Revision.toString(createRev) + ", version "
                            + version + " (expected 1.0 <= create_rev <= rev, version >= 1)");
                }
                index.restore(key, createRev, rev, version);
            } else {
                throw inconsistent(rev, "tombstone flag " + tombstone + " (expected 0 or 1)");
            }
        } catch (KeyNotFoundException e) {
            throw inconsistent(rev, "tombstone of key " + KeyValue.printable(key) + ", which is not live");
        } catch (IllegalArgumentException e) {
            throw inconsistent(rev, e.getMessage());
        }
    }

    long rows() {
        return rows;
    }

    private StoreFormatException inconsistent(long rev, String what) {
        return new StoreFormatException(file + " is inconsistent at revision " + Revision.toString(rev) + ": " + what
                + "; the file was not modified");
    }
}
