package io.memstore.report;

import java.util.List;

/**
 * The two tables of etcd's benchmark, its "Storage Memory Usage Benchmark" (etcd commit 776e9fb7, GCE
 * n1-standard-2), as published. Its figures are MB = 10^6 B: 22 MB is 22,000,000 B, about 21.0 MiB. Charts draw
 * them beside memstore's rows so a reader sees at a glance where memstore stands.
 */
public final class EtcdBenchmark {
    /** One MB of etcd's benchmark tables, in bytes. */
    public static final long MB = 1_000_000L;

    /**
     * A row of etcd's benchmark's "In-memory index memory" table: Go's allocated bytes after building the index minus
     * before (garbage included), for N keys with the given versions and key size.
     */
    public record IndexRow(long keys, int versions, int keySize, long bytes) {
    }

    /**
     * A row of etcd's benchmark's "Overall memory usage" table: etcd's RSS.
     *
     * @param valueSize  bytes per value as etcd's benchmark wrote it (its "1 KB" taken as 1000 B)
     * @param valueLabel the value size as etcd's benchmark wrote it, like {@code 1 KB}
     */
    public record RssRow(long keys, int versions, int keySize, int valueSize, String valueLabel, long bytes) {
        /** True when a memstore value size is this row's: 256 B exactly, or 1000 or 1024 B for its "1 KB". */
        public boolean matchesValueSize(int memstoreValueSize) {
            return valueSize == 1000 ? memstoreValueSize == 1000 || memstoreValueSize == 1024
                    : memstoreValueSize == valueSize;
        }
    }

    /** The index table of etcd's benchmark, in its order. */
    public static final List<IndexRow> INDEX = List.of(
            new IndexRow(100_000, 1, 64, 22 * MB),
            new IndexRow(100_000, 5, 64, 39 * MB),
            new IndexRow(1_000_000, 1, 64, 218 * MB),
            new IndexRow(1_000_000, 5, 64, 432 * MB),
            new IndexRow(100_000, 1, 256, 41 * MB),
            new IndexRow(100_000, 5, 256, 65 * MB),
            new IndexRow(1_000_000, 1, 256, 409 * MB),
            new IndexRow(1_000_000, 5, 256, 506 * MB));

    /** The RSS table of etcd's benchmark, in its order. */
    public static final List<RssRow> RSS = List.of(
            new RssRow(100_000, 1, 64, 256, "256 B", 40 * MB),
            new RssRow(100_000, 5, 64, 256, "256 B", 89 * MB),
            new RssRow(1_000_000, 1, 64, 256, "256 B", 470 * MB),
            new RssRow(1_000_000, 5, 64, 256, "256 B", 880 * MB),
            new RssRow(100_000, 1, 64, 1000, "1 KB", 102 * MB),
            new RssRow(100_000, 5, 64, 1000, "1 KB", 164 * MB),
            new RssRow(1_000_000, 1, 64, 1000, "1 KB", 587 * MB),
            new RssRow(1_000_000, 5, 64, 1000, "1 KB", 836 * MB));

    private EtcdBenchmark() {
    }
}
