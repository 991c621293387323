package io.memstore.measure.probe;

import io.memstore.measure.spec.IndexKind;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.StoreKind;
import io.memstore.measure.spec.SystemKind;
import io.memstore.store.Durability;

import java.util.List;
import java.util.Map;

/**
 * The JVM flags of a probe child: fixed, derived only from the row, and recorded with every measurement.
 * A pod's memory limit kills on RSS, not on heap, so the flags aim at an RSS that is small and honest: close
 * to what the data needs, not to what a generous collector would reserve.
 *
 * <ul>
 *   <li>{@code -XX:+UseSerialGC}: one collector thread, no remembered sets or per-region structures, and
 *       {@code System.gc()} is a full compacting collection, which the retained-heap reading relies on; its
 *       peak RSS for the same live heap is well below G1's defaults.</li>
 *   <li>{@code -XX:MarkSweepDeadRatio=0}: SerialGC's full collection may leave up to 5 % of the old
 *       generation as "dead wood" (garbage it does not compact away, to save copying), and the live-heap
 *       reading counts it, differently from run to run and more at large rows than at small ones. With 0 every
 *       full collection compacts completely, so the reading is the reachable heap and predictions from small
 *       rows hold.</li>
 *   <li>{@code -XX:MaxNewSize=8m} ({@link #MAX_NEW_SIZE}): the young generation is touched from end to end
 *       between collections, so all of it is resident, and by default it is a third of the heap. Its RSS above
 *       the baseline's young generation (a third of {@code -Xms16m}) is memory that holds no data; capped at
 *       8 MiB it is a few MiB, and a large row's RSS stays close to its live heap. The price is more young
 *       collections during the load; each is short, since the young generation is small and the index's
 *       surviving objects are promoted either way.</li>
 *   <li>{@code -Xms16m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=10} ({@link #MIN_HEAP_FREE_PERCENT},
 *       {@link #MAX_HEAP_FREE_PERCENT}): the heap starts small and after a full collection the old generation is
 *       sized so that 10 % of it is free: grown when less is, shrunk when more is. A garbage-free build (the
 *       TreeMap index) leaves free space untouched, hence not resident, and the ratios hardly matter; but a
 *       B-tree whose inserts replace packed leaf arrays promotes those arrays to the old generation before they
 *       die, fills its free space with garbage, and makes all of it resident, so the free part after the settled
 *       state's collections is resident too. With both ratios at 10 % the settled old generation holds its live
 *       data and a ninth more, the same for every row, which is what the plan's RSS model assumes. The
 *       collector shrinks in steps (none at the first shrinking full collection, then 10 %, 40 % and all of the
 *       excess), so the settled state's at least four consecutive full collections are what reach that size.
 *       The price is a full collection at each step of about 10 % by which the load grows the heap, cheap for
 *       packed arrays.</li>
 *   <li>{@code -Xmx}: a ceiling, not a target (see {@link #heapLimit}): high enough that a row the estimate
 *       under-guesses by 2x still fits, so a legitimate row does not fail; a runaway row fails fast.</li>
 *   <li>{@code -XX:+ExitOnOutOfMemoryError}: a child out of heap exits at once (code 3) with the reason on
 *       stderr, instead of limping on; the parent reports the row, exit code and stderr.</li>
 *   <li>{@code -Xss512k}: the probe does not recurse deeply; smaller stacks for the JVM's own threads.</li>
 *   <li>{@code -XX:-UsePerfData}: no hsperfdata file mapped into the process (file-backed RSS) or left in
 *       /tmp.</li>
 *   <li>{@code -Djdk.attach.allowAttachSelf=true}: lets diagnostics such as JOL inspect the child.</li>
 *   <li>{@code -XX:NativeMemoryTracking=summary}: the JVM counts its own native memory by category (heap, classes,
 *       threads, code, GC, compilers, direct buffers as "Other", ...), which the row's account reads before and
 *       after the load ({@link NativeMemoryTracking}); what it does not count in the RSS growth is what libraries
 *       allocated themselves. Its price is a header per malloc of the JVM's own and the tracker's tables: about
 *       0.2 MiB of an idle probe's RSS, in the baseline as in the reading after the load.</li>
 * </ul>
 * The JIT stays at its defaults (C1 and C2): get and put rates should be those of a real, warmed-up
 * application, and the JIT flags hardly move RSS.
 */
public final class ProbeJvm {
    /** Heap for the JVM's and the probe's own objects, and the build's short-lived garbage (B). */
    static final long BASE_HEAP = 64L << 20;
    /** Extra heap for store rows: JDBC statements, batches of pending rows (B). */
    static final long STORE_HEAP = 64L << 20;
    static final long MIN_HEAP = 128L << 20;
    /** The young generation's cap, {@code -XX:MaxNewSize} (B). */
    public static final long MAX_NEW_SIZE = 8L << 20;
    /** {@code -XX:MinHeapFreeRatio}: the old generation grows after a full collection that leaves less free (%). */
    public static final int MIN_HEAP_FREE_PERCENT = 10;
    /** {@code -XX:MaxHeapFreeRatio}: the old generation shrinks after a full collection that leaves more free (%). */
    public static final int MAX_HEAP_FREE_PERCENT = 10;

    /**
     * Environment variables of the child: {@code MALLOC_ARENA_MAX=2}. glibc's malloc gives threads arenas of their
     * own (up to 8 per core), and memory freed in one arena is kept there for that arena's next allocations; which
     * thread freed what, and so the resident total, then changes from run to run. Two arenas, as JVM deployments in
     * containers commonly set, keep the native memory of SQLite, the compilers and the JVM's threads together, so
     * the same row reads nearly the same RSS in every run.
     */
    public static final Map<String, String> ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2");

