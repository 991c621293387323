package io.memstore.measure.probe;

/**
 * Which keys of a row are put with a lease, and with which: a share of the keys, spread evenly over the key
 * numbers (key {@code i} is leased when {@code floor((i+1)*share) > floor(i*share)}), the leased keys taking the
 * leases round-robin in key order. Every version of a leased key is put with the same lease, as an object keeps
 * its lease when it is written again. O(1) state, like the key and value generators.
 */
final class LeasePlan {
    private final double share;
    private final long leases;

    /**
     * @throws IllegalArgumentException when the share is outside 0..1 or keys are leased without leases
     */
    LeasePlan(double share, long leases) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("leasedKeys must be a share from 0 to 1, was " + share);
        }
        if (share > 0 && leases < 1) {
            throw new IllegalArgumentException("leasedKeys " + share + " needs at least one lease");
        }
        this.share = share;
        this.leases = leases;
    }

    /** True when key {@code i} is put with a lease. */
    boolean isLeased(long i) {
        return share > 0 && (long) Math.floor((i + 1) * share) > (long) Math.floor(i * share);
    }

    /** The lease of a leased key (0-based). */
    long leaseOf(long i) {
        return (long) Math.floor(i * share) % leases;
    }

    /** Leased keys among keys 0..n-1. */
    long count(long n) {
        return (long) Math.floor(n * share);
    }
}
