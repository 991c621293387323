package io.memstore.measure.probe;

/**
 * Which keys a row deletes: exactly {@code round(share * keys)} of them, spread evenly over 0..keys-1 (a
 * Bresenham line: key i is deleted when floor((i+1)·D/N) > floor(i·D/N)). The choice needs no state and no
 * seed; with random or hierarchical keys, evenly spread indexes are randomly spread keys.
 */
final class DeletionPlan {
    private final long keys;
    private final long deleted;

    DeletionPlan(long keys, double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("deletes must be a share in 0..1, was " + share);
        }
        if (keys < 0 || keys > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("keys must be in 0.." + Integer.MAX_VALUE + ", was " + keys);
        }
        this.keys = keys;
        this.deleted = Math.round(share * keys);
    }

    /** The number of keys deleted. */
    long count() {
        return deleted;
    }

    boolean isDeleted(long i) {
        // i < 2^31 and deleted <= 2^31, so the products stay below 2^62
        return (i + 1) * deleted / keys > i * deleted / keys;
    }
}
