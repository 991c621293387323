package io.memstore.measure.probe;

import java.util.List;
import java.util.Objects;

/**
 * What a row's process grew by outside the objects of its heap: the native memory the JVM itself tracks (Native
 * Memory Tracking's committed bytes per category, read with the RSS before the load and with the RSS after it,
 * see {@link NativeMemoryTracking}), and the rest of the RSS growth, {@link #untracked}: memory the JVM did not
 * allocate, such as what RocksDB, LMDB or SQLite allocate through their own malloc calls.
 *
 * <p>The heap's part of the growth is the larger of its committed growth (the category {@value #JAVA_HEAP}) and the
 * live heap's growth (index.liveHeap): a heap that holds the new objects in pages it had already committed at the
 * baseline, but not touched, grows in RSS without committing more, and that growth is the heap's, not untracked.
 *
 * @param categories every category with its committed bytes before and after, in the JVM's order
 * @param rssGrowth  process.rss minus jvm.baselineRss (B), or null when RSS could not be read
 * @param liveHeap   index.liveHeap (B), or null when not known
 */
public record NativeAccount(List<Category> categories, Long rssGrowth, Long liveHeap) {
    /** The category of the Java heap. */
    public static final String JAVA_HEAP = "Java Heap";

    /**
     * One category of the JVM's native memory.
     *
     * @param name   as the JVM names it ({@code Java Heap}, {@code Class}, {@code Other}, ...)
     * @param before committed at the baseline (B)
     * @param after  committed after the load (B)
     */
    public record Category(String name, long before, long after) {
        public Category {
            Objects.requireNonNull(name, "name");
        }

        public long growth() {
            return after - before;
        }
    }

    public NativeAccount {
        categories = List.copyOf(categories);
    }

    /** An account without the live heap's growth: the heap's part is its committed growth. */
    public NativeAccount(List<Category> categories, Long rssGrowth) {
        this(categories, rssGrowth, null);
    }

    /** The growth of every category together, committed (B). */
    public long trackedGrowth() {
        return categories.stream().mapToLong(Category::growth).sum();
    }

    /** The growth of the categories other than the Java heap: the JVM's own native memory (B). */
    public long jvmNativeGrowth() {
        return categories.stream().filter(c -> !c.name().equals(JAVA_HEAP)).mapToLong(Category::growth).sum();
    }

    /** The heap's part of the growth: the larger of its committed growth and the live heap's growth (B). */
    public long heapGrowth() {
        long committed = categories.stream().filter(c -> c.name().equals(JAVA_HEAP)).mapToLong(Category::growth)
                .sum();
        return liveHeap == null ? committed : Math.max(committed, liveHeap);
    }

    /**
     * The RSS growth that neither the heap nor the JVM's native memory accounts for (B): memory the JVM did not
     * allocate. Negative when the JVM committed more than became resident. Null without an RSS growth.
     */
    public Long untracked() {
        return rssGrowth == null ? null : rssGrowth - heapGrowth() - jvmNativeGrowth();
    }

    /** The categories whose committed bytes changed, largest growth first. */
    public List<Category> changed() {
        return categories.stream().filter(c -> c.growth() != 0)
                .sorted(java.util.Comparator.comparingLong(Category::growth).reversed()).toList();
    }
}
