package io.memstore.measure.spec;

/**
 * {@code compact: every 10K}: after every {@code revisions} writes the history is compacted at the revision
 * {@code revisions} back, so at most two windows of history are kept and at least one, as Kubernetes' API server
 * compacts etcd on a period. ({@code compact: latest} and {@code none} stay booleans in the spec's parsed values.)
 *
 * @param revisions the window, at least 1
 */
public record CompactEvery(long revisions) {
    public CompactEvery {
        if (revisions < 1) {
            throw new IllegalArgumentException("compact every needs at least 1 revision, was " + revisions);
        }
    }

    @Override
    public String toString() {
        return "every " + Units.count(revisions);
    }
}
