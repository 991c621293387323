package io.memstore.store;

/** A read at a revision that compaction has already removed (etcd's ErrCompacted). */
public class CompactedRevisionException extends StoreException {
    private final long requested;
    private final long compacted;

    public CompactedRevisionException(long requested, long compacted) {
        super("revision " + requested + " has been compacted (compacted revision is " + compacted + ")");
        this.requested = requested;
        this.compacted = compacted;
    }

    public long requested() {
        return requested;
    }

    public long compacted() {
        return compacted;
    }
}
