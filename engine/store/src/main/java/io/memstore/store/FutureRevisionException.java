package io.memstore.store;

/** A read or compaction at a revision the store has not reached yet (etcd's ErrFutureRev). */
public class FutureRevisionException extends StoreException {
    private final long requested;
    private final long current;

    public FutureRevisionException(long requested, long current) {
        super("revision " + requested + " is in the future (current revision is " + current + ")");
        this.requested = requested;
        this.current = current;
    }

    public long requested() {
        return requested;
    }

    public long current() {
        return current;
    }
}
