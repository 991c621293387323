package io.memstore.measure.spec;

/**
 * How a row's load looks besides its keys and versions, for workloads shaped like a Kubernetes control plane's
 * etcd: values of varying size, a history compacted on a period, keys attached to leases, and watchers reading
 * every change.
 *
 * @param valueSizeMax the largest value size (B); equal to the row's {@code valueSize} for a fixed size, else
 *                     each put's size is drawn uniformly from {@code valueSize..valueSizeMax}
 * @param compactEvery the compaction window in revisions ({@link CompactEvery}), 0 for none on a period
 * @param leases       leases granted before the load (etcd rows; 0 for none)
 * @param leasedKeys   share of keys put with a lease, 0..1, the leases taken round-robin (etcd rows)
 * @param watchers     watch streams opened before the load, each on one range of the key space, together covering
 *                     all of it (etcd rows; 0 for none)
 */
public record LoadShape(int valueSizeMax, long compactEvery, long leases, double leasedKeys, int watchers) {
    public LoadShape {
        if (valueSizeMax < 0 || compactEvery < 0 || leases < 0 || watchers < 0) {
            throw new IllegalArgumentException("value size, compaction window, leases and watchers must not be"
                    + " negative");
        }
        if (!(leasedKeys >= 0 && leasedKeys <= 1)) {
            throw new IllegalArgumentException("leasedKeys must be a share from 0 to 1, was " + leasedKeys);
        }
    }

    /** A fixed value size, no periodic compaction, no leases, no watchers. */
    public static LoadShape plain(int valueSize) {
        return new LoadShape(valueSize, 0, 0, 0, 0);
    }

    /** True when the row needs what only etcd offers: leases or watchers. */
    public boolean needsEtcd() {
        return leases > 0 || leasedKeys > 0 || watchers > 0;
    }
}