    private ProbeJvm() {
    }

    /** The flags of the child JVM for this row, in order; user-supplied flags go after them (and win). */
    public static List<String> flags(RowParams p) {
        return List.of(
                "-XX:+UseSerialGC",
                "-Xms16m",
                "-Xmx" + (heapLimit(p) >> 20) + "m",
                "-XX:MarkSweepDeadRatio=0",
                "-XX:MaxNewSize=" + (MAX_NEW_SIZE >> 20) + "m",
                "-XX:MinHeapFreeRatio=" + MIN_HEAP_FREE_PERCENT,
                "-XX:MaxHeapFreeRatio=" + MAX_HEAP_FREE_PERCENT,
                "-XX:+ExitOnOutOfMemoryError",
                "-Xss512k",
                "-XX:-UsePerfData",
                "-XX:NativeMemoryTracking=summary",
                "-Djdk.attach.allowAttachSelf=true");
    }

    /**
     * A generous guess of the live heap of the row's index (B): per key the key bytes in an array plus the
     * index's per-key overhead, per revision its per-revision overhead. The overheads are the measured ones
     * rounded up: the reference index (a TreeMap of etcd-like keyIndex objects) is estimated
     * as key array + 200 B per key + 24 B per revision, the compact B-tree as key + 48 B per key + 16 B per
     * revision. An index class of the project's, whose layout is unknown, gets the reference index's estimate.
     *
     * <p>Rows of other systems: H2's MVStore keeps the pages it wrote on the Java heap until they are evicted,
     * estimated as all of its latest keys and values with 160 B per entry (a smaller estimate let rows with values
     * run out of heap); a project's own target class, whose layout is unknown, gets the same estimate (a map of every
     * latest key and value); RocksDB keeps its data outside the Java heap and an etcd row's probe is only
     * etcd's client, so their estimate is 0 (the heap floor and the fixed part remain).
     */
    public static long estimatedLiveHeap(RowParams p) {
        if (p.system() == SystemKind.H2 || p.system().isClass()) {
            return p.keys() * (p.keySize() + (long) p.valueSize() + 160);
        }
        if (p.system() != SystemKind.MEMSTORE) {
            return 0;
        }
        long perKey;
        long perRevision;
        if (!p.index().equals(IndexKind.BTREE)) { // a project's index class is given the generous estimate
            perKey = align8(16L + p.keySize()) + 200;
            perRevision = 24;
        } else {
            perKey = p.keySize() + 48L;
            perRevision = 16;
        }
        return p.keys() * perKey + p.keys() * (long) p.versions() * perRevision;
    }

    /**
     * Heap the store holds for writes not yet in the file (B), 0 for rows without a store or not in
     * {@link Durability#DEFERRED} mode. DEFERRED commits collect in a buffer of up to the row's {@code batchLimit}
     * revisions or {@code batchBytes} (at {@code key + value + 96 B} a row, as the store counts them), whichever
     * comes first, plus the row that crosses the limit; one full buffer is in flight to SQLite while the next fills.
     * Two buffers, then: with the default limits 2 x 4.2 MB for 64 B keys and 256 B values, but 2 x 64 MiB for
     * 256 KiB values.
     */
    public static long writeBufferHeap(RowParams p) {
        if (p.store() != StoreKind.SQLITE || p.settings().durability() != Durability.DEFERRED) {
            return 0;
        }
        long row = p.keySize() + (long) p.valueSize() + 96;
        long buffer = Math.min(p.settings().batchBytes(), p.settings().batchLimit() * row) + row;
        return 2 * buffer;
    }

    /**
     * Heap for the values in the hands of the probe and the store at one time (B), 0 for rows without a store:
     * the generated value, the store's copy, the copy a get returns, and one more for the JDBC driver's binding.
     */
    public static long valueHeap(RowParams p) {
        return p.store() == StoreKind.SQLITE ? 4L * p.valueSize() : 0;
    }

    /**
     * Everything the row holds in the child's heap at its fullest (B): the index ({@link #estimatedLiveHeap}),
     * the write buffers ({@link #writeBufferHeap}) and the values in flight ({@link #valueHeap}).
     */
    public static long rowHeap(RowParams p) {
        return estimatedLiveHeap(p) + writeBufferHeap(p) + valueHeap(p);
    }

    /**
     * -Xmx of the child (B): twice {@link #estimatedLiveHeap}, plus the write buffers and values in flight, plus a
     * fixed 64 MiB (and 64 MiB more for store rows: JDBC statements, result sets, the reads of timed gets), at
     * least 128 MiB, rounded up to whole MiB.
     */
    public static long heapLimit(RowParams p) {
        return ceilMiB(Math.max(requiredHeap(p), MIN_HEAP));
    }

    /**
     * The least heap in which the row can be built (B), the basis of {@link #heapLimit} without its floor: a child
     * started with a smaller {@code -Xmx} (the user's, which comes after the probe's flags and wins) is expected to
     * run out of memory.
     */
    public static long requiredHeap(RowParams p) {
        return 2 * estimatedLiveHeap(p) + writeBufferHeap(p) + valueHeap(p) + BASE_HEAP
                + (p.store() == StoreKind.SQLITE ? STORE_HEAP : 0);
    }

    private static long ceilMiB(long bytes) {
        return (bytes + (1 << 20) - 1) & ~((1L << 20) - 1);
    }

    private static long align8(long n) {
        return (n + 7) & ~7L;
    }
}
