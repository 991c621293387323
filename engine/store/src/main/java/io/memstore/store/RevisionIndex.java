package io.memstore.store;

/**
 * The in-memory index of an MVCC store (etcd's {@code index}): for every key, the revisions at which it
 * changed, grouped in generations (one lifetime of the key, from its first put up to and including the
 * tombstone that deleted it).
 *
 * <p>Conventions shared by every implementation:
 * <ul>
 *   <li>Keys are byte arrays ordered unsigned-lexicographically ({@link java.util.Arrays#compareUnsigned(byte[], byte[])}); the index
 *       copies nothing it does not have to, and callers must not change an array after handing it over.</li>
 *   <li>{@code rev} arguments of writes are packed revisions ({@link Revision#pack}); {@code atRev}
 *       arguments of reads and compaction are <em>main</em> revisions: "the state after transaction
 *       atRev", which includes every sub revision of that transaction.</li>
 *   <li>Ranges: {@code end == null} means the single key {@code key}; an empty {@code end} means every key
 *       from {@code key} to the end of the keyspace; otherwise the half-open interval [key, end).</li>
 *   <li>{@code limit <= 0} means no limit.</li>
 * </ul>
 * Implementations are safe for many concurrent readers with one writer.
 */
public interface RevisionIndex {

    /** Records a put of {@code key} at packed revision {@code rev}, which must exceed the key's last change. */
    void put(byte[] key, long rev);

    /**
     * Records the newest stored record of a key while the store is being rebuilt from its file: a put at
     * {@code rev} whose generation was created at {@code createRev} and which is the {@code version}-th put of
     * that generation (earlier ones may have been compacted away). When the key is live already, this is a
     * plain {@link #put}.
     */
    void restore(byte[] key, long createRev, long rev, long version);

    /**
     * Ends the key's current generation with a tombstone at packed revision {@code rev}.
     *
     * @throws KeyNotFoundException when the key is not live
     */
    void tombstone(byte[] key, long rev);

    /** The key's state at main revision {@code atRev}, or null when it did not exist or was deleted then. */
    KeyState get(byte[] key, long atRev);

    /**
     * {@link #get}, called by the writer just before it writes {@code key}: the same answer, and an index may
     * remember where the key is, so that the {@link #put}, {@link #tombstone} or {@link #restore} of the same
     * array that follows, with no other write in between, does not search for it again. A store put needs the
     * key's state (for the record's created revision and version) before its record is written and the index is
     * changed, so the two steps cannot be one call. Only for the writer: it may take the write lock.
     */
    default KeyState getForUpdate(byte[] key, long atRev) {
        return get(key, atRev);
    }

    /** The keys live at main revision {@code atRev} in the range, with their last change, up to {@code limit}. */
    IndexRange range(byte[] key, byte[] end, long atRev, int limit, boolean countTotal);

    /** The packed revisions of the keys live at {@code atRev} in the range (etcd's Revisions), up to limit. */
    default long[] revisions(byte[] key, byte[] end, long atRev, int limit) {
        return range(key, end, atRev, limit, false).revisions();
    }

    /** The number of keys live at {@code atRev} in the range. */
    long count(byte[] key, byte[] end, long atRev);

    /**
     * Every packed revision of {@code key} whose main revision is at least {@code atRev}, ascending; of
     * several changes in one transaction only the last is given (etcd's since, used by watchers).
     */
    long[] since(byte[] key, long atRev);

    /**
     * Compacts at main revision {@code atRev}: per key, keeps the newest revision at or below atRev of the
     * generation alive at atRev and everything after it; drops generations that ended at or before atRev and
     * keys left with nothing. Returns, ascending, the packed revisions at or below atRev that stay (the records the
     * value store must keep); every other record at or below atRev may be deleted. The dropped memory is released.
     */
    long[] compact(long atRev);

    /** What {@link #compact} would return for {@code atRev}, without changing anything. */
    long[] keep(long atRev);

    /**
     * Releases the room a write path keeps for coming writes (after a bulk load, or when the writes pause); the
     * answers of every read stay the same. The store calls it once its file is loaded and on every flush.
     */
    default void settle() {
    }

    /** The number of keys the index holds, live or with history only. */
    long keyCount();

    /** The number of revisions the index holds, tombstones included. */
    long revisionCount();
}
