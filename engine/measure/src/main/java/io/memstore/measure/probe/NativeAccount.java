package io.memstore.measure.probe;

import java.util.List;
import java.util.Objects;

/**
 * What a row's process grew by outside the objects of its heap: the native memory the JVM itself tracks (Native
 * Memory Tracking's committed bytes per category, read with the RSS before the load and with the RSS after it,
 * see {@link NativeMemoryTracking}), and the rest of the RSS growth, {@link #untracked}: memory the JVM did not
 * allocate, such as what RocksDB, LMDB or SQLite allocate through their own malloc calls.
 *
 * @param categories every category with its committed bytes before and after, in the JVM's order
 * @param rssGrowth  process.rss minus jvm.baselineRss (B), or null when RSS could not be read
 */
public record NativeAccount(List<Category> categories, Long rssGrowth) {
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

    /** The growth of every category together (B). */
    public long trackedGrowth() {
        return categories.stream().mapToLong(Category::growth).sum();
    }

    /**
     * The RSS growth that no category accounts for (B): memory the JVM did not allocate. Negative when the JVM
     * committed more than became resident. Null without an RSS growth.
     */
    public Long untracked() {
        return rssGrowth == null ? null : rssGrowth - trackedGrowth();
    }

    /** The categories whose committed bytes changed, largest growth first. */
    public List<Category> changed() {
        return categories.stream().filter(c -> c.growth() != 0)
                .sorted(java.util.Comparator.comparingLong(Category::growth).reversed()).toList();
    }
}
