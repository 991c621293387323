package io.memstore.store;

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
 * Exactly sized arrays make a write copy the whole leaf, a few KB for one key: building 1M random 64 B keys that
 * way allocated 37 times the live heap. So a leaf a write reaches becomes <em>loose</em>: the array that has no
 * room is replaced once by one with room for a whole leaf's keys (its key bytes capped at {@link #MAX_LEAF_BYTES})
 * or half as many words again, and the following inserts and appended revisions shift the tail of the arrays in
 * place. A split keeps the left half in the leaf's arrays (truncated in place, the prefix kept: it is still
 * shared) and builds only the right half, with room. Every loose leaf is listed; {@link #settle} packs each one
 * into exactly sized arrays with its longest prefix and coded words, and empties the list, so it costs one copy of
 * each leaf written since the last settle and nothing for the others. The store settles after loading its file
 * and on every flush; compaction settles every leaf it passes. Between settles a loose leaf holds up to a leaf's
 * worth of room: random loads leave leaves about 70 % full, so a tree loaded without a settle takes about 1.5x
 * its settled size at 1 version and 1.7x at 5 (BTreeIndexMemoryTest bounds the first). Reads never look past the used part of the arrays.
 *
 * <p>Random inserts leave leaves about 70 % full (splits leave halves; the last leaf of the tree splits off only
 * the new key, so ascending loads fill leaves completely). The capacity trades memory for the cost of the copies
 * and of the search in a leaf: 64 keys per leaf cost less memory, 32 more (IndexFootprintMain, IndexSpeedMain).
 * On a large index a descent costs mostly cache misses, each waiting for the one before: every array it reads
 * is a separate object. So the nodes keep {@link KeyHead heads} where the search reads them first: an inner node
 * one {@code long} per separator in one array, a leaf its prefix's and its first and last key's in its own fields;
 * both searches start from a guess interpolated between the first and the last head, and a leaf's search reads
 * the heads of the keys around its guess together (GetPartsMain times the parts). A
 * 1-byte-per-key search aid over the suffixes' first bytes was tried and was not measurably faster.
 *
 * <h2>Measured footprint</h2>
 * Retained heap after a settle, 1M random 64 B keys, default capacity, round-robin versions: 72.7 B/key at 1
 * version, 88.7 at 5 (the words coded in 4 B); before the settle 109.8 and 146.4. Building them allocates 117 B/key in
 * the puts and 68 in the settle at 1 version, 247 and 84 at 5, besides the keys' own arrays (the thread's allocated bytes, IndexFootprintMain;
 * BTreeIndexMemoryTest bounds them). ReferenceIndex: 264 and 320.
 *
 * <h2>Compaction</h2>
 * Every key's run is rewritten to its compacted form in right-sized arrays, so the memory of dropped revisions is
 * released (etcd re-slices and keeps it), and the created revision and version that {@link #get} must still
 * answer go to the leaf's header table. Every leaf compaction passes is settled. Compacting 1M random 64 B keys x
 * 5 round-robin versions to the last revision frees 14.7 of the 16 MB of dropped (coded) revision words: 88.7 to
 * 74.0 B/key, 1.8 % above the 72.7 of one version (every key of a leaf has the same delta and version: a 2-word
 * table per leaf). Keys left empty are removed; leaves left empty or under a quarter full are merged with a
 * neighbour, and the inner levels are then rebuilt bottom-up from the leaves.
 *
 * <h2>Concurrency</h2>
 * One {@link ReentrantReadWriteLock}, as etcd's treeIndex has one RWMutex: reads share it, writes (put,
 * tombstone, restore, compact) are exclusive. The writer's scratch state (the descent path, a leaf builder, the
 * cursor of {@link #getForUpdate}) lives in the index and is used only under the write lock.
 *
 * <h2>One descent per store write</h2>
 * A store put must read the key's state (for its row's created revision and version) before the row is written
 * and only then change the index. {@link #getForUpdate} does that read under the write lock and keeps where it
 * found the key (leaf, position, descent path); the put, tombstone or restore of the same array that follows uses
 * it instead of descending again. Every write consumes the cursor, so it never outlives a change of the tree.
 * At 1M random keys the leaf search was more than half of a store put's time on the writer thread (JFR), so the
 * second descent it saves is most of what the store's writer gained.
 */
public final class BTreeIndex implements RevisionIndex {
    public static final int DEFAULT_LEAF_CAPACITY = 48;
    static final int INNER_CAPACITY = 64;
    /** Leaves also split when their key bytes exceed this, so huge keys do not make every insert copy megabytes. */
    static final int MAX_LEAF_BYTES = 32 * 1024;
    /** Versions above this are refused: a generation's version base must stay positive through compaction. */
    static final long MAX_VERSION = Long.MAX_VALUE / 4;
    /** Keys from which {@link #load} packs on two threads. */
    private static final int PARALLEL_LOAD_KEYS = 1 << 16;

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
     * Fills this empty index from a file's rows grouped by key (a store's open): every key's whole run is written
     * once, in key order, into leaves of {@code leafCapacity} keys packed exactly (settled, as an ascending load
     * leaves them), and the inner levels are built bottom-up over them; no descent, no split, no loose leaf. The
     * result answers every read as {@link #restore} and {@link #tombstone} of the same rows in revision order
     * would. The rows must be consistent, as the store's loader checks while it collects them.
     *
     * <p>With more than one core and enough keys, the first half of the keys is packed on a second thread with a
     * builder of its own while this one packs the second half; the leaf where the halves meet may be less full
     * (and is merged with its neighbour when small, as {@link #rebuild} does).
     */
    void load(RestoreRows rows) {
        writeLock.lock();
        try {
            if (keyCount != 0 || revisionCount != 0) {
                throw new IllegalStateException("load needs an empty index, this one holds " + keyCount + " keys");
            }
            cursorKey = null;
            cursorLeaf = null;
            int[] order = rows.keyOrder();
            int half = Runtime.getRuntime().availableProcessors() > 1 && order.length >= PARALLEL_LOAD_KEYS
                    ? order.length / 2 : 0;
            List<BTreeLeaf> leaves = new ArrayList<>(order.length / leafCapacity + 2);
            List<BTreeLeaf> second = new ArrayList<>(order.length / leafCapacity + 2);
            long[] firstRevisions = new long[1];
            Throwable[] failure = new Throwable[1];
            Thread helper = null;
            if (half > 0) {
                helper = new Thread(() -> {
                    try {
                        firstRevisions[0] = pack(rows, order, 0, half, new LeafBuilder(), leaves);
                    } catch (RuntimeException | Error e) {
                        failure[0] = e;
                    }
                }, "memstore-load");
                helper.setDaemon(true);
                helper.start();
            }
            long secondRevisions = pack(rows, order, half, order.length, builder, second);
            if (helper != null) {
                joinUninterruptibly(helper);
                if (failure[0] instanceof RuntimeException re) {
                    throw re;
                }
                if (failure[0] != null) {
                    throw (Error) failure[0];
                }
            }
            leaves.addAll(second);
            revisionCount = firstRevisions[0] + secondRevisions;
            keyCount = order.length;
            looseLeaves = new ArrayList<>();
            if (leaves.isEmpty()) {
                root = new BTreeLeaf();
                height = 0;
            } else {
                rebuild(leaves);
            }
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Packs the keys {@code order[from, to)} with their runs into full leaves appended to {@code out}, using
     * {@code b}; returns the number of revisions written.
     */
    private long pack(RestoreRows rows, int[] order, int from, int to, LeafBuilder b, List<BTreeLeaf> out) {
        long revisions = 0;
        long bytes = 0;
        for (int i = from; i < to; i++) {
            int k = order[i];
            int length = rows.keyLength(k);
            if (b.count() == leafCapacity || (b.count() > 0 && bytes + length > MAX_LEAF_BYTES)) {
                out.add(builtLeaf(b));
                bytes = 0;
            }
            b.addKey(BTreeLeaf.NO_BYTES, 0, rows.keyBytes(k), rows.keyFrom(k), length); // copied by the build
            bytes += length;
            int first = rows.firstIndex(k);
            long previous = -1;
            for (int j = first, end = rows.endIndex(k); j < end; j++) {
                long word = rows.word(j);
                long[] words = b.reserveWords(RevisionRun.MAX_HEADER_WORDS + 1);
                int n = 0;
                if (previous >= 0 && RevisionRun.isTombstone(previous)) {
                    n = RevisionRun.writeHeader(words, b.wordCount(), rows.created(j), rows.version(j),
                            RevisionRun.revision(word));
                }
                words[b.wordCount() + n] = word;
                b.commitRun(n + 1);
                previous = word;
                revisions++;
            }
            b.setHeader(rows.created(first), rows.version(first));
        }
        if (b.count() > 0) {
            out.add(builtLeaf(b));
        }
        return revisions;
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static BTreeLeaf builtLeaf(LeafBuilder b) {
        BTreeLeaf leaf = new BTreeLeaf();
        b.build(leaf);
        return leaf;
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

    /** The leaf whose key range holds {@code key} (read lock held, or one thread alone, as GetPartsMain). */
    BTreeLeaf descend(byte[] key) {
        BTreeNode node = root;
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

    /** Receives the keys live at the scanned revision, in order; returns false to stop the scan. */
    private interface LiveKeyVisitor {
        boolean visit(BTreeLeaf leaf, int i, long modRevision);
    }

    /** Collects a range answer with {@link ReferenceIndex#range}'s limit, total and more rules. */
    private static final class RangeCollector implements LiveKeyVisitor {
        private final int limit;
        private final boolean countTotal;
        private final boolean withKeys;
        private final List<byte[]> keys = new ArrayList<>();
        private final LongArrayBuilder revisions = new LongArrayBuilder();
        private long total;
        private boolean more;

        RangeCollector(int limit, boolean countTotal, boolean withKeys) {
            this.limit = limit;
            this.countTotal = countTotal;
            this.withKeys = withKeys;
        }

        @Override
        public boolean visit(BTreeLeaf leaf, int i, long modRevision) {
            if (limit <= 0 || revisions.size() < limit) {
                if (withKeys) {
                    keys.add(leaf.key(i));
                }
                revisions.add(modRevision);
            } else {
                more = true;
                if (!countTotal) {
                    return false;
                }
            }
            total++;
            return true;
        }

        IndexRange result() {
            return new IndexRange(keys, revisions.toArray(), countTotal ? total : -1, more);
        }
    }

    @Override
    public IndexRange range(byte[] key, byte[] end, long atRev, int limit, boolean countTotal) {
        KeyRange.check(key, end);
        RangeCollector collector = new RangeCollector(limit, countTotal, true);
        scan(key, end, atRev, collector);
        return collector.result();
    }

    @Override
    public long[] revisions(byte[] key, byte[] end, long atRev, int limit) {
        KeyRange.check(key, end);
        RangeCollector collector = new RangeCollector(limit, false, false);
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
    private void scan(byte[] key, byte[] end, long atRev, LiveKeyVisitor visitor) {
        readLock.lock();
        try {
            if (KeyRange.isSingleKey(end)) {
                BTreeLeaf leaf = descend(key);
                int i = leaf.find(key);
                if (i >= 0) {
                    long mod = leaf.modRevisionAt(i, atRev);
                    if (mod >= 0) {
                        visitor.visit(leaf, i, mod);
                    }
                }
            } else if (KeyRange.isToEnd(end)) {
                scan(root, key, true, null, atRev, visitor);
            } else if (Arrays.compareUnsigned(key, end) < 0) {
                scan(root, key, true, end, atRev, visitor);
            }
        } finally {
            readLock.unlock();
        }
    }

    /**
     * In-order scan of {@code node} from {@code key} (when {@code bounded}; else from its first key) up to
     * {@code end} exclusive (null: no end). Returns false once the scan must stop.
     */
    private static boolean scan(BTreeNode node, byte[] key, boolean bounded, byte[] end, long atRev,
                                LiveKeyVisitor visitor) {
        if (node instanceof BTreeInner inner) {
            int c = bounded ? inner.childIndex(key) : 0;
            for (int j = c; j < inner.childCount(); j++) {
                if (j > c && end != null && inner.compareSeparatorTo(j - 1, end) >= 0) {
                    return false; // child j and the rest start at or after end
                }
                if (!scan(inner.children[j], key, bounded && j == c, end, atRev, visitor)) {
                    return false;
                }
            }
            return true;
        }
        BTreeLeaf leaf = (BTreeLeaf) node;
        for (int i = bounded ? leaf.lowerBound(key) : 0; i < leaf.size(); i++) {
            if (end != null && leaf.compareKeyTo(i, end) >= 0) {
                return false;
            }
            long mod = leaf.modRevisionAt(i, atRev);
            if (mod >= 0 && !visitor.visit(leaf, i, mod)) {
                return false;
            }
        }
        return true;
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
            LongArrayBuilder kept = new LongArrayBuilder();
            for (BTreeLeaf leaf : leaves()) {
                for (int i = 0; i < leaf.size(); i++) {
                    long rev = RevisionRun.keep(leaf.runWords(i), leaf.runFrom(i), leaf.runTo(i), atRev);
                    if (rev >= 0) {
                        kept.add(rev);
                    }
                }
            }
            return kept.toSortedArray();
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
                compactLeaf(leaf, atRev, kept);
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

    /**
     * Compacts every run of the leaf, rebuilding it (settled) when something changed or it was loose. A run that
     * keeps its words keeps its first generation, so its header too.
     */
    private void compactLeaf(BTreeLeaf leaf, long atRev, LongArrayBuilder kept) {
        boolean changed = false;
        for (int i = 0; i < leaf.size(); i++) {
            long[] words = leaf.runWords(i);
            int s = leaf.runFrom(i);
            int e = leaf.runTo(i);
            long[] out = builder.reserveWords(e - s);
            int pos = builder.wordCount();
            int n = RevisionRun.compact(words, s, e, atRev, leaf.headers, i, kept, out, pos, header);
            if (n == 0) {
                changed = true;
                continue;
            }
            if (!changed && (n != e - s || !Arrays.equals(out, pos, pos + n, words, s, e))) {
                changed = true;
            }
            int ks = leaf.suffixStart(i);
            builder.addKey(leaf.prefix, leaf.prefix.length, leaf.suffixes, ks, leaf.suffixEnd(i) - ks);
            builder.commitRun(n);
            builder.setHeader(header[0], header[1]);
        }
        if (changed || leaf.loose) {
            builder.build(leaf);
        } else {
            builder.clear();
        }
    }

    /**
     * Rebuilds the tree over {@code leaves} after compaction: drops empty leaves, merges underfull ones into a
     * neighbour, then builds the inner levels bottom-up with fresh shortest separators.
     */
    private void rebuild(List<BTreeLeaf> leaves) {
        List<BTreeLeaf> merged = new ArrayList<>();
        for (BTreeLeaf leaf : leaves) {
            if (leaf.size() == 0) {
                continue;
            }
            if (!merged.isEmpty()) {
                BTreeLeaf last = merged.get(merged.size() - 1);
                if ((last.size() < minLeafSize || leaf.size() < minLeafSize)
                        && last.size() + leaf.size() <= leafCapacity
                        && last.usedBytes() + leaf.usedBytes() <= MAX_LEAF_BYTES) {
                    builder.addEntries(last, 0, last.size());
                    builder.addEntries(leaf, 0, leaf.size());
                    builder.build(last);
                    continue;
                }
            }
            merged.add(leaf);
        }
        clearPath(pathNodes.length);
        if (merged.isEmpty()) {
            root = new BTreeLeaf();
            height = 0;
            return;
        }
        List<BTreeNode> level = new ArrayList<>(merged);
        List<byte[]> separators = new ArrayList<>();
        for (int j = 1; j < merged.size(); j++) {
            BTreeLeaf left = merged.get(j - 1);
            separators.add(BTreeInner.separator(left.key(left.size() - 1), merged.get(j).key(0)));
        }
        int h = 0;
        while (level.size() > 1) {
            int groups = (level.size() + innerCapacity - 1) / innerCapacity;
            List<BTreeNode> parents = new ArrayList<>(groups);
            List<byte[]> up = new ArrayList<>(groups - 1);
            int from = 0;
            for (int g = 0; g < groups; g++) {
                int to = (int) ((long) level.size() * (g + 1) / groups);
                parents.add(BTreeInner.of(separators.subList(from, to - 1), level.subList(from, to)));
                if (to < level.size()) {
                    up.add(separators.get(to - 1));
                }
                from = to;
            }
            level = parents;
            separators = up;
            h++;
        }
        root = level.get(0);
        height = h;
        if (height > pathNodes.length) {
            pathNodes = Arrays.copyOf(pathNodes, height * 2);
            pathIndexes = Arrays.copyOf(pathIndexes, height * 2);
        }
    }

    /** Every leaf, in key order. */
    private List<BTreeLeaf> leaves() {
        List<BTreeLeaf> out = new ArrayList<>();
        collectLeaves(root, out);
        return out;
    }

    private static void collectLeaves(BTreeNode node, List<BTreeLeaf> out) {
        if (node instanceof BTreeInner inner) {
            for (int j = 0; j < inner.childCount(); j++) {
                collectLeaves(inner.children[j], out);
            }
        } else {
            out.add((BTreeLeaf) node);
        }
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
        return sumOverLeaves(leaf -> leaf.suffixes.length - leaf.usedBytes()
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
    int[] shape() {
        readLock.lock();
        try {
            int[] inner = new int[1];
            int leaves = countNodes(root, inner);
            return new int[] {height, leaves, inner[0]};
        } finally {
            readLock.unlock();
        }
    }

    private static int countNodes(BTreeNode node, int[] inner) {
        if (node instanceof BTreeInner in) {
            inner[0]++;
            int n = 0;
            for (int j = 0; j < in.childCount(); j++) {
                n += countNodes(in.children[j], inner);
            }
            return n;
        }
        return 1;
    }

    /**
     * Checks every structural invariant (key order across the whole tree, separators bounding their children,
     * leaf prefixes shared by their keys and, in settled leaves, the longest shared prefix, settled leaves'
     * arrays exactly sized, every loose leaf known to {@link #settle}, canonical uniform offsets, equal leaf
     * depth, counters) and throws {@link IllegalStateException} naming the first violation. For tests.
     */
    void checkInvariants() {
        readLock.lock();
        try {
            long[] counts = new long[2];
            byte[][] previous = new byte[1][];
            java.util.Set<BTreeLeaf> listed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            listed.addAll(looseLeaves);
            for (BTreeLeaf leaf : leaves()) {
                if (leaf.loose && !listed.contains(leaf)) {
                    throw new IllegalStateException("a loose leaf that settle would not find");
                }
            }
            checkNode(root, 0, null, null, counts, previous);
            if (counts[0] != keyCount || counts[1] != revisionCount) {
                throw new IllegalStateException("counters say " + keyCount + " keys, " + revisionCount
                        + " revisions; the tree holds " + counts[0] + ", " + counts[1]);
            }
        } finally {
            readLock.unlock();
        }
    }

    /** The leaf's header table must be the canonical encoding of its fields, and null when all are 0. */
    private static void checkHeaders(BTreeLeaf leaf) {
        int n = leaf.size();
        long[] deltas = new long[n];
        long[] subs = new long[n];
        long[] bases = new long[n];
        HeaderTable.decode(leaf.headers, 0, n, deltas, subs, bases, 0);
        for (int i = 0; i < n; i++) {
            if (deltas[i] != HeaderTable.field(leaf.headers, i, HeaderTable.DELTA)
                    || subs[i] != HeaderTable.field(leaf.headers, i, HeaderTable.SUB)
                    || bases[i] != HeaderTable.field(leaf.headers, i, HeaderTable.BASE)) {
                throw new IllegalStateException("header table decodes key " + i + " two ways");
            }
        }
        long[] canonical = HeaderTable.encode(deltas, subs, bases, n);
        if (!Arrays.equals(leaf.headers, canonical)) {
            throw new IllegalStateException("leaf header table " + Arrays.toString(leaf.headers)
                    + " is not the canonical " + Arrays.toString(canonical));
        }
        for (int i = 0; i < n; i++) {
            if (HeaderTable.created(leaf.headers, i, RevisionRun.revision(leaf.word(leaf.runStart(i)))) < 0) {
                throw new IllegalStateException("header of key " + i + " gives a negative created revision");
            }
        }
    }

    private void checkNode(BTreeNode node, int depth, byte[] low, byte[] high, long[] counts, byte[][] previous) {
        if (node instanceof BTreeInner inner) {
            if (depth >= height) {
                throw new IllegalStateException("inner node at depth " + depth + " of a tree of height " + height);
            }
            if (inner.childCount() < 2 || inner.childCount() > innerCapacity) {
                throw new IllegalStateException("inner node with " + inner.childCount() + " children");
            }
            if (!inner.headsAgree()) {
                throw new IllegalStateException("inner node's heads are not those of its separators, or it holds"
                        + " a node past its children, at depth " + depth);
            }
            for (int j = 0; j < inner.childCount(); j++) {
                byte[] lo = j == 0 ? low : inner.separator(j - 1);
                byte[] hi = j == inner.childCount() - 1 ? high : inner.separator(j);
                if (lo != null && hi != null && Arrays.compareUnsigned(lo, hi) >= 0) {
                    throw new IllegalStateException("separators out of order at depth " + depth);
                }
                checkNode(inner.children[j], depth + 1, lo, hi, counts, previous);
            }
            return;
        }
        BTreeLeaf leaf = (BTreeLeaf) node;
        if (depth != height) {
            throw new IllegalStateException("leaf at depth " + depth + " of a tree of height " + height);
        }
        int n = leaf.size();
        if (n == 0 && height > 0) {
            throw new IllegalStateException("empty leaf in a tree of height " + height);
        }
        if (n > leafCapacity) {
            throw new IllegalStateException("leaf with " + n + " keys, capacity " + leafCapacity);
        }
        int bytes = leaf.usedBytes();
        int words = leaf.usedWords();
        int wordRoom = leaf.codes != null ? leaf.codes.length : leaf.words.length;
        if (leaf.codes != null && (leaf.loose || leaf.words.length != 0)) {
            throw new IllegalStateException("a coded leaf must be settled, without long words");
        }
        if (leaf.codes == null && !leaf.loose && CodedWords.base(leaf.words, words) >= 0) {
            throw new IllegalStateException("a settled leaf whose words could be coded is not");
        }
        if (bytes > leaf.suffixes.length || words > wordRoom
                || leaf.suffixOffsets != null && leaf.suffixOffsets.length < n + 1
                || leaf.runOffsets != null && leaf.runOffsets.length < n + 1) {
            throw new IllegalStateException("leaf uses more than its arrays hold");
        }
        if (!leaf.loose && (bytes != leaf.suffixes.length || words != wordRoom
                || leaf.suffixOffsets != null && leaf.suffixOffsets.length != n + 1
                || leaf.runOffsets != null && leaf.runOffsets.length != n + 1)) {
            throw new IllegalStateException("settled leaf arrays not exactly sized");
        }
        if (leaf.suffixOffsets != null && BTreeLeaf.uniformStride(leaf.suffixOffsets, n) >= 0
                || leaf.runOffsets != null && BTreeLeaf.uniformStride(leaf.runOffsets, n) >= 0) {
            throw new IllegalStateException("uniform leaf keeps an offset array");
        }
        if (n > 1) {
            byte[] first = leaf.key(0);
            byte[] last = leaf.key(n - 1);
            int m = Arrays.mismatch(first, last);
            if (leaf.loose ? m < leaf.prefix.length : m != leaf.prefix.length) {
                throw new IllegalStateException("leaf prefix of " + leaf.prefix.length + " B, keys share " + m + " B");
            }
        }
        for (int i = 0; i < n; i++) {
            byte[] k = leaf.key(i);
            if (previous[0] != null && Arrays.compareUnsigned(previous[0], k) >= 0) {
                throw new IllegalStateException("keys out of order");
            }
            if (low != null && Arrays.compareUnsigned(k, low) < 0 || high != null && Arrays.compareUnsigned(k, high) >= 0) {
                throw new IllegalStateException("key outside its separators");
            }
            int s = leaf.runStart(i);
            int e = leaf.runEnd(i);
            if (e <= s || leaf.word(e - 1) < 0) {
                throw new IllegalStateException("empty or malformed run");
            }
            if (leaf.word(s) < 0) {
                throw new IllegalStateException("a run starts with a header word: first generations keep theirs"
                        + " in the leaf's header table");
            }
            previous[0] = k;
            counts[1] += RevisionRun.revisionCount(leaf.runWords(i), leaf.runFrom(i), leaf.runTo(i));
        }
        checkHeaders(leaf);
        if (!leaf.headsAgree()) {
            throw new IllegalStateException("leaf's heads are not those of its prefix and first and last key");
        }
        counts[0] += n;
    }
}
