package io.memstore.store.internal.index;

import io.memstore.store.IndexRange;
import io.memstore.store.KeyNotFoundException;
import io.memstore.store.KeyState;
import io.memstore.store.Revision;
import io.memstore.store.RevisionIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * memstore's revision index: a B+tree whose leaves pack the keys and histories of a few dozen keys into a handful
 * of primitive arrays, so an indexed key costs little more than its bytes and 4 to 8 B per revision, and whose
 * write path copies what a write changes, not the leaf.
 *
 * <h2>Layout</h2>
 * <ul>
 *   <li>{@link BTreeLeaf}: up to {@code leafCapacity} keys (48 by default). The keys' common prefix is stored
 *       once per leaf (hierarchical keys such as {@code /registry/pods/ns/...} share most of their bytes with
 *       their neighbours), the rest of every key goes into one {@code byte[]}, and the histories of all keys into
 *       one {@code long[]}, with {@code int[]} offsets into both that are left out when all keys have the same
 *       length or the same number of words. No object per key.</li>
 *   <li>{@link RevisionRun}: one key's history, every generation of etcd's keyIndex, as consecutive words
 *       {@code (rev << 1) | tombstone}; a generation ends at its tombstone. Semantics are exactly those of
 *       {@link KeyIndex}, the object-for-object oracle.</li>
 *   <li>{@link CodedWords}: in a settled leaf, the words in 4 B each, frame-of-reference coded against the leaf's
 *       smallest main revision, when they are all revision words of sub revision 0 spanning less than 2^30 main
 *       revisions (a key's revisions, and a leaf's, are close to each other).</li>
 *   <li>{@link HeaderTable}: per leaf, the created revision and version of the keys' first generations where the
 *       words do not already say them (after compaction or restore), bit-packed with per-leaf minimums and widths,
 *       a bit for each key without one; null in a leaf that never needed one. A restored later generation of a
 *       deleted key, which the store's own files never produce, keeps a 2-word header in its run.</li>
 *   <li>{@link BTreeInner}: children and shortest distinguishing separators, packed the same way.</li>
 * </ul>
 *
 * <h2>Write path: loose and settled leaves</h2>
 * Exactly sized arrays make a write copy the whole leaf, a few KB for one key, so that building an index allocates
 * many times its live heap. So a leaf a write reaches becomes <em>loose</em>: the array that has no room is
 * replaced once by one with room for a whole leaf's keys (its key bytes capped at {@link #MAX_LEAF_BYTES})
 * or half as many words again, and the following inserts and appended revisions shift the tail of the arrays in
 * place. A split keeps the left half in the leaf's arrays (truncated in place, the prefix kept: it is still
 * shared) and builds only the right half, with room. Every loose leaf is listed; {@link #settle} packs each one
 * into exactly sized arrays with its longest prefix and coded words, and empties the list, so it costs one copy of
 * each leaf written since the last settle and nothing for the others. The store settles after loading its file
 * and on every flush; compaction settles every leaf it passes. Between settles a loose leaf holds up to a leaf's
 * worth of room, so a tree loaded without a settle is markedly larger than settled. Reads never look past the used
 * part of the arrays.
 *
 * <p>Random inserts leave leaves about 70 % full (splits leave halves; the last leaf of the tree splits off only
 * the new key, so ascending loads fill leaves completely). The capacity trades memory for the cost of the copies
 * and of the search in a leaf: larger leaves share their prefix and offsets among more keys but copy and search
 * more per write.
 *
 * <p>On a large index a descent costs mostly cache misses, each waiting for the one before: every array it reads
 * is a separate object. So the nodes keep {@link KeyHead heads} where the search reads them first: an inner node
 * one {@code long} per separator in one array, a leaf its prefix's and its first and last key's in its own fields;
 * both searches start from a guess interpolated between the first and the last head, and a leaf's search reads
 * the heads of the keys around its guess together. A 1-byte-per-key search aid over the suffixes' first bytes was
 * tried and was not measurably faster, so it would cost its byte per key for nothing.
 *
 * <h2>Compaction</h2>
 * Every key's run is rewritten to its compacted form in right-sized arrays ({@link BTreeCompaction}), so the memory
 * of dropped revisions is released (etcd re-slices and keeps it), and the created revision and version that
 * {@link #get} must still answer go to the leaf's header table. Every leaf compaction passes is settled. Keys whose
 * histories were alike stay alike in the table (after a compaction to the last revision of round-robin writes every
 * key of a leaf has the same delta and version: a 2-word table), so a compacted index comes close to one written
 * with one version per key. Keys left empty are removed; leaves left empty or under a quarter full are merged with a
 * neighbour, and the inner levels are then rebuilt bottom-up from the leaves.
 *
 * <h2>Concurrency</h2>
 * One {@link ReentrantReadWriteLock}, as etcd's treeIndex has one RWMutex: reads share it, writes (put,
 * tombstone, restore, compact) are exclusive. The writer's scratch state (the descent path, a leaf builder, the
 * cursor of {@link #getForUpdate}) lives in the index and is used only under the write lock.
 *
 * <h2>One descent per store write</h2>
 * A store put must read the key's state (for its record's created revision and version) before the record is written
 * and only then change the index. {@link #getForUpdate} does that read under the write lock and keeps where it
 * found the key (leaf, position, descent path); the put, tombstone or restore of the same array that follows uses
 * it instead of descending again. Every write consumes the cursor, so it never outlives a change of the tree.
 * On a large index the leaf search is the largest part of a store put's time on the writer thread, so the second
 * descent saved is most of what a put costs in the index.
 */
public final class BTreeIndex implements RevisionIndex {
    public static final int DEFAULT_LEAF_CAPACITY = 48;
    static final int INNER_CAPACITY = 64;
    /** Leaves also split when their key bytes exceed this, so huge keys do not make every insert copy megabytes. */
    static final int MAX_LEAF_BYTES = 32 * 1024;
    /** Versions above this are refused: a generation's version base must stay positive through compaction. */
    public static final long MAX_VERSION = Long.MAX_VALUE / 4;

    private final int leafCapacity;
    private final int innerCapacity;
    private final int minLeafSize;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Lock readLock = lock.readLock();
    private final Lock writeLock = lock.writeLock();

    private BTreeNode root = new BTreeLeaf();
    private int height;
    /** Every loose leaf (and perhaps leaves settled since), for {@link #settle}; empty after it. */
    private List<BTreeLeaf> looseLeaves = new ArrayList<>();
    private long keyCount;
    private long revisionCount;

    // writer scratch, used under the write lock only
    private BTreeInner[] pathNodes = new BTreeInner[8];
    private int[] pathIndexes = new int[8];
    private final long[] run = new long[RevisionRun.MAX_HEADER_WORDS + 1];
    private final long[] header = new long[2];
    private final LeafBuilder builder = new LeafBuilder();
    /*
     * Where the last getForUpdate found its key: the array it was given (matched by identity), the leaf and the
     * key's index in it (or the insertion point, as find returns it), with the descent path in pathNodes. Every
     * write takes it (see leafFor) and so clears it, so it is never used after the tree changed.
     */
    private byte[] cursorKey;
    private BTreeLeaf cursorLeaf;
    private int cursorIndex;

    public BTreeIndex() {
        this(DEFAULT_LEAF_CAPACITY);
    }

    /** An index whose leaves hold up to {@code leafCapacity} keys (4..1024). */
    public BTreeIndex(int leafCapacity) {
        this(leafCapacity, INNER_CAPACITY);
    }

    /** For tests: small inner nodes make tall trees out of few keys. */
    BTreeIndex(int leafCapacity, int innerCapacity) {
        if (leafCapacity < 4 || leafCapacity > 1024) {
            throw new IllegalArgumentException("leafCapacity must be in 4..1024, was " + leafCapacity);
        }
        if (innerCapacity < 3 || innerCapacity > 1024) {
            throw new IllegalArgumentException("innerCapacity must be in 3..1024, was " + innerCapacity);
        }
        this.leafCapacity = leafCapacity;
        this.innerCapacity = innerCapacity;
        this.minLeafSize = Math.max(1, leafCapacity / 4);
    }

    // ---------------------------------------------------------------------------------------------- writes

    @Override
    public void put(byte[] key, long rev) {
        KeyRange.check(key, null);
        requirePacked(rev);
        writeLock.lock();
        try {
            BTreeLeaf leaf = leafFor(key);
            int i = cursorIndex;
            requireAfter(rev, i >= 0 ? leaf.modified(i) : 0);
            run[0] = RevisionRun.word(rev, false);
            write(leaf, i, key, 1, rev, 1);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void restore(byte[] key, long createRev, long rev, long version) {
        KeyRange.check(key, null);
        requirePacked(rev);
        writeLock.lock();
        try {
            BTreeLeaf leaf = leafFor(key);
            int i = cursorIndex;
            boolean live = i >= 0 && leaf.isLive(i);
            requireAfter(rev, i >= 0 ? leaf.modified(i) : 0);
            int n = 0;
            long created = rev;
            long base = 1;
            if (!live) {
                if (version < 1 || createRev > rev || createRev < 0 || version > MAX_VERSION) {
                    throw new IllegalArgumentException("inconsistent row at " + Revision.toString(rev)
                            + ": created " + Revision.toString(createRev) + ", version " + version);
                }
                if (i < 0) {
                    created = createRev; // the key's first generation: its header goes to the leaf's table
                    base = version;
                } else {
                    n = RevisionRun.writeHeader(run, 0, createRev, version, rev); // a deleted key's next one
                }
            }
            run[n] = RevisionRun.word(rev, false);
            write(leaf, i, key, n + 1, created, base);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void tombstone(byte[] key, long rev) {
        KeyRange.check(key, null);
        requirePacked(rev);
        writeLock.lock();
        try {
            BTreeLeaf leaf = leafFor(key);
            int i = cursorIndex;
            if (i < 0) {
                throw new KeyNotFoundException("cannot delete a key that is not in the index");
            }
            if (!leaf.isLive(i)) {
                throw new KeyNotFoundException("cannot delete a key that is not live (at " + Revision.toString(rev) + ")");
            }
            requireAfter(rev, leaf.modified(i));
            run[0] = RevisionRun.word(rev, true);
            write(leaf, i, key, 1, rev, 1);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Fills this empty index from a file's records grouped by key (a store's open), packed in key order into settled
     * leaves ({@link BTreeBulkLoad}) with the inner levels built over them ({@link BTreeRebuild}). The result
     * answers every read as {@link #restore} and {@link #tombstone} of the same records in revision order would. The
     * records must be consistent, as the store's loader checks while it collects them.
     */
    public void load(RestoreRecords records) {
        writeLock.lock();
        try {
            if (keyCount != 0 || revisionCount != 0) {
                throw new IllegalStateException("load needs an empty index, this one holds " + keyCount + " keys");
            }
            int[] order = records.keyOrder();
            BTreeBulkLoad.Packed packed = BTreeBulkLoad.pack(records, order, leafCapacity, builder);
            install(packed.leaves(), order.length, packed.revisions());
        } finally {
            writeLock.unlock();
        }
    }

    /** The tree over {@code leaves} (settled, in key order, {@code revisions} in all) in place of this one. */
    public void replace(List<BTreeLeaf> leaves, long revisions) {
        writeLock.lock();
        try {
            install(leaves, leaves.stream().mapToLong(BTreeLeaf::size).sum(), revisions);
        } finally {
            writeLock.unlock();
        }
    }

    private void install(List<BTreeLeaf> leaves, long keys, long revisions) {
        cursorKey = null;
        cursorLeaf = null;
        revisionCount = revisions;
        keyCount = keys;
        looseLeaves = new ArrayList<>();
        rebuild(leaves); // of no leaves, an empty root leaf
    }

    /**
     * Every leaf in key order, for the index's image ({@code IndexImage}), or null when one is loose (written since
     * the last {@link #settle}): an image holds settled leaves only. The caller keeps every write out meanwhile.
     */
    public List<BTreeLeaf> settledLeaves() {
        List<BTreeLeaf> leaves = leaves();
        return leaves.stream().anyMatch(leaf -> leaf.loose) ? null : leaves;
    }

    public int leafCapacity() {
        return leafCapacity;
    }

    /**
     * Settles every loose leaf: packs it into exactly sized arrays with its longest prefix, releasing the room the
     * write path keeps. Costs one copy of each leaf written since the last settle (and of no other).
     */
    @Override
    public void settle() {
        writeLock.lock();
        try {
            cursorKey = null;
            cursorLeaf = null;
            for (BTreeLeaf leaf : looseLeaves) {
                if (leaf.loose) {
                    builder.addEntries(leaf, 0, leaf.size());
                    builder.build(leaf);
                }
            }
            looseLeaves = new ArrayList<>();
        } finally {
            writeLock.unlock();
        }
    }

    private static void requirePacked(long rev) {
        if (rev < 0 || rev >>> 62 != 0) {
            throw new IllegalArgumentException("revision " + rev + " is not a packed revision (see Revision.pack)");
        }
    }

    private static void requireAfter(long rev, long modified) {
        if (rev <= modified) {
            throw new IllegalArgumentException("revision " + Revision.toString(rev)
                    + " is not after the key's last change " + Revision.toString(modified));
        }
    }

    /**
     * Appends {@code run[0, n)} to key {@code i}'s run, or inserts the key with it when {@code i < 0}, its first
     * generation created at {@code created} with version {@code base} ({@code run[0]}'s revision and 1: no header).
     */
    private void write(BTreeLeaf leaf, int i, byte[] key, int n, long created, long base) {
        boolean wasLoose = leaf.loose;
        revisionCount++;
        if (i >= 0) {
            leaf.appendToRun(i, run, n);
        } else {
            int at = -i - 1;
            if (leaf.sharesPrefix(key)) {
                leaf.insert(at, key, run, n, created, base, leafCapacity + 1);
            } else {
                builder.addEntries(leaf, 0, at);
                builder.addKey(key);
                builder.addRun(run, 0, n);
                builder.setHeader(created, base);
                builder.addEntries(leaf, at, leaf.size());
                builder.build(leaf, leafCapacity + 1);
            }
            keyCount++;
            if (leaf.size() > leafCapacity || (leaf.size() > 1 && leaf.usedBytes() > MAX_LEAF_BYTES)) {
                split(leaf, at);
            }
        }
        if (leaf.loose && !wasLoose) {
            looseLeaves.add(leaf);
        }
    }

    /**
     * The leaf for {@code key}, with the key's index or insertion point in {@code cursorIndex} and the descent path
     * recorded for a split: what the last {@link #getForUpdate} found when it was given the same array, else a new
     * descent. Clears the cursor, as the caller is about to change the tree (write lock held).
     */
    private BTreeLeaf leafFor(byte[] key) {
        BTreeLeaf leaf;
        if (key == cursorKey) {
            leaf = cursorLeaf;
        } else {
            leaf = descendForWrite(key);
            cursorIndex = leaf.find(key);
        }
        cursorKey = null;
        cursorLeaf = null;
        return leaf;
    }

    /** Descends to the leaf for {@code key}, recording the path for a split. */
    private BTreeLeaf descendForWrite(byte[] key) {
        BTreeNode node = root;
        for (int d = 0; d < height; d++) {
            BTreeInner inner = (BTreeInner) node;
            int c = inner.childIndex(key);
            pathNodes[d] = inner;
            pathIndexes[d] = c;
            node = inner.children[c];
        }
        return (BTreeLeaf) node;
    }

    /** Splits an overfull leaf and carries the split up the recorded path. */
    private void split(BTreeLeaf leaf, int insertedAt) {
        int n = leaf.size();
        int at = n / 2;
        if (insertedAt == n - 1 && isLastLeafOnPath()) {
            at = n - 1; // appending at the end of the keyspace: keep the full leaf full
        }
        BTreeLeaf right = new BTreeLeaf();
        builder.addEntries(leaf, at, n);
        builder.build(right, leafCapacity + 1);
        looseLeaves.add(right);
        byte[] separator = BTreeInner.separator(leaf.key(at - 1), right.key(0));
        leaf.truncate(at);

        BTreeNode newNode = right;
        for (int d = height - 1; d >= 0; d--) {
            BTreeInner parent = pathNodes[d];
            parent.insertChild(pathIndexes[d] + 1, separator, newNode);
            pathNodes[d] = null;
            if (parent.childCount() <= innerCapacity) {
                clearPath(d);
                return;
            }
            int m = parent.childCount() / 2;
            separator = parent.separator(m - 1);
            newNode = parent.splitOff(m);
        }
        root = new BTreeInner(separator, new int[] {0, separator.length}, new BTreeNode[] {root, newNode});
        height++;
        if (height > pathNodes.length) {
            pathNodes = Arrays.copyOf(pathNodes, height * 2);
            pathIndexes = Arrays.copyOf(pathIndexes, height * 2);
        }
    }

    private boolean isLastLeafOnPath() {
        for (int d = 0; d < height; d++) {
            if (pathIndexes[d] != pathNodes[d].childCount() - 1) {
                return false;
            }
        }
        return true;
    }

    private void clearPath(int depth) {
        Arrays.fill(pathNodes, 0, depth, null);
    }

    // ---------------------------------------------------------------------------------------------- reads

    /** The leaf whose key range holds {@code key} (read lock held, or one thread alone). */
    public BTreeLeaf descend(byte[] key) {
        return descend(root, key);
    }

    /** The leaf of the tree under {@code node} whose key range holds {@code key}. */
    static BTreeLeaf descend(BTreeNode node, byte[] key) {
        while (node instanceof BTreeInner inner) {
            node = inner.children[inner.childIndex(key)];
        }
        return (BTreeLeaf) node;
    }

    @Override
    public KeyState get(byte[] key, long atRev) {
        KeyRange.check(key, null);
        readLock.lock();
        try {
            BTreeLeaf leaf = descend(key);
            int i = leaf.find(key);
            return stateAt(leaf, i, atRev);
        } finally {
            readLock.unlock();
        }
    }

    /** The state of key {@code i} of {@code leaf} at {@code atRev}; null when {@code i < 0} (not held). */
    private static KeyState stateAt(BTreeLeaf leaf, int i, long atRev) {
        return i < 0 ? null : leaf.stateAt(i, atRev);
    }

    /** {@link #get}, remembering where the key is for the write of the same array that follows (write lock). */
    @Override
    public KeyState getForUpdate(byte[] key, long atRev) {
        KeyRange.check(key, null);
        writeLock.lock();
        try {
            BTreeLeaf leaf = descendForWrite(key);
            int i = leaf.find(key);
            cursorKey = key;
            cursorLeaf = leaf;
            cursorIndex = i;
            return stateAt(leaf, i, atRev);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public long[] since(byte[] key, long atRev) {
        KeyRange.check(key, null);
        readLock.lock();
        try {
            BTreeLeaf leaf = descend(key);
            int i = leaf.find(key);
            return i < 0 ? new long[0] : RevisionRun.since(leaf.runWords(i), leaf.runFrom(i), leaf.runTo(i), atRev);
        } finally {
            readLock.unlock();
        }
    }

    @Override
    public IndexRange range(byte[] key, byte[] end, long atRev, int limit, boolean countTotal) {
        KeyRange.check(key, end);
        BTreeRangeScan.Collector collector = new BTreeRangeScan.Collector(limit, countTotal, true);
        scan(key, end, atRev, collector);
        return collector.result();
    }

    @Override
    public long[] revisions(byte[] key, byte[] end, long atRev, int limit) {
        KeyRange.check(key, end);
        BTreeRangeScan.Collector collector = new BTreeRangeScan.Collector(limit, false, false);
        scan(key, end, atRev, collector);
        return collector.result().revisions();
    }

    @Override
    public long count(byte[] key, byte[] end, long atRev) {
        KeyRange.check(key, end);
        long[] n = new long[1];
        scan(key, end, atRev, (leaf, i, mod) -> {
            n[0]++;
            return true;
        });
        return n[0];
    }

    /** Hands every key of the range live at {@code atRev} to the visitor, under the read lock. */
    private void scan(byte[] key, byte[] end, long atRev, BTreeRangeScan.Visitor visitor) {
        readLock.lock();
        try {
            BTreeRangeScan.scan(root, key, end, atRev, visitor);
        } finally {
            readLock.unlock();
        }
    }

    @Override
    public long keyCount() {
        readLock.lock();
        try {
            return keyCount;
        } finally {
            readLock.unlock();
        }
    }

    @Override
    public long revisionCount() {
        readLock.lock();
        try {
            return revisionCount;
        } finally {
            readLock.unlock();
        }
    }

    /** The history of one key in {@link KeyIndex#toString()}'s format; null when the index does not hold it. */
    public String describe(byte[] key) {
        readLock.lock();
        try {
            BTreeLeaf leaf = descend(key);
            int i = leaf.find(key);
            return i < 0 ? null : RevisionRun.describe(leaf.runWords(i), leaf.runFrom(i), leaf.runTo(i), leaf.headers, i);
        } finally {
            readLock.unlock();
        }
    }

    // ---------------------------------------------------------------------------------------------- compaction

    @Override
    public long[] keep(long atRev) {
        readLock.lock();
        try {
            return BTreeCompaction.keep(leaves(), atRev);
        } finally {
            readLock.unlock();
        }
    }

    /**
     * Compacts at main revision {@code atRev} (see {@link RevisionIndex#compact}) and returns, ascending, the
     * revisions at or below atRev that stay. Every leaf that changes gets new exactly sized arrays.
     */
    @Override
    public long[] compact(long atRev) {
        writeLock.lock();
        try {
            cursorKey = null;
            cursorLeaf = null;
            LongArrayBuilder kept = new LongArrayBuilder();
            List<BTreeLeaf> leaves = leaves();
            boolean underfull = false;
            long keys = 0;
            long revisions = 0;
            for (BTreeLeaf leaf : leaves) {
                BTreeCompaction.compactLeaf(leaf, atRev, kept, builder, header);
                underfull |= leaf.size() < minLeafSize;
                keys += leaf.size();
                revisions += leaf.revisionCount();
            }
            looseLeaves = new ArrayList<>(); // compactLeaf settled every leaf
            if (underfull && leaves.size() > 1) {
                rebuild(leaves);
            }
            keyCount = keys;
            revisionCount = revisions;
            return kept.toSortedArray();
        } finally {
            writeLock.unlock();
        }
    }

    /** Rebuilds the tree over {@code leaves} after a load or compaction ({@link BTreeRebuild}). */
    private void rebuild(List<BTreeLeaf> leaves) {
        BTreeRebuild.Tree tree = BTreeRebuild.rebuild(leaves, builder, leafCapacity, innerCapacity, minLeafSize);
        clearPath(pathNodes.length);
        root = tree.root();
        height = tree.height();
        if (height > pathNodes.length) {
            pathNodes = Arrays.copyOf(pathNodes, height * 2);
            pathIndexes = Arrays.copyOf(pathIndexes, height * 2);
        }
    }

    /** Every leaf, in key order. */
    public List<BTreeLeaf> leaves() {
        List<BTreeLeaf> out = new ArrayList<>();
        BTreeNode.collectLeaves(root, out);
        return out;
    }

    // ---------------------------------------------------------------------------------------------- diagnostics

    /** Every key with its history, in {@link ReferenceIndex#toString()}'s format. */
    @Override
    public String toString() {
        readLock.lock();
        try {
            StringBuilder sb = new StringBuilder();
            for (BTreeLeaf leaf : leaves()) {
                for (int i = 0; i < leaf.size(); i++) {
                    sb.append(new String(leaf.key(i), java.nio.charset.StandardCharsets.ISO_8859_1)).append(" -> ")
                            .append(RevisionRun.describe(leaf.runWords(i), leaf.runFrom(i), leaf.runTo(i), leaf.headers, i)).append('\n');
                }
            }
            return sb.toString();
        } finally {
            readLock.unlock();
        }
    }

    /** Bytes of key data the leaves store (prefixes once per leaf, suffixes in use), for tests and tuning. */
    long storedKeyBytes() {
        return sumOverLeaves(leaf -> leaf.prefix.length + leaf.usedBytes());
    }

    /** Words of revision runs the leaves store (revisions and in-run generation headers), for tests and tuning. */
    long storedWords() {
        return sumOverLeaves(BTreeLeaf::usedWords);
    }

    /** Bytes of room the loose leaves keep past what they use (suffixes, words, offsets), for tests and tuning. */
    long spareBytes() {
        return sumOverLeaves(leaf -> (leaf.shared() ? 0 : leaf.suffixes.length - leaf.usedBytes())
                + (leaf.codes != null ? 0 : 8L * (leaf.words.length - leaf.usedWords()))
                + (leaf.suffixOffsets == null ? 0 : 4L * (leaf.suffixOffsets.length - leaf.size() - 1))
                + (leaf.runOffsets == null ? 0 : 4L * (leaf.runOffsets.length - leaf.size() - 1)));
    }

    /** The number of leaves whose words are coded in 4 B each ({@link CodedWords}), for tests. */
    long codedLeafCount() {
        return sumOverLeaves(leaf -> leaf.codes != null ? 1 : 0);
    }

    /** The number of loose leaves, for tests. */
    long looseLeafCount() {
        return sumOverLeaves(leaf -> leaf.loose ? 1 : 0);
    }

    /** Words of the leaves' header tables, for tests and tuning. */
    long storedHeaderWords() {
        return sumOverLeaves(leaf -> leaf.headers == null ? 0 : leaf.headers.length);
    }

    private long sumOverLeaves(java.util.function.ToLongFunction<BTreeLeaf> measure) {
        readLock.lock();
        try {
            long n = 0;
            for (BTreeLeaf leaf : leaves()) {
                n += measure.applyAsLong(leaf);
            }
            return n;
        } finally {
            readLock.unlock();
        }
    }

    /** Tree shape for tests and tuning: height, number of leaves, number of inner nodes. */
    public int[] shape() {
        readLock.lock();
        try {
            int[] inner = new int[1];
            int leaves = BTreeNode.countNodes(root, inner);
            return new int[] {height, leaves, inner[0]};
        } finally {
            readLock.unlock();
        }
    }

    /**
     * Checks every structural invariant of the tree ({@link BTreeInvariants}) and throws
     * {@link IllegalStateException} naming the first violation. For tests.
     */
    public void checkInvariants() {
        readLock.lock();
        try {
            BTreeInvariants.check(root, height, leafCapacity, innerCapacity, leaves(), looseLeaves, keyCount,
                    revisionCount);
        } finally {
            readLock.unlock();
        }
    }
}
