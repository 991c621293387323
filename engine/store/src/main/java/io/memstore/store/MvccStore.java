package io.memstore.store;

import io.memstore.store.internal.image.IndexImage;
import io.memstore.store.internal.image.IndexImageTable;
import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.internal.index.BTreeLeaf;
import io.memstore.store.internal.sqlite.Change;
import io.memstore.store.internal.sqlite.ReadConnection;
import io.memstore.store.internal.sqlite.RecordChecksum;
import io.memstore.store.internal.sqlite.SqliteBackend;
import io.memstore.store.internal.sqlite.SqliteOptions;
import io.memstore.store.internal.sqlite.StoreMeta;
import io.memstore.store.internal.sqlite.StoreSchema;
import io.memstore.store.internal.sqlite.StoredRecord;
import io.memstore.store.internal.sqlite.ValueRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An embeddable etcd-style MVCC key-value store: every write transaction creates a new main revision, every
 * revision that has not been compacted can be read, and the history of each key lives in an in-memory
 * {@link RevisionIndex} over the values in one SQLite file (format: {@link StoreSchema}).
 *
 * <pre>{@code
 * try (MvccStore store = MvccStore.open(path)) {
 *     long rev = store.put(key, value);
 *     RangeResult r = store.range(from, to, RangeOptions.atRevision(rev).limit(10).countTotal());
 *     try (WriteTxn txn = store.write()) { txn.put(k1, v1); txn.deleteRange(k2, null); txn.commit(); }
 *     store.compact(rev);
 * }
 * }</pre>
 *
 * <h2>Revisions</h2>
 * The store starts at revision 0 (empty); each write transaction that changes something gets current + 1.
 * Reads at revision R see the state after transaction R. {@code compact(C)} forgets the history before C:
 * reads at R &lt; C fail with {@link CompactedRevisionException}, reads at C and later answer as before (etcd's
 * rule). Reads beyond the current revision fail with {@link FutureRevisionException}.
 *
 * <h2>Concurrency</h2>
 * Any number of threads may read while one writes: one writer at a time holds the writer lock (a
 * {@link WriteTxn} holds it from {@link #write()} to commit/close), reads run on a pool of read-only SQLite
 * connections. A commit is visible to readers once {@code commit()} returns: its records are in SQLite (or, in
 * {@link Durability#DEFERRED} mode, in an in-memory buffer that readers consult first), then the index is
 * updated, then the current revision is published.
 *
 * <h2>Compaction, and crashes during it</h2>
 * {@code compact(C)} first records C as scheduled in the file, then compacts the index, which returns the
 * revisions still needed, then deletes every other record at or below C and records C as finished, in one SQLite
 * transaction. A crash before that transaction commits leaves every record in place; on the next open the
 * scheduled compaction is seen to be unfinished, the index is rebuilt from all records and the compaction is
 * run again.
 *
 * <h2>Opening</h2>
 * A file is open in one store at a time: a second open, in this JVM or in another process, under any name
 * (symlinks, {@code ..}, hard links), fails at once with a {@link StoreException} naming the file (and, on
 * Linux, the pid of the process holding it); see {@code StoreLock}. An existing file is checked read-only
 * before anything writes to it: SQLite header, application_id, format version, the write-ahead log, tables,
 * meta records, the record counts, and every key record and its checksum while the index is rebuilt from them in
 * revision order (a file of another format version is refused; {@link StoreSchema}). A foreign,
 * damaged or inconsistent file fails with {@link StoreFormatException} (a damaged record with
 * {@link StoreCorruptionException}) naming the file and is left unchanged; {@link #verify(Path)} lists every
 * damaged record of a file.
 *
 * <p>{@link #checkpoint()} and {@link #close()} write the index into the file as well ({@link IndexImage}, for a
 * {@link BTreeIndex}), with the revision it covers; the next open loads that image and reads only the key records
 * written after it, instead of every key record. An image that is missing, damaged, of another index capacity, made
 * stale by a later compaction or made from other records (another file's, or those of a copy of this file that took
 * other writes: the image holds the digest of its records, {@code KeyDigest}) is not loaded: the open rebuilds the
 * index from every record, as without one.
 *
 * <h2>Integrity</h2>
 * Every record carries a checksum of its contents ({@link RecordChecksum}): a key record's is verified on open and on
 * every range read, a value record's whenever a read returns its value and by {@link #verify(Path)}. A get reads the
 * value record alone and checks it against the key, created revision and version the index holds for it, which its
 * checksum covers. A mismatch throws {@link StoreCorruptionException} naming the file, key and revision, and no
 * damaged value is ever returned.
 */
public final class MvccStore implements AutoCloseable {

    private final Path file;
    private final StoreOptions options;
    private final RevisionIndex index;
    private final SqliteBackend backend;
    private final ReentrantLock writeLock = new ReentrantLock();
    /** Encodes each change's records as the writer makes it; guarded by the writer lock. */
    private final Change.Encoder encoder = new Change.Encoder();
    /** DEFERRED only, else null: the group commit buffers and their background flushes. */
    private final DeferredWriter deferred;
    private volatile long currentRevision;
    private volatile long compactedRevision;
    private volatile boolean closed;
    /**
     * The image of the index the open loaded ({@link IndexImage}), or null when it rebuilt the index from the records.
     */
    private final IndexImage.Header imageAtOpen;
    /** The revision and compaction of the index image in the file (-1: none known); guarded by the writer lock. */
    private long imageRevision = -1;
    private long imageCompacted = -1;

    private MvccStore(Path file, StoreOptions options) {
        this.file = file;
        this.options = options;
        RevisionIndex idx = options.indexFactory().get();
        if (idx == null || idx.keyCount() != 0) {
            throw new IllegalArgumentException("StoreOptions.indexFactory must return a new, empty index, got "
                    + (idx == null ? "null" : "one holding " + idx.keyCount() + " keys"));
        }
        this.index = idx;
        IndexLoader loader = new IndexLoader(file, idx, options.maxKeySize());
        this.backend = SqliteBackend.open(file, new SqliteOptions(options.durability(), options.readConnections(),
                options.sqliteCacheKiB()), loader);
        idx.settle();
        StoreMeta meta = backend.metaAtOpen();
        this.currentRevision = meta.currentRevision();
        this.compactedRevision = meta.finishedCompaction();
        this.imageAtOpen = loader.image();
        if (imageAtOpen != null) {
            imageRevision = imageAtOpen.revision();
            imageCompacted = imageAtOpen.compacted();
        }
        try {
            if (meta.scheduledCompaction() > meta.finishedCompaction()) {
                finishCompaction(meta.scheduledCompaction()); // interrupted before its deletions committed
            }
        } catch (RuntimeException e) {
            backend.close();
            throw e;
        }
        this.deferred = options.durability() == Durability.DEFERRED ? new DeferredWriter(backend::write, file, options, writeLock) : null;
    }

    /** Opens or creates the store in {@code file} with {@link StoreOptions#defaults()}. */
    public static MvccStore open(Path file) {
        return open(file, StoreOptions.defaults());
    }

    /**
     * Opens the store in {@code file}, creating it when the file does not exist or is empty. The directory
     * must exist and be writable (SQLite keeps {@code -wal} and {@code -shm} files next to the file).
     *
     * @throws StoreFormatException when the file is not a store this version can open, or is damaged (it is
     *                              left unchanged)
     *                              @throws StoreException       when the file cannot be opened, or is open already in
     *                              this JVM or in another process
     */
    public static MvccStore open(Path file, StoreOptions options) {
        Objects.requireNonNull(file, "file must not be null");
        Objects.requireNonNull(options, "options must not be null");
        return new MvccStore(canonical(file), options);
    }

    /**
     * Checks a whole store file without changing it: every record against its checksum and against the rules the
     * open applies to a record on its own, the meta records against the records, the write-ahead log, the index image
     * (which an open that finds it damaged ignores), and SQLite's own {@code integrity_check}. Returns every damaged
     * record and every other problem found rather than stopping at the first. The file must not be open in a store
     * (this JVM or another process): it is locked while it is read, as {@link #open} locks it.
     *
     * @throws StoreException when the file does not exist or is open in a store
     */
    public static VerifyReport verify(Path file) {
        Objects.requireNonNull(file, "file must not be null");
        return SqliteBackend.verify(canonical(file), new VerifyRules());
    }

    // ---- writes ----

    /** Puts one key; returns the new current revision. The store copies both arrays. */
    public long put(byte[] key, byte[] value) {
        try (WriteTxn txn = write()) {
            txn.put(key, value);
            return txn.commit();
        }
    }

    /**
     * Deletes the live keys of a range ({@code end == null}: the single key; empty {@code end}: from key to the
     * end of the keyspace; otherwise [key, end)). Returns the new revision, or the unchanged current revision
     * when nothing was deleted.
     */
    public long deleteRange(byte[] key, byte[] end) {
        try (WriteTxn txn = write()) {
            txn.deleteRange(key, end);
            return txn.commit();
        }
    }

    /**
     * Begins a write transaction; it holds the writer lock until commit or close (waiting for it if another
     * thread holds it).
     */
    public WriteTxn write() {
        checkNoTxnOnThisThread("write");
        checkOpen();
        writeLock.lock();
        try {
            checkOpen();
            long main = currentRevision + 1;
            if (main > Revision.MAX_MAIN) {
                throw new RevisionOverflowException("store " + file + " has reached the last revision " + Revision.MAX_MAIN);
            }
            return new WriteTxn(this, main);
        } catch (RuntimeException e) {
            writeLock.unlock();
            throw e;
        }
    }

    /**
     * Compacts at main revision {@code rev}: afterwards reads below {@code rev} fail and the records only they
     * needed are deleted from the file. See the class comment for what a crash during compaction does.
     *
     * <p>If deleting the records fails (a StoreException), the compaction still holds for reads and the index;
     * the records are deleted by the next compaction or, since the file records it as unfinished, on the next open.
     *
     * @throws CompactedRevisionException when {@code rev} is not above the compacted revision
     * @throws FutureRevisionException    when {@code rev} is above the current revision
     */
    public void compact(long rev) {
        checkNoTxnOnThisThread("compact");
        checkOpen();
        writeLock.lock();
        try {
            checkOpen();
            long current = currentRevision;
            if (rev > current) {
                throw new FutureRevisionException(rev, current);
            }
            if (rev <= compactedRevision) {
                throw new CompactedRevisionException(rev, compactedRevision);
            }
            if (deferred != null) {
                deferred.flushNow();
            }
            backend.scheduleCompaction(rev);
            finishCompaction(rev);
        } finally {
            writeLock.unlock();
        }
    }

    /** Index compaction, then the record deletions; compactedRevision is published first, for racing readers. */
    private void finishCompaction(long rev) {
        compactedRevision = rev;
        long[] kept = index.compact(rev);
        backend.compact(rev, kept);
    }

    /**
     * Writes buffered {@link Durability#DEFERRED} commits to the file now (nothing to write in the other modes),
     * then {@link RevisionIndex#settle settles} the index and frees the SQLite writer's page cache: a pause in the
     * writes releases the room its write path keeps.
     *
     * @throws StoreException when the write fails; the commits stay buffered and visible, and are retried
     */
    public void flush() {
        checkOpen();
        writeLock.lock();
        try {
            checkOpen();
            if (deferred != null) {
                deferred.flushNow();
            }
            index.settle();
            backend.releaseWriterCache();
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * {@link #flush Flushes}, writes the index's image into the file when the index changed since the last one
     * (see Opening), then copies SQLite's write-ahead log into the database file and truncates the log to zero
     * bytes: the file alone holds every commit, and the next open has no log to replay and loads the index. A store
     * checkpoints on its own as it writes (SQLite's automatic checkpoint, and for {@link Durability#DEFERRED}
     * stores a background one); this is for a pause in the writes, a backup of the file, or a measurement of it.
     * Commits wait until it returns: up to SQLite's busy timeout when a read in progress still needs the log.
     *
     * @return whether the log was emptied; false when a read in progress still needed some of it after SQLite's
     *         busy timeout (those frames are copied by a later checkpoint)
     * @throws StoreException when the flush or the checkpoint fails
     */
    public boolean checkpoint() {
        checkOpen();
        writeLock.lock();
        try {
            flush();
            writeImage();
            return backend.checkpointLog();
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Writes the image of the index into the file ({@link IndexImage}), so that the next open loads it and reads
     * only the key records written after it, when the index is a {@link BTreeIndex} that changed since the image in
     * the file. The caller holds the writer lock, every commit is in the file and the index is settled. A failure
     * (a full disk) changes nothing: the image only saves the next open time, which loads the image there before,
     * or scans every record, and is as correct either way.
     */
    private void writeImage() {
        if (!(index instanceof BTreeIndex tree)
                || (imageRevision == currentRevision && imageCompacted == compactedRevision)) {
            return;
        }
        List<BTreeLeaf> leaves = tree.settledLeaves(); // no write runs: the writer lock is held
        if (leaves == null) {
            return; // settled by the caller, always; a loose leaf would be written as settled
        }
        long revision = currentRevision;
        long compacted = compactedRevision;
        try {
            backend.inTransaction("writing the index image of revision " + revision,
                    w -> IndexImageTable.write(w, tree, leaves, revision, compacted));
            imageRevision = currentRevision;
            imageCompacted = compactedRevision;
            backend.releaseWriterCache(); // the pages the image went through, as a flush releases the records' ones
        } catch (StoreException e) {
            // the file keeps its earlier image, if any, which the next open loads or finds stale
        }
    }

    // ---- reads ----

    /**
     * The live keys of a range at a revision ({@code end == null}: the single key {@code key}; empty
     * {@code end}: from {@code key} to the end of the keyspace; otherwise [key, end); an empty key with an empty
     * end is the whole keyspace).
     */
    public RangeResult range(byte[] key, byte[] end, RangeOptions options) {
        Objects.requireNonNull(options, "range options must not be null (use RangeOptions.latest())");
        checkRangeKeys(key, end);
        checkOpen();
        long current = currentRevision;
        long rev = options.isLatest() ? current : options.revision();
        if (rev > current) {
            throw new FutureRevisionException(rev, current);
        }
        checkNotCompacted(rev);
        IndexRange found = index.range(key, end, rev, options.limit(), options.countsTotal());
        List<KeyValue> kvs = fetch(found.keys(), found.revisions(), rev);
        // a compaction that began after the first check may have trimmed what the index answered
        checkNotCompacted(rev);
        long count = options.countsTotal() ? found.total() : kvs.size();
        return new RangeResult(kvs, count, current, found.more());
    }

    /** The range at the current revision. */
    public RangeResult range(byte[] key, byte[] end) {
        return range(key, end, RangeOptions.latest());
    }

    /** The key at the current revision, or null when it is not live: {@code range(key, null)}'s one key. */
    public KeyValue get(byte[] key) {
        return get(key, RangeOptions.latest());
    }

    /** The key at main revision {@code rev}, or null when it was not live then. */
    public KeyValue get(byte[] key, long rev) {
        return get(key, RangeOptions.atRevision(rev));
    }

    /**
     * The one key of a single-key range, read as a range reads it but for the record: the index answers with the
     * change's revision, created revision and version, so only the change's value record is read, by revision, and
     * checked against them ({@link ValueRecord}); the key record holds nothing the index does not.
     */
    private KeyValue get(byte[] key, RangeOptions options) {
        checkRangeKeys(key, null);
        checkOpen();
        long current = currentRevision;
        long rev = options.isLatest() ? current : options.revision();
        if (rev > current) {
            throw new FutureRevisionException(rev, current);
        }
        checkNotCompacted(rev);
        KeyState state = index.get(key, rev);
        KeyValue kv = state == null ? null : read(key, state, rev);
        // a compaction that began after the first check may have trimmed what the index answered
        checkNotCompacted(rev);
        return kv;
    }

    /** The change {@code state} of {@code key}: from the deferred buffer first, then its value record in SQLite. */
    private KeyValue read(byte[] key, KeyState state, long atRev) {
        long modRev = state.modRevision();
        if (deferred != null) {
            // after currentRevision, and in this order: see DeferredWriter
            StoredRecord r = deferred.pending().get(modRev);
            PendingRecords f = r == null ? deferred.flushing() : null;
            if (f != null) {
                r = f.get(modRev);
            }
            if (r != null) {
                return r.toKeyValue(true);
            }
        }
        byte[] value = backend.readValue(modRev, key, state.createRevision(), state.version());
        if (value == null) {
            checkNotCompacted(atRev); // deleted by a compaction that raced with this read
            throw ReadConnection.damaged(file, modRev, key, "has no value row in kv_value");
        }
        return new KeyValue(key.clone(), value, Revision.main(state.createRevision()), Revision.main(modRev),
                state.version());
    }

    /** The records of the index's answer: from the deferred buffer first, then from SQLite. */
    private List<KeyValue> fetch(List<byte[]> keys, long[] revs, long atRev) {
        int n = revs.length;
        StoredRecord[] records = new StoredRecord[n];
        boolean[] buffered = new boolean[n];
        int missing = n;
        if (deferred != null) {
            // after currentRevision, and in this order: see DeferredWriter
            PendingRecords p = deferred.pending();
            PendingRecords f = deferred.flushing();
            for (int i = 0; i < n; i++) {
                StoredRecord r = p.get(revs[i]);
                if (r == null && f != null) {
                    r = f.get(revs[i]);
                }
                if (r != null) {
                    records[i] = r;
                    buffered[i] = true;
                    missing--;
                }
            }
        }
        if (missing > 0) {
            long[] ask = new long[missing];
            int j = 0;
            for (int i = 0; i < n; i++) {
                if (records[i] == null) {
                    ask[j++] = revs[i];
                }
            }
            StoredRecord[] got = backend.read(ask);
            j = 0;
            for (int i = 0; i < n; i++) {
                if (records[i] == null) {
                    records[i] = got[j++];
                }
            }
        }
        List<KeyValue> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            StoredRecord r = records[i];
            if (r == null) {
                checkNotCompacted(atRev); // deleted by a compaction that raced with this read
                throw new StoreException("store " + file + " is inconsistent: the index holds revision "
                        + Revision.toString(revs[i]) + " of key " + KeyValue.printable(keys.get(i))
                        + " but the file has no row for it");
            }
            if (r.tombstone() || !Arrays.equals(r.key(), keys.get(i))) {
                throw new StoreException("store " + file + " is inconsistent: revision " + Revision.toString(revs[i])
                        + " should be a put of key " + KeyValue.printable(keys.get(i)) + " but the file holds "
                        + (r.tombstone() ? "a tombstone of " : "a put of ") + KeyValue.printable(r.key()));
            }
            out.add(r.toKeyValue(buffered[i]));
        }
        return out;
    }

    private void checkNotCompacted(long rev) {
        long compacted = compactedRevision;
        if (rev < compacted) {
            throw new CompactedRevisionException(rev, compacted);
        }
    }

    // ---- state ----

    /** The main revision of the last committed write transaction (0 for a new store). */
    public long currentRevision() {
        return currentRevision;
    }

    /** The revision of the last compaction (0 when never compacted); reads below it fail. */
    public long compactedRevision() {
        return compactedRevision;
    }

    /** The index, for inspection and measurement: callers must not change it. */
    public RevisionIndex index() {
        return index;
    }

    /** Bytes on disk: the database file plus its write-ahead log. */
    public long fileSize() {
        checkOpen();
        return backend.fileSize();
    }

    public Path file() {
        return file;
    }

    public StoreOptions options() {
        return options;
    }

    /** The failure of the last background flush (DEFERRED), or null when the last flush succeeded. */
    public StoreException lastFlushFailure() {
        return deferred == null ? null : deferred.lastFailure();
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Writes buffered commits and the index's image (see Opening), then closes the file. Waits for an open write
     * transaction of another thread to finish. Idempotent.
     *
     * @throws StoreException when buffered DEFERRED commits could not be written: they are lost
     */
    @Override
    public void close() {
        writeLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            StoreException failure = null;
            if (deferred != null) {
                int buffered = deferred.bufferedRevisions();
                try {
                    deferred.close();
                } catch (StoreException e) {
                    failure = new StoreException("closing " + file + ": " + buffered + " buffered revisions up to "
                            + currentRevision + " could not be written and are lost: " + e.getMessage(), e);
                }
            }
            if (failure == null) {
                index.settle();
                writeImage(); // every commit is in the file
            }
            try {
                backend.close();
            } catch (StoreException e) {
                if (failure == null) {
                    failure = e;
                }
            }
            if (failure != null) {
                throw failure;
            }
        } finally {
            writeLock.unlock();
        }
    }

    // ---- for WriteTxn (writer lock held) ----

    /** Makes a transaction's changes durable (or buffered), then visible: index first, revision last. */
    void commitLocked(long main, List<Change> records) {
        checkOpen();
        if (deferred == null) {
            backend.write(records, main);
        } else {
            deferred.beforeCommit();
            deferred.add(main, records);
        }
        for (Change r : records) {
            if (r.tombstone()) {
                index.tombstone(r.key(), r.rev());
            } else {
                index.put(r.key(), r.rev());
            }
        }
        currentRevision = main;
        if (deferred != null) {
            deferred.afterCommit();
        }
    }

    void releaseWriter() {
        writeLock.unlock();
    }

    /** The image of the index this store was opened from, or null when the open scanned every key record; for tests. */
    IndexImage.Header imageAtOpen() {
        return imageAtOpen;
    }

    /** The SQLite side, for tests that make it fail (see {@link SqliteBackend#maxPageCount}). */
    SqliteBackend backend() {
        return backend;
    }

    /** The key's state for a put of the writer: the index may keep its place for the commit's write. */
    KeyState liveState(byte[] key, long atRev) {
        return index.getForUpdate(key, atRev);
    }

    List<byte[]> liveKeys(byte[] key, byte[] end, long atRev) {
        return index.range(key, end, atRev, 0, false).keys();
    }

    byte[] checkedKey(byte[] key) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        if (key.length == 0) {
            throw new IllegalArgumentException("key must not be empty");
        }
        if (key.length > options.maxKeySize()) {
            throw new IllegalArgumentException("key is " + key.length + " B, above the limit of "
                    + options.maxKeySize() + " B (StoreOptions.maxKeySize, settable up to "
                    + StoreOptions.MAX_KEY_SIZE_LIMIT + " B)");
        }
        return key.clone();
    }

    /** The changes' encoder, for the writer's transaction (writer lock held). */
    Change.Encoder encoder() {
        return encoder;
    }

    /** Checks a value to put; the transaction's {@link Change.Encoder} copies it into its value record. */
    void checkValue(byte[] value) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null (an empty value is allowed)");
        }
        if (value.length > options.maxValueSize()) {
            throw new IllegalArgumentException("value is " + value.length + " B, above the limit of "
                    + options.maxValueSize() + " B (StoreOptions.maxValueSize, settable up to "
                    + StoreOptions.MAX_VALUE_SIZE_LIMIT + " B)");
        }
    }

    static void checkRangeKeys(byte[] key, byte[] end) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null (an empty key with an empty end is the whole"
                    + " keyspace)");
        }
        if (end == null && key.length == 0) {
            throw new IllegalArgumentException("key must not be empty when end is null (a single key); use an"
                    + " empty end for a range to the end of the keyspace");
        }
    }

    // ---- internals ----

    private void checkOpen() {
        if (closed) {
            throw new StoreClosedException("store " + file + " is closed");
        }
    }

    private void checkNoTxnOnThisThread(String what) {
        if (writeLock.isHeldByCurrentThread()) {
            throw new IllegalStateException("cannot " + what + " on " + file + ": this thread has a WriteTxn open;"
                    + " commit or close it first");
        }
    }

    /**
     * One name per file: symlinks and {@code ..} resolved, so that SQLite's -wal and -shm files are always beside
     * the real file (hard links are told apart by {@code StoreLock}).
     */
    private static Path canonical(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        try {
            if (Files.exists(abs)) {
                return abs.toRealPath();
            }
            Path dir = abs.getParent();
            if (dir != null && Files.isDirectory(dir)) {
                return dir.toRealPath().resolve(abs.getFileName());
            }
        } catch (IOException e) {
            // fall back to the absolute path; opening will report what is wrong with it
        }
        return abs;
    }
}
