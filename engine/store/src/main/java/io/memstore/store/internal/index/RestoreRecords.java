package io.memstore.store.internal.index;

import io.memstore.store.RevisionIndex;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The records of a file being opened, taken in revision order and grouped by key, so that {@link BTreeIndex#load} can
 * build the index one whole key at a time in key order instead of inserting each revision into a growing tree.
 * Inserting the revisions one by one costs a descent, a search in a leaf and an edit of its arrays per revision, in
 * random key order; grouping them costs one hash lookup per record, and the keys are then sorted and packed once.
 *
 * <h2>Layout</h2>
 * No object per record or key, and each record costs one sequential write of its own plus one touch of its key's entry,
 * so that collecting stays within a few cache misses per record (the table's slot, the key's position, its bytes in
 * a chunk, its count):
 * <ul>
 *   <li>per record: its revision word ({@link RevisionRun#word}) and its key's number, 12 B;</li>
 *   <li>per key: its bytes, copied once from the first record seen of it into chunks shared by many keys (a chunk's
 *       number and offset in one long, the length in an int), and its record count, whose sign bit says whether its
 *       last record was a tombstone. A few large arrays rather than an array per key: the collector, which runs many
 *       times while the open's heap grows, then has a handful of objects to trace and move instead of one per key.
 *       The chunks double from {@link #CHUNK_BYTES} to {@link #MAX_CHUNK_BYTES}, so a small file's keys take
 *       little room and a large file's few large arrays: an array larger than the young generation is allocated
 *       in the old one, instead of being copied there by a young collection, and the heap grows in fewer, larger
 *       steps (each step of a growing serial heap is a full collection);</li>
 *   <li>an open-addressing hash table over the keys' CRC32C, at most half full, each slot a long of the hash (high
 *       half) and the key number + 1 (low half, 0 for empty), so that a probe compares hashes without touching the
 *       key's entry;</li>
 *   <li>the records that begin a generation with a created revision and version other than their own revision and 1
 *       (what compaction leaves): their record numbers, ascending as they arrive, and those two fields, found again
 *       by binary search. The revision word of such a record has its sign bit set, which a revision word (63 bits)
 *       never uses.</li>
 * </ul>
 * Once every record is in, {@link #keyOrder} sorts the keys and groups the records by key with a counting sort: every
 * key's revision words, in revision order, in one slice of an array that replaces the one in record order. The
 * scattered writes are made once, there, so that the build that follows reads each key's words one after the
 * other instead of looking each one up by record number.
 *
 * <p>The caller checks each record against {@link #add}'s answer (the key's state before the record); the buffer
 * assumes the records it holds are consistent.
 */
public final class RestoreRecords {
    /** The key had no record before. */
    static final int ABSENT = 0;
    /** The key's last record was a put. */
    public static final int LIVE = 1;
    /** The key's last record was a tombstone. */
    static final int DELETED = 2;

    private static final long MARK = Long.MIN_VALUE;
    private static final int MAX_RECORDS = Integer.MAX_VALUE - 8;

    /** The records' revision words: in record order until {@link #keyOrder}, then grouped by key. */
    private long[] words = new long[1 << 12];
    private int[] keyOf = new int[1 << 12];
    private int records;

    /** Bytes of the first chunk of keys; a key longer than the next chunk gets a chunk of its own size. */
    static final int CHUNK_BYTES = 1 << 20;
    /** Bytes of the largest chunk: each chunk is twice the size of the one before, up to this. */
    static final int MAX_CHUNK_BYTES = 1 << 25;
    private byte[][] chunks = new byte[16][];
    private int chunkCount;
    /** Bytes used in the last chunk. */
    private int chunkUsed;
    /** Per key: its chunk's number (high half) and its offset there (low half). */
    private long[] keyAt = new long[1 << 10];
    private int[] keyLength = new int[1 << 10];
    private int[] counts = new int[1 << 10];
    private int keyCount;
    private long[] table = new long[1 << 11];

    /** The record numbers of the records that begin a generation; after {@link #keyOrder} their grouped positions. */
    private int[] startRecords = new int[16];
    private long[] startCreated = new long[16];
    private long[] startVersions = new long[16];
    private int starts;

    // after keyOrder: key k's records are words[firstIndex[k], firstIndex[k + 1])
    private int[] firstIndex;

    private final CRC32C crc = new CRC32C();

    int recordCount() {
        return records;
    }

    int keyCount() {
        return keyCount;
    }

    /** Makes room for {@code expected} records at once (a hint: more still fit, fewer waste the room). */
    public void expect(long expected) {
        int n = (int) Math.min(expected, MAX_RECORDS);
        if (n > words.length) {
            words = Arrays.copyOf(words, n);
            keyOf = Arrays.copyOf(keyOf, n);
        }
    }

    /**
     * Adds a record (revisions must arrive ascending) and returns the key's state before it: {@link #ABSENT},
     * {@link #LIVE} or {@link #DELETED}. A put that begins a generation keeps {@code createRev} and {@code version};
     * a put to a live key is a plain put (as {@link RevisionIndex#restore} has it) and keeps neither.
     */
    int add(byte[] key, long rev, boolean tombstone, long createRev, long version) {
        return add(key, 0, rev, tombstone, createRev, version);
    }

    /**
     * {@link #add(byte[], long, boolean, long, long)} of the key {@code bytes[from, bytes.length)}: a key seen
     * before is only compared; a new one is kept, copied out of {@code bytes} unless it is all of it.
     */
    public int add(byte[] bytes, int from, long rev, boolean tombstone, long createRev, long version) {
        if (records == MAX_RECORDS) {
            throw new IllegalStateException("more than " + records + " rows to restore");
        }
        if (firstIndex != null) {
            throw new IllegalStateException("rows added after keyOrder");
        }
        int h = hash(bytes, from);
        int slot = find(bytes, from, h);
        long entry = table[slot];
        int k;
        int state;
        if (entry == 0) {
            state = ABSENT;
            k = newKey(bytes, from, h, slot);
        } else {
            k = (int) entry - 1;
            state = counts[k] < 0 ? DELETED : LIVE;
        }
        if (records == words.length) {
            int n = (int) Math.min(records * 2L, MAX_RECORDS);
            words = Arrays.copyOf(words, n);
            keyOf = Arrays.copyOf(keyOf, n);
        }
        long word = RevisionRun.word(rev, tombstone);
        if (!tombstone && state != LIVE && (createRev != rev || version != 1)) {
            word |= MARK;
            if (starts == startRecords.length) {
                startRecords = Arrays.copyOf(startRecords, starts * 2);
                startCreated = Arrays.copyOf(startCreated, starts * 2);
                startVersions = Arrays.copyOf(startVersions, starts * 2);
            }
            startRecords[starts] = records;
            startCreated[starts] = createRev;
            startVersions[starts] = version;
            starts++;
        }
        words[records] = word;
        keyOf[records] = k;
        counts[k] = ((counts[k] & Integer.MAX_VALUE) + 1) | (tombstone ? Integer.MIN_VALUE : 0);
        records++;
        return state;
    }

    private int hash(byte[] bytes, int from) {
        crc.reset();
        crc.update(bytes, from, bytes.length - from);
        int h = (int) crc.getValue();
        return h ^ (h >>> 16);
    }

    /** The slot of the key {@code bytes[from, bytes.length)} in the table, or the empty slot where it would go. */
    private int find(byte[] bytes, int from, int h) {
        int mask = table.length - 1;
        for (int slot = h & mask; ; slot = (slot + 1) & mask) {
            long entry = table[slot];
            if (entry == 0) {
                return slot;
            }
            if ((int) (entry >>> 32) == h) {
                int k = (int) entry - 1;
                int at = keyFrom(k);
                if (Arrays.equals(keyBytes(k), at, at + keyLength[k], bytes, from, bytes.length)) {
                    return slot;
                }
            }
        }
    }

    /** Adds the key {@code bytes[from, bytes.length)}, which {@code slot} is the empty slot for, with its hash. */
    private int newKey(byte[] bytes, int from, int h, int slot) {
        if (keyCount == keyAt.length) {
            int n = keyCount * 2;
            keyAt = Arrays.copyOf(keyAt, n);
            keyLength = Arrays.copyOf(keyLength, n);
            counts = Arrays.copyOf(counts, n);
        }
        int length = bytes.length - from;
        if (chunkCount == 0 || chunkUsed + length > chunks[chunkCount - 1].length) {
            if (chunkCount == chunks.length) {
                chunks = Arrays.copyOf(chunks, chunkCount * 2);
            }
            int doublings = Integer.numberOfTrailingZeros(MAX_CHUNK_BYTES / CHUNK_BYTES);
            int size = CHUNK_BYTES << Math.min(chunkCount, doublings);
            chunks[chunkCount++] = new byte[Math.max(size, length)];
            chunkUsed = 0;
        }
        System.arraycopy(bytes, from, chunks[chunkCount - 1], chunkUsed, length);
        int k = keyCount++;
        keyAt[k] = (long) (chunkCount - 1) << 32 | chunkUsed;
        keyLength[k] = length;
        chunkUsed += length;
        table[slot] = (long) h << 32 | (k + 1);
        if (keyCount * 2 > table.length) {
            long[] old = table;
            table = new long[old.length * 2];
            int mask = table.length - 1;
            for (long entry : old) {
                if (entry != 0) {
                    int s = (int) (entry >>> 32) & mask;
                    while (table[s] != 0) {
                        s = (s + 1) & mask;
                    }
                    table[s] = entry;
                }
            }
        }
        return k;
    }

    /**
     * The key numbers in ascending unsigned key order. Comparing the keys' arrays directly would load two scattered
     * arrays per comparison, so the keys are sorted as longs instead: eight bytes of each key, taken after the
     * prefix that all keys share, in the high bits, its key number in the low bits. Keys whose longs tie in the high
     * bits (equal in those bytes, or shorter) are then put in order by comparing their arrays, run by run. Also
     * groups the records by key ({@link #firstIndex}); called once, after the last {@link #add}.
     */
    int[] keyOrder() {
        if (firstIndex != null) {
            throw new IllegalStateException("keyOrder was called before");
        }
        int n = keyCount;
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1));
        int shared = sharedPrefix();
        long[] sortable = new long[n];
        for (int k = 0; k < n; k++) {
            sortable[k] = ((eightBytes(k, shared) >>> bits) << bits | k) ^ Long.MIN_VALUE;
        }
        Arrays.parallelSort(sortable);
        int[] order = new int[n];
        long low = (1L << bits) - 1;
        for (int i = 0; i < n; i++) {
            order[i] = (int) (sortable[i] & low);
        }
        for (int i = 0; i < n; ) {
            int j = i + 1;
            while (j < n && sortable[j] >>> bits == sortable[i] >>> bits) {
                j++;
            }
            if (j - i > 1) {
                Integer[] tied = new Integer[j - i];
                for (int t = 0; t < tied.length; t++) {
                    tied[t] = order[i + t];
                }
                Arrays.sort(tied, this::compareKeys);
                for (int t = 0; t < tied.length; t++) {
                    order[i + t] = tied[t];
                }
            }
            i = j;
        }
        group();
        return order;
    }

    /**
     * Groups the revision words by key, in revision order within each key (a counting sort over the key numbers),
     * and moves the generation starts to the positions their records take.
     */
    private void group() {
        table = null; // released before the grouped words are allocated
        firstIndex = new int[keyCount + 1];
        for (int k = 0; k < keyCount; k++) {
            firstIndex[k + 1] = firstIndex[k] + (counts[k] & Integer.MAX_VALUE);
        }
        int[] fill = counts;
        System.arraycopy(firstIndex, 0, fill, 0, keyCount);
        long[] grouped = new long[records];
        long[] moved = new long[starts]; // a start's new position (high half) and its index (low half)
        int s = 0;
        for (int r = 0; r < records; r++) {
            int i = fill[keyOf[r]]++;
            long word = words[r];
            grouped[i] = word;
            if (word < 0) { // marked records arrive in the order of startRecords
                moved[s] = (long) i << 32 | s;
                s++;
            }
        }
        words = grouped;
        counts = null;
        keyOf = null;
        Arrays.sort(moved);
        int[] positions = new int[starts];
        long[] created = new long[starts];
        long[] versions = new long[starts];
        for (int t = 0; t < starts; t++) {
            int was = (int) moved[t];
            positions[t] = (int) (moved[t] >>> 32);
            created[t] = startCreated[was];
            versions[t] = startVersions[was];
        }
        startRecords = positions;
        startCreated = created;
        startVersions = versions;
    }

    /** The length of the prefix that every key has (at most the shortest key's length). */
    private int sharedPrefix() {
        if (keyCount == 0) {
            return 0;
        }
        byte[] first = keyBytes(0);
        int firstAt = keyFrom(0);
        int shared = keyLength[0];
        for (int k = 1; k < keyCount && shared > 0; k++) {
            int at = keyFrom(k);
            int m = Arrays.mismatch(first, firstAt, firstAt + shared, keyBytes(k), at,
                    at + Math.min(shared, keyLength[k]));
            if (m >= 0) {
                shared = m;
            } else {
                shared = Math.min(shared, keyLength[k]);
            }
        }
        return shared;
    }

    /** Bytes {@code [from, from + 8)} of key {@code k} as an unsigned big-endian long, missing bytes as zeros. */
    private long eightBytes(int k, int from) {
        byte[] chunk = keyBytes(k);
        int at = keyFrom(k);
        int length = keyLength[k];
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (from + i < length ? chunk[at + from + i] & 0xFF : 0);
        }
        return v;
    }

    /** Keys {@code a} and {@code b} compared as unsigned bytes. */
    private int compareKeys(int a, int b) {
        int atA = keyFrom(a);
        int atB = keyFrom(b);
        return Arrays.compareUnsigned(keyBytes(a), atA, atA + keyLength[a], keyBytes(b), atB, atB + keyLength[b]);
    }

    /** Key {@code k}, in an array of its own. */
    byte[] key(int k) {
        int at = keyFrom(k);
        return Arrays.copyOfRange(keyBytes(k), at, at + keyLength[k]);
    }

    /** The array that holds key {@code k}, from {@link #keyFrom} for {@link #keyLength} bytes. */
    byte[] keyBytes(int k) {
        return chunks[(int) (keyAt[k] >>> 32)];
    }

    int keyFrom(int k) {
        return (int) keyAt[k];
    }

    int keyLength(int k) {
        return keyLength[k];
    }

    /** Where key {@code k}'s records begin among the grouped ones (after {@link #keyOrder}). */
    int firstIndex(int k) {
        return firstIndex[k];
    }

    /** Where key {@code k}'s records end among the grouped ones (after {@link #keyOrder}). */
    int endIndex(int k) {
        return firstIndex[k + 1];
    }

    /** The revision word of the record at position {@code i} of the grouped records (after {@link #keyOrder}). */
    long word(int i) {
        return words[i] & ~MARK;
    }

    /** The created revision of the generation that the put at grouped position {@code i} begins. */
    long created(int i) {
        int s = start(i);
        return s < 0 ? RevisionRun.revision(words[i]) : startCreated[s];
    }

    /** The version of the put at grouped position {@code i}, which begins a generation. */
    long version(int i) {
        int s = start(i);
        return s < 0 ? 1 : startVersions[s];
    }

    private int start(int i) {
        return words[i] < 0 ? Arrays.binarySearch(startRecords, 0, starts, i) : -1;
    }
}
