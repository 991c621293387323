package io.memstore.store;

/** A revision beyond what {@link Revision} can pack. */
public class RevisionOverflowException extends StoreException {
    public RevisionOverflowException(String message) {
        super(message);
    }
}
