package io.memstore.store;

/**
 * How {@link MvccStore#range} reads: at which revision, how many keys at most, whether to count the whole
 * range. Immutable: {@code RangeOptions.atRevision(7).limit(10).countTotal()}.
 */
public final class RangeOptions {
    private static final long LATEST = -1;
    private static final RangeOptions LATEST_OPTIONS = new RangeOptions(LATEST, 0, false);

    private final long revision;
    private final int limit;
    private final boolean countTotal;

    private RangeOptions(long revision, int limit, boolean countTotal) {
        this.revision = revision;
        this.limit = limit;
        this.countTotal = countTotal;
    }

    /** Read at the store's current revision. */
    public static RangeOptions latest() {
        return LATEST_OPTIONS;
    }

    /**
     * Read the state after main revision {@code rev}; 0 is the empty store before the first write. Reads below
     * the compacted revision fail with {@link CompactedRevisionException}, above the current one with
     * {@link FutureRevisionException}.
     */
    public static RangeOptions atRevision(long rev) {
        if (rev < 0) {
            throw new IllegalArgumentException("revision must be >= 0 (0 is the empty store), got " + rev
                    + "; use RangeOptions.latest() for the current revision");
        }
        return new RangeOptions(rev, 0, false);
    }

    /** At most {@code n} keys; {@code n <= 0} means no limit (as etcd's range limit). */
    public RangeOptions limit(int n) {
        return new RangeOptions(revision, Math.max(n, 0), countTotal);
    }

    /** Also count every live key of the range, beyond the limit (etcd's count). */
    public RangeOptions countTotal() {
        return new RangeOptions(revision, limit, true);
    }

    public boolean isLatest() {
        return revision == LATEST;
    }

    /** The requested main revision, or -1 for the latest. */
    public long revision() {
        return revision;
    }

    /** The limit, 0 for none. */
    public int limit() {
        return limit;
    }

    public boolean countsTotal() {
        return countTotal;
    }

    @Override
    public String toString() {
        return "RangeOptions{" + (isLatest() ? "latest" : "revision=" + revision) + ", limit=" + limit
                + ", countTotal=" + countTotal + '}';
    }
}
